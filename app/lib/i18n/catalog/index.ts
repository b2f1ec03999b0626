/**
 * Every catalogue of the interface. Each area keeps its strings in its own file (en + tr with the
 * same keys); register it here with one line.
 */
import * as common from "./common";

export const catalogues = [common];
