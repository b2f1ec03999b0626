import * as v from "valibot";
import {
  AiCallSchema,
  ExportFormatSchema,
  GenerateListingSchema,
  LISTING_LIMITS,
  ListingSortSchema,
  RegeneratePartSchema,
  SaveListingSchema,
  UpdateListingSchema,
  type GenerateEvent,
} from "../../schema/api/listings";
import { AuditListingSchema } from "../../schema/api/audit";
import { auditListing } from "../domain/audit";
import { rawAiCall } from "../domain/listings/ai-call";
import { exportFileName, listingsToCsv, listingsToJson } from "../domain/listings/export";
import { deleteFile, listFiles, openFile, storeFile, toFileInfo } from "../domain/listings/files";
import { openGeneration, regeneratePart } from "../domain/listings/generate";
import { deleteListing, getListing, listListings, saveListing, toDetail, toSummary, updateListing } from "../domain/listings/store";
import { assertListingRoom, assertWriteAllowed, readStorageUsage } from "../domain/storage/meter";
import { listVersions, restoreVersion, toVersionInfo } from "../domain/listings/versions";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import type { Env } from "../lib/env";
import { HttpError, UpstreamError, badRequest } from "../lib/errors";
import { json, parseWith, readBodyLimited, readJson, sanitizeRequestId } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import { selectLlmProvider } from "../providers/llm";
import type { ApiRequest, ApiRouter } from "./types";

const GENERIC_FAILURE = "Failed to generate listing. Please try again.";
/** Without `limit` the list answers every listing up to this many. */
const LIST_CAP = 1000;

/** The version an edit started from: `version` in the body and/or an If-Match header ("3", W/"3"). */
function expectedVersion(request: Request, fromBody: number | undefined): number | undefined {
  const header = request.headers.get("If-Match");
  if (!header) return fromBody;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw badRequest('If-Match must be the listing\'s version, e.g. "3"', { field: "If-Match" });
  const version = Number(match[1]);
  if (fromBody !== undefined && fromBody !== version) throw badRequest("version and If-Match disagree", { field: "version" });
  return version;
}

const RestoreVersionSchema = v.object({
  version: v.optional(v.pipe(v.number("version must be a whole number"), v.integer("version must be a whole number"), v.minValue(1, "version must be at least 1"))),
});

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const single = (value: unknown) => (Array.isArray(value) ? value[0] : value) as string | undefined;

const PageSchema = v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, "limit and offset must be whole numbers"), v.transform(Number)));

function listQuery(request: ApiRequest) {
  // A `userId` in the query (SPEC: GET /listings?userId=) is ignored: identity comes only from the token.
  return {
    q: single(request.query.q)?.slice(0, 200),
    sort: parseWith(ListingSortSchema, single(request.query.sort) || undefined),
    limit: Math.min(parseWith(PageSchema, single(request.query.limit) || undefined) ?? LIST_CAP, LIST_CAP),
    offset: parseWith(PageSchema, single(request.query.offset) || undefined) ?? 0,
  };
}

