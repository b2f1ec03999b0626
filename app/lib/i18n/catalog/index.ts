/**
 * The catalogues every page needs. Each screen's area keeps its strings in its own file (en + tr
 * with the same keys) and registers itself with registerCatalogue() when the screen's code loads.
 */
import * as common from "./common";
import * as shared from "./shared";

export const catalogues = [common, shared];
