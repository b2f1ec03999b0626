/**
 * My Shop (issue 15): import Etsy's listings CSV, the shop's health, its listings and one listing with its
 * audit. Thin handlers; the work is in worker/domain/shop.
 */
import { SHOP_LIMITS, ShopListQuerySchema } from "../../schema/api/shop";
import { fileTooLarge } from "../domain/shop/csv";
import { importEtsyCsv } from "../domain/shop/import";
import { listShopListings, shopListingDetail } from "../domain/shop/listings";
import { shopSummary } from "../domain/shop/summary";
import { assertWriteAllowed } from "../domain/storage/meter";
import { HttpError, badRequest } from "../lib/errors";
import { bodyChunks, readMultipartFile } from "../lib/files";
import { json } from "../lib/http";
import { route } from "./route";
import type { ApiRequest } from "./types";

/** Room for the multipart envelope (boundaries, part headers) around a file at the size limit. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
/** Media types a browser or a script sends a .csv file with. */
const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv|text\/comma-separated-values|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

/** The uploaded file's bytes, as they arrive: the `file` part of a form, or the whole body (`fileName` names Etsy's file in the message). */
export function fileBytes(request: ApiRequest, fileName = "EtsyListingsDownload.csv"): AsyncIterable<Uint8Array> {
  const type = (request.headers.get("Content-Type") ?? "").trim();
  const multipart = /^multipart\/form-data\b/i.test(type);
  if (!multipart && !CSV_TYPES.test(type)) {
    throw new HttpError(415, 'Content-Type must be multipart/form-data (the file in a field named "file") or text/csv (the file as the body)');
  }
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > SHOP_LIMITS.importBytesMax + (multipart ? MULTIPART_ENVELOPE_BYTES : 0)) throw fileTooLarge();
  if (!request.body) throw badRequest(`The request has no file. Send ${fileName} as the body (text/csv) or in a form field named "file".`, { field: "file" });
  return multipart ? readMultipartFile(request.body, type, "file") : bodyChunks(request.body);
}

export const shopRoutes = [
  route({
    method: "post",
    path: "/shop/import",
    summary:
      "Import Etsy's listings CSV (EtsyListingsDownload.csv) as multipart/form-data (field file) or a text/csv body, streamed; at most 5,000 rows and 20 MB (413, nothing imported); re-importing changes nothing; answers { imported, updated, unchanged, skipped, errors: [{ row, message }] }",
    tag: "Shop",
    auth: "user",
    raw: "the file is streamed (multipart/form-data or text/csv); its media type and size are checked before the storage limit",
    produces: "application/json",
    handler: async ({ request, env, user }) => {
      const bytes = fileBytes(request);
      await assertWriteAllowed(env, user, "save");
      return json({ success: true, data: await importEtsyCsv(env.DB, user.id, bytes) });
    },
  }),

  route({
    method: "get",
    path: "/shop/summary",
    summary: "The shop's health: listings, averageScore, grades A-F, topIssues [{ id, message, count }] (the 10 most common findings)",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await shopSummary(env.DB, user.id) }),
  }),

  route({
    method: "get",
    path: "/shop/listings",
    summary:
      "The shop's listings with price, photo and tag counts, score, grade and hasProposal; sort=score|title|updated, order=asc|desc, page, q, grade=C,D,F, issue=<finding id>, proposal=pending (only those waiting for review); 50 a page",
    tag: "Shop",
    auth: "user",
    query: ShopListQuerySchema,
    handler: async ({ env, user, query }) => json({ success: true, data: await listShopListings(env.DB, user.id, query) }),
  }),

  route({
    method: "get",
    path: "/shop/listings/{id}",
    summary: "One shop listing with its shop facts, its audit and its pending proposal (another user's or a non-shop listing is 404)",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user, params }) => json({ success: true, data: await shopListingDetail(env.DB, user.id, params.id) }),
  }),
];
