/**
 * My Shop's optional Etsy API connection (issue 15 item 5, decision 0022): the shapes of
 * /api/shop/etsy/*. Shared by the Worker and the app.
 */
import * as v from "valibot";
import { SHOP_LIMITS, type ShopImportResult } from "./shop";

/** GET /api/shop/etsy (`data`). Never carries a token. */
export interface EtsyConnectionStatus {
  /** The server has Etsy API keys (ETSY_API_KEY and ETSY_SHARED_SECRET); without them nothing else is offered. */
  available: boolean;
  connected: boolean;
  shopName: string | null;
  /** ISO 8601 */
  connectedAt: string | null;
}

/** POST /api/shop/etsy/import (`data`): the import's counts, plus how many listings Etsy sent. */
export interface EtsyImportResult extends ShopImportResult {
  /** Listings read from Etsy (all pages). */
  fetched: number;
}

export const EtsyPushSchema = v.union(
  [
    v.object({
      ids: v.pipe(
        v.array(v.pipe(v.string("Each id must be text"), v.minLength(1, "Each id must be text"), v.maxLength(64, "Each id must be at most 64 characters")), "ids must be a list of listing ids"),
        v.minLength(1, "Choose at least one listing to push"),
        v.maxLength(SHOP_LIMITS.optimizeIdsMax, `At most ${SHOP_LIMITS.optimizeIdsMax} listings can be pushed at once`),
      ),
    }),
    v.object({ all: v.literal(true, "all must be true") }),
  ],
  "Send { ids: [...] } or { all: true }",
);
export type EtsyPushRequest = v.InferOutput<typeof EtsyPushSchema>;

/** One listing's outcome of POST /api/shop/etsy/push. */
export interface EtsyPushItem {
  id: string;
  /** pushed: Etsy has the change; failed: see message; unchanged: Etsy already had this text. */
  status: "pushed" | "failed" | "unchanged";
  message: string;
  /** Which parts were sent ("title", "description", "tags"). */
  fields: ("title" | "description" | "tags")[];
}

/** POST /api/shop/etsy/push (`data`). */
export interface EtsyPushResult {
  pushed: number;
  failed: number;
  unchanged: number;
  items: EtsyPushItem[];
}
