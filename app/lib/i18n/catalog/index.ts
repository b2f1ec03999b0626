/**
 * Every catalogue of the interface. Each area keeps its strings in its own file (en + tr with the
 * same keys); register it here with one line.
 */
import * as common from "./common";
import * as shared from "./shared";
import * as landing from "./landing";
import * as dashboard from "./dashboard";
import * as profile from "./profile";
import * as listings from "./listings";
import * as images from "./images";
import * as keywords from "./keywords";

export const catalogues = [common, shared, landing, dashboard, profile, listings, images, keywords];
