import { ShopChangesQuerySchema } from "../../schema/api/shop-sales";
import { importEtsySales, shopSales } from "../domain/shop/sales";
import { listingSales, shopChanges } from "../domain/shop/sales-effect";
import { assertWriteAllowed } from "../domain/storage/meter";
import { json } from "../lib/http";
import { route } from "./route";
import { fileBytes } from "./shop";

/** My Shop sales (issue 28, decision 0035): Etsy's sold order items file in, sales per listing and for the shop, each change's before/after. */
export const shopSalesRoutes = [
  route({
    method: "post",
    path: "/shop/sales/import",
    summary:
      "Import Etsy's sold order items CSV (EtsySoldOrderItems, or the orders file EtsySoldOrders) as multipart/form-data (field file) or a text/csv body, streamed; only the sale's date, item, quantity, money, currency, ids and SKU are read (no buyer data is stored); re-importing adds nothing (by Transaction ID); answers { kind, rows, added, duplicates, matched, unmatched: [{ row, itemName, sku, etsyListingId, saleDate }], unmatchedCount, skipped, errors, ignoredColumns }",
    tag: "Shop",
    auth: "user",
    raw: "the file is streamed (multipart/form-data or text/csv); its media type and size are checked before the storage limit",
    produces: "application/json",
    handler: async ({ request, env, user }) => {
      const bytes = fileBytes(request, "EtsySoldOrderItems.csv");
      await assertWriteAllowed(env, user, "save");
      return json({ success: true, data: await importEtsySales(env.DB, user.id, bytes) });
    },
  }),

  route({
    method: "get",
    path: "/shop/sales",
    summary: "The shop's imported sales: units, orders and revenue per currency over 30/90/365 days and all time, best sellers (365 days), listings that never sold, unmatched sales",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await shopSales(env.DB, user.id) }),
  }),

  route({
    method: "get",
    path: "/shop/changes",
    summary:
      "The changes made to shop listings in the last days=30|90|365 days (default 90), newest first, each with its listing's sales in equal periods before and after it and a verdict (too-early, more, fewer, same)",
    tag: "Shop",
    auth: "user",
    query: ShopChangesQuerySchema,
    handler: async ({ env, user, query }) => json({ success: true, data: await shopChanges(env.DB, user.id, query.days) }),
  }),

  route({
    method: "get",
    path: "/shop/listings/{id}/sales",
    summary: "One shop listing's sales over 30/90/365 days and all time, its last sale, and each change's before/after (another user's or a non-shop listing is 404)",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user, params }) => json({ success: true, data: await listingSales(env.DB, user.id, params.id) }),
  }),
];