function download(body: string, format: "csv" | "json", fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function errorEvent(error: unknown): GenerateEvent {
  // A provider that failed (502) or timed out (504): the SPEC's text, and why, for the screen to show under it.
  if (error instanceof UpstreamError) return { type: "error", status: error.status, message: GENERIC_FAILURE, detail: error.message, provider: error.provider };
  if (error instanceof HttpError) return { type: "error", status: error.status, message: error.message };
  console.error(JSON.stringify({ level: "error", event: "listings.generate_failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
  return { type: "error", status: 500, message: GENERIC_FAILURE };
}

function ndjson(events: GenerateEvent[], headers: Record<string, string> = {}) {
  return new Response(events.map((e) => `${JSON.stringify(e)}\n`).join(""), { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", ...headers } });
}

export function listingRoutes(router: ApiRouter) {
  // ---- The SPEC's raw AI call -----------------------------------------------------------------
  router.post("/ai/:provider", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const selection = selectLlmProvider(env, safeDecode(request.params.provider));
    const body = await readJson(request, AiCallSchema);
    const content = await rawAiCall({ env, user, provider: selection.provider }, body);
    const { provider } = selection;
    return json({ success: true, content, provider: provider.name, providerLabel: provider.label, offline: provider.offline, ...(selection.notice ? { notice: selection.notice } : {}) });
  });

  // ---- One-call generation (Listora's own screen) ---------------------------------------------
  router.post("/listings/generate", async (request, env, ctx) => {
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, GenerateListingSchema);
    const { provider, notice } = selectLlmProvider(env, input.provider);
    const opened = await openGeneration({ env, user, provider, notice }, input, sanitizeRequestId(request.headers.get("X-Request-ID")));
    if (opened.kind === "replay") return ndjson([opened.done], { "Idempotent-Replayed": "true" });

    const encoder = new TextEncoder();
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    // Writes are not awaited: the listing is generated and saved whether or not the browser keeps reading.
    const send = (event: GenerateEvent) => void writer.write(encoder.encode(`${JSON.stringify(event)}\n`)).catch(() => {});
    send({ type: "start", provider: provider.name, providerLabel: provider.label, offline: provider.offline, ...(notice ? { notice } : {}), quota: opened.quota });
    const work = opened
      .run((part, value) => send({ type: "part", part, value }))
      .then(send, (error) => send(errorEvent(error)))
      .finally(() => void writer.close().catch(() => {}));
    ctx.waitUntil(work);
    return new Response(readable, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "X-Accel-Buffering": "no" } });
  });

  router.post("/listings/generate/part", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, RegeneratePartSchema);
    const { provider } = selectLlmProvider(env, input.provider);
    const result = await regeneratePart({ db: env.DB, userId: user.id, provider }, input.listingId, input.part);
    return json({ success: true, data: result });
  });

  // ---- Listing Doctor: audit any listing (no quota unit is spent) ----------------------------
  router.post("/listings/audit", async (request, env) => {
    await requireUser(request, env);
    const input = await readJson(request, AuditListingSchema);
    return json({ success: true, data: auditListing(input) });
  });

  // ---- Saved listings ------------------------------------------------------------------------
  const create = async (request: ApiRequest, env: Env) => {
    const user = await requireUser(request, env);
    await assertWriteAllowed(env, user, "save");
    const input = await readJson(request, SaveListingSchema);
    await assertListingRoom(env.DB, user.id);
    return idempotent(env, request, user.id, "save-listing", async () => {
      const row = await saveListing(env.DB, user.id, input);
      return { status: 201, body: { success: true, message: "Listing saved", data: { listing: toDetail(row) } } };
    });
  };
  router.post("/save-listing", create);
  router.post("/listings", create);

  router.get("/listings", async (request, env) => {
    const user = await requireUser(request, env);
    const query = listQuery(request);
    if (query.sort === "score" || query.sort === "score-asc") {
      // The score is computed from the saved parts (pure and cheap), so sorting by it happens here.
      const all = (await listListings(env.DB, user.id, { q: query.q, sort: "newest" })).map(toSummary);
      const direction = query.sort === "score" ? -1 : 1;
      const sorted = all.map((s, i) => ({ s, i })).sort((a, b) => direction * (a.s.score - b.s.score) || a.i - b.i);
      return json({ success: true, data: { listings: sorted.slice(query.offset, query.offset + query.limit).map(({ s }) => s) } });
    }
    const rows = await listListings(env.DB, user.id, { ...query, sort: query.sort });
    return json({ success: true, data: { listings: rows.map(toSummary) } });
  });

  router.get("/listings/export", async (request, env) => {
    const user = await requireUser(request, env);
    const format = parseWith(ExportFormatSchema, single(request.query.format) || undefined);
    const rows = await listListings(env.DB, user.id, { sort: "newest" });
    const body = format === "csv" ? listingsToCsv(rows) : listingsToJson(rows);
    return download(body, format, exportFileName("listora-listings", format));
  });

  router.get("/listings/:id/export", async (request, env) => {
    const user = await requireUser(request, env);
    const format = parseWith(ExportFormatSchema, single(request.query.format) || undefined);
    const row = await getListing(env.DB, user.id, request.params.id);
    const body = format === "csv" ? listingsToCsv([row]) : listingsToJson([row]);
    return download(body, format, exportFileName(row.title, format));
  });

  router.get("/listings/:id", async (request, env) => {
    const user = await requireUser(request, env);
    const row = await getListing(env.DB, user.id, request.params.id);
    return json({ success: true, data: { listing: toDetail(row) } }, { headers: { ETag: `"${row.version}"` } });
  });

  router.put("/listings/:id", async (request, env) => {
    const user = await requireUser(request, env);
    await assertWriteAllowed(env, user, "edit");
    const changes = await readJson(request, UpdateListingSchema);
    const row = await updateListing(env.DB, user.id, request.params.id, { ...changes, version: expectedVersion(request, changes.version) });
    const listing = toDetail(row);
    return json({ success: true, message: "Listing updated", data: { listing, ruleReport: listing.rule_report } }, { headers: { ETag: `"${row.version}"` } });
  });

  // ---- Versions (every change to a listing) --------------------------------------------------
  router.get("/listings/:id/versions", async (request, env) => {
    const user = await requireUser(request, env);
    const listing = await getListing(env.DB, user.id, request.params.id);
    const rows = await listVersions(env.DB, user.id, listing.id);
    return json({ success: true, data: { currentVersion: listing.version, versions: rows.map(toVersionInfo) } });
  });

  router.post("/listings/:id/versions/:versionId/restore", async (request, env) => {
    const user = await requireUser(request, env);
    await assertWriteAllowed(env, user, "edit");
    const body = request.headers.get("Content-Length") === "0" || !request.body ? {} : await readJson(request, RestoreVersionSchema);
    const { row, restoredFrom } = await restoreVersion(env.DB, user.id, request.params.id, request.params.versionId, expectedVersion(request, body.version));
    const listing = toDetail(row);
    return json({ success: true, message: `Version ${restoredFrom} restored`, data: { listing, restoredFrom } }, { headers: { ETag: `"${row.version}"` } });
  });

  router.get("/storage", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await readStorageUsage(env.DB, user.id) });
  });

  router.delete("/listings/:id", async (request, env) => {
    const user = await requireUser(request, env);
    await deleteListing(env, user.id, request.params.id);
    return json({ success: true, message: "Listing deleted" });
  });

  // ---- Files ---------------------------------------------------------------------------------
  router.get("/files", async (request, env) => {
    const user = await requireUser(request, env);
    const listingId = single(request.query.listingId) || undefined;
    const rows = await listFiles(env, user.id, listingId);
    return json({ success: true, data: { files: rows.map(toFileInfo) } });
  });

  router.post("/files", async (request, env) => {
    const user = await requireUser(request, env);
    const type = request.headers.get("Content-Type") ?? "";
    if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, "Content-Type must be multipart/form-data");
    await assertWriteAllowed(env, user, "upload");
    // The limit plus room for the multipart envelope and the listingId field.
    const bytes = await readBodyLimited(request, LISTING_LIMITS.fileMaxBytes + 64 * 1024).catch((error) => {
      throw error instanceof HttpError && error.status === 413 ? new HttpError(413, "File is too large (the limit is 10 MB)") : error;
    });
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": type } }).formData();
    } catch {
      throw badRequest("Malformed multipart body");
    }
    const file = form.get("file");
    const listingId = form.get("listingId");
    if (!(file instanceof File)) throw badRequest("file is required", { field: "file" });
    if (typeof listingId !== "string" || !listingId.trim()) throw badRequest("listingId is required", { field: "listingId" });
    const row = await storeFile(env, user.id, listingId.trim(), file);
    return json({ success: true, message: "File uploaded", data: { file: toFileInfo(row) } }, { status: 201 });
  });

  router.get("/files/:id", async (request, env) => {
    const user = await requireUser(request, env);
    const { file, object } = await openFile(env, user.id, request.params.id);
    // Only images whose bytes were recognised are shown inline; everything else downloads.
    const inline = file.contentType.startsWith("image/");
    return new Response(object.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${file.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      },
    });
  });

  router.delete("/files/:id", async (request, env) => {
    const user = await requireUser(request, env);
    await deleteFile(env, user.id, request.params.id);
    return json({ success: true, message: "File deleted" });
  });
}
