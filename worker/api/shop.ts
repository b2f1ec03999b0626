/**
 * My Shop (issue 15): import Etsy's listings CSV, the shop's health, its listings and one listing with its
 * audit. Thin handlers; the work is in worker/domain/shop.
 */
import { SHOP_LIMITS, ShopListQuerySchema } from "../../schema/api/shop";
import { fileTooLarge } from "../domain/shop/csv";
import { importEtsyCsv } from "../domain/shop/import";
import { listShopListings, shopListingDetail } from "../domain/shop/listings";
import { bodyChunks, multipartFile } from "../domain/shop/multipart";
import { shopSummary } from "../domain/shop/summary";
import { assertWriteAllowed } from "../domain/storage/meter";
import { requireUser } from "../lib/auth";
import { HttpError, badRequest } from "../lib/errors";
import { json, parseWith } from "../lib/http";
import type { ApiRequest, ApiRouter } from "./types";

/** Room for the multipart envelope (boundaries, part headers) around a file at the size limit. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
/** Media types a browser or a script sends a .csv file with. */
const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv|text\/comma-separated-values|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

const single = (value: unknown) => {
  const first = (Array.isArray(value) ? value[0] : value) as string | undefined;
  return first === "" ? undefined : first;
};

/** The uploaded file's bytes, as they arrive: the `file` part of a form, or the whole body. */
function fileBytes(request: ApiRequest): AsyncIterable<Uint8Array> {
  const type = (request.headers.get("Content-Type") ?? "").trim();
  const multipart = /^multipart\/form-data\b/i.test(type);
  if (!multipart && !CSV_TYPES.test(type)) {
    throw new HttpError(415, 'Content-Type must be multipart/form-data (the file in a field named "file") or text/csv (the file as the body)');
  }
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > SHOP_LIMITS.importBytesMax + (multipart ? MULTIPART_ENVELOPE_BYTES : 0)) throw fileTooLarge();
  if (!request.body) throw badRequest('The request has no file. Send EtsyListingsDownload.csv as the body (text/csv) or in a form field named "file".', { field: "file" });
  return multipart ? multipartFile(request.body, type, "file") : bodyChunks(request.body);
}

export function shopRoutes(router: ApiRouter) {
  router.post("/shop/import", async (request, env) => {
    const user = await requireUser(request, env);
    const bytes = fileBytes(request);
    await assertWriteAllowed(env, user, "save");
    return json({ success: true, data: await importEtsyCsv(env.DB, user.id, bytes) });
  });

  router.get("/shop/summary", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await shopSummary(env.DB, user.id) });
  });

  router.get("/shop/listings", async (request, env) => {
    const user = await requireUser(request, env);
    const query = parseWith(ShopListQuerySchema, {
      sort: single(request.query.sort),
      order: single(request.query.order),
      page: single(request.query.page),
      q: single(request.query.q),
      grade: single(request.query.grade),
      issue: single(request.query.issue),
      proposal: single(request.query.proposal),
    });
    return json({ success: true, data: await listShopListings(env.DB, user.id, query) });
  });

  router.get("/shop/listings/:id", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await shopListingDetail(env.DB, user.id, request.params.id) });
  });
}
