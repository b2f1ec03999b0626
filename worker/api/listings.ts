import * as v from "valibot";
import {
  AiCallSchema,
  ExportFormatSchema,
  FactCorrectionsSchema,
  GenerateListingSchema,
  LISTING_LIMITS,
  ListingSortSchema,
  RegeneratePartSchema,
  SaveListingSchema,
  UpdateListingSchema,
  type GenerateEvent,
} from "../../schema/api/listings";
import { AuditListingSchema } from "../../schema/api/audit";
import { auditListing } from "../../shared/audit";
import { rawAiCall } from "../domain/listings/ai-call";
import { exportFileName, listingsToCsv, listingsToJson } from "../domain/listings/export";
import { deleteFile, listFiles, openFile, storeFile, toFileInfo } from "../domain/listings/files";
import { openGeneration, regeneratePart } from "../domain/listings/generate";
import { deleteListing, getListing, listListings, listSummaries, saveListing, setFactCorrections, toDetail, updateListing } from "../domain/listings/store";
import { assertListingRoom, assertWriteAllowed, readStorageUsage } from "../domain/storage/meter";
import { listVersions, restoreVersion, toVersionInfo } from "../domain/listings/versions";
import { HttpError, UpstreamError, badRequest } from "../lib/errors";
import { fileResponse, readMultipart } from "../lib/files";
import { json, sanitizeRequestId } from "../lib/http";
import { idempotent } from "../lib/idempotency";
import { selectLlmProvider } from "../providers/llm";
import { route } from "./route";
import { log } from "../lib/log";
import { cpuTurn } from "../lib/cpu-turns";

const GENERIC_FAILURE = "Failed to generate listing. Please try again.";

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

/** An empty body restores from whatever version the listing is at. */
const RestoreVersionSchema = v.optional(
  v.object({
    version: v.optional(v.pipe(v.number("version must be a whole number"), v.integer("version must be a whole number"), v.minValue(1, "version must be at least 1"))),
  }),
  {},
);

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const PageSchema = v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, "limit and offset must be whole numbers"), v.transform(Number)));

/** A `userId` in the query (SPEC: GET /listings?userId=) is ignored: identity comes only from the token. */
const ListQuerySchema = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.transform((q) => q.slice(0, 200)),
    ),
  ),
  sort: ListingSortSchema,
  limit: PageSchema,
  offset: PageSchema,
});

const ExportQuerySchema = v.object({ format: ExportFormatSchema });
const FilesQuerySchema = v.object({ listingId: v.optional(v.string()) });

function download(body: string, format: "csv" | "json", name: string) {
  return fileResponse(body, { type: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8", name });
}

function errorEvent(error: unknown): GenerateEvent {
  // A provider that failed (502) or timed out (504): the SPEC's text, and why, for the screen to show under it.
  if (error instanceof UpstreamError) return { type: "error", status: error.status, code: error.code, message: GENERIC_FAILURE, detail: error.message, provider: error.provider };
  if (error instanceof HttpError) return { type: "error", status: error.status, code: error.code, message: error.message };
  log.error("listings.generate_failed", { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  return { type: "error", status: 500, code: "server-error", message: GENERIC_FAILURE };
}

function ndjson(events: GenerateEvent[], headers: Record<string, string> = {}) {
  return new Response(events.map((e) => `${JSON.stringify(e)}\n`).join(""), { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", ...headers } });
}

/** Saving a listing: the storage check runs before the body is read, the listing count after (as before the route table). */
const createListing = (path: string, summary: string) =>
  route({
    method: "post",
    path,
    summary,
    tag: "Listings",
    auth: "user",
    body: SaveListingSchema,
    guard: ({ env, user }) => assertWriteAllowed(env, user, "save"),
    handler: async ({ request, env, user, body }) => {
      await assertListingRoom(env.DB, user.id);
      return idempotent(env, request, user.id, "save-listing", async () => {
        const row = await saveListing(env.DB, user.id, body);
        return { status: 201, body: { success: true, message: "Listing saved", data: { listing: toDetail(row) } } };
      });
    },
  });

export const listingRoutes = [
  // ---- The SPEC's raw AI call -----------------------------------------------------------------
  route({
    method: "post",
    path: "/ai/{provider}",
    summary: "One raw LLM call (the SPEC's client flow); bounded per user per day",
    tag: "Listings",
    auth: "verified",
    body: AiCallSchema,
    // An unknown provider is refused before the body is read.
    guard: ({ env, params }) => selectLlmProvider(env, safeDecode(params.provider)),
    handler: async ({ env, user, params, body }) => {
      const selection = selectLlmProvider(env, safeDecode(params.provider));
      const content = await rawAiCall({ env, user, provider: selection.provider }, body);
      const { provider } = selection;
      return json({ success: true, content, provider: provider.name, providerLabel: provider.label, offline: provider.offline, ...(selection.notice ? { notice: selection.notice } : {}) });
    },
  }),

  // ---- One-call generation (Listora's own screen) ---------------------------------------------
  route({
    method: "post",
    path: "/listings/generate",
    summary: "Generate a whole listing in one call; streams NDJSON parts; one create-listing unit",
    tag: "Listings",
    auth: "verified",
    body: GenerateListingSchema,
    produces: "application/x-ndjson",
    handler: async ({ request, env, ctx, user, body: input }) => {
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
    },
  }),

  route({
    method: "post",
    path: "/listings/generate/part",
    summary: "Regenerate one part of a fresh listing without a new unit",
    tag: "Listings",
    auth: "verified",
    body: RegeneratePartSchema,
    handler: async ({ env, user, body: input }) => {
      const { provider } = selectLlmProvider(env, input.provider);
      const result = await regeneratePart({ db: env.DB, userId: user.id, provider }, input.listingId, input.part);
      return json({ success: true, data: result });
    },
  }),

  // ---- Listing Doctor: audit any listing (no quota unit is spent) ----------------------------
  route({
    method: "post",
    path: "/listings/audit",
    summary: "Listing Doctor: audit any listing for Etsy, eBay or Amazon (score, grade, findings with fixes); no quota unit",
    tag: "Listings",
    auth: "user",
    body: AuditListingSchema,
    handler: async ({ body }) => json({ success: true, data: await cpuTurn(() => auditListing(body)) }),
  }),

  // ---- Saved listings ------------------------------------------------------------------------
  createListing("/save-listing", "Save a listing as written (the SPEC's call); 400 naming the field past Etsy's limits; 403 past the plan's saved listings; 429 past 30 a minute"),
  createListing("/listings", "Create a listing (as save-listing)"),

  route({
    method: "get",
    path: "/listings",
    summary: "The caller's listings (data.listings, each with its audit score), with q, sort (newest, oldest, score, score-asc), limit and offset",
    tag: "Listings",
    auth: "user",
    query: ListQuerySchema,
    handler: async ({ env, ctx, user, query }) => json({ success: true, data: { listings: await listSummaries(env.DB, user.id, query, (work) => ctx.waitUntil(work)) } }),
  }),

  route({
    method: "get",
    path: "/listings/export",
    summary: "Export every listing as CSV or JSON",
    tag: "Listings",
    auth: "user",
    query: ExportQuerySchema,
    produces: "text/csv",
    handler: async ({ env, user, query: { format } }) => {
      const rows = await listListings(env.DB, user.id, { sort: "newest" });
      const body = format === "csv" ? listingsToCsv(rows) : listingsToJson(rows);
      return download(body, format, exportFileName("listora-listings", format));
    },
  }),

  route({
    method: "get",
    path: "/listings/{id}/export",
    summary: "Export one listing as CSV or JSON",
    tag: "Listings",
    auth: "user",
    query: ExportQuerySchema,
    produces: "text/csv",
    handler: async ({ env, user, params, query: { format } }) => {
      const row = await getListing(env.DB, user.id, params.id);
      const body = format === "csv" ? listingsToCsv([row]) : listingsToJson([row]);
      return download(body, format, exportFileName(row.title, format));
    },
  }),

  route({
    method: "get",
    path: "/listings/{id}",
    summary: "One listing (data.listing, with its audit report)",
    tag: "Listings",
    auth: "user",
    handler: async ({ env, user, params }) => {
      const row = await getListing(env.DB, user.id, params.id);
      return json({ success: true, data: { listing: toDetail(row) } }, { headers: { ETag: `"${row.version}"` } });
    },
  }),

  route({
    method: "put",
    path: "/listings/{id}",
    summary: "Edit a listing as written, from `version` (or If-Match); 409 with the current listing when stale; 400 naming the field past the marketplace's limits",
    tag: "Listings",
    auth: "user",
    body: UpdateListingSchema,
    guard: ({ env, user }) => assertWriteAllowed(env, user, "edit"),
    handler: async ({ request, env, user, params, body: changes }) => {
      const row = await updateListing(env.DB, user.id, params.id, { ...changes, version: expectedVersion(request, changes.version) });
      const listing = toDetail(row);
      return json({ success: true, message: "Listing updated", data: { listing, ruleReport: listing.rule_report } }, { headers: { ETag: `"${row.version}"` } });
    },
  }),

  route({
    method: "put",
    path: "/listings/{id}/facts",
    summary: 'Correct "Facts we used": the whole fact list as the seller left it (remove, edit, add); it wins over what was read from the prompt and the next generation writes from it',
    tag: "Listings",
    auth: "user",
    body: FactCorrectionsSchema,
    // No edit-rate guard: the list is bounded (60 facts of 120 characters), replaced in place and makes no version row.
    handler: async ({ env, user, params, body: { facts } }) => {
      const row = await setFactCorrections(env.DB, user.id, params.id, facts);
      return json({ success: true, message: "Facts saved", data: { listing: toDetail(row) } });
    },
  }),

  // ---- Versions (every change to a listing) --------------------------------------------------
  route({
    method: "get",
    path: "/listings/{id}/versions",
    summary: "Every version of a listing, newest first (id, version, reason, createdAt, snapshot)",
    tag: "Listings",
    auth: "user",
    handler: async ({ env, user, params }) => {
      const listing = await getListing(env.DB, user.id, params.id);
      const rows = await listVersions(env.DB, user.id, listing.id);
      return json({ success: true, data: { currentVersion: listing.version, versions: rows.map(toVersionInfo) } });
    },
  }),

  route({
    method: "post",
    path: "/listings/{id}/versions/{versionId}/restore",
    summary: "Restore a version as a new version (body { version } optional; 409 when stale)",
    tag: "Listings",
    auth: "user",
    body: RestoreVersionSchema,
    bodyOptional: true,
    guard: ({ env, user }) => assertWriteAllowed(env, user, "edit"),
    handler: async ({ request, env, user, params, body }) => {
      const { row, restoredFrom } = await restoreVersion(env.DB, user.id, params.id, params.versionId, expectedVersion(request, body.version));
      const listing = toDetail(row);
      return json({ success: true, message: `Version ${restoredFrom} restored`, data: { listing, restoredFrom } }, { headers: { ETag: `"${row.version}"` } });
    },
  }),

  route({
    method: "get",
    path: "/storage",
    summary: "Bytes, files and saved listings used against the plan's limits",
    tag: "Files",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await readStorageUsage(env.DB, user.id) }),
  }),

  route({
    method: "delete",
    path: "/listings/{id}",
    summary: "Delete a listing",
    tag: "Listings",
    auth: "user",
    handler: async ({ env, user, params }) => {
      await deleteListing(env, user.id, params.id);
      return json({ success: true, message: "Listing deleted" });
    },
  }),

  // ---- Files ---------------------------------------------------------------------------------
  route({
    method: "get",
    path: "/files",
    summary: "Files of a listing (listingId)",
    tag: "Files",
    auth: "user",
    query: FilesQuerySchema,
    handler: async ({ env, user, query: { listingId } }) => {
      const rows = await listFiles(env, user.id, listingId);
      return json({ success: true, data: { files: rows.map(toFileInfo) } });
    },
  }),

  route({
    method: "post",
    path: "/files",
    summary: "Upload a file (multipart: file, listingId); 403 past the plan's storage; 429 past 20 a minute",
    tag: "Files",
    auth: "user",
    raw: "multipart/form-data: the media type is checked before the storage limit, then the form is read",
    produces: "application/json",
    handler: async ({ request, env, user }) => {
      const type = request.headers.get("Content-Type") ?? "";
      if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, "Content-Type must be multipart/form-data");
      await assertWriteAllowed(env, user, "upload");
      // The limit plus room for the multipart envelope and the listingId field.
      const form = await readMultipart(request, LISTING_LIMITS.fileMaxBytes + 64 * 1024, () => new HttpError(413, "File is too large (the limit is 10 MB)"));
      const file = form.get("file");
      const listingId = form.get("listingId");
      if (!(file instanceof File)) throw badRequest("file is required", { field: "file" });
      if (typeof listingId !== "string" || !listingId.trim()) throw badRequest("listingId is required", { field: "listingId" });
      const row = await storeFile(env, user.id, listingId.trim(), file);
      return json({ success: true, message: "File uploaded", data: { file: toFileInfo(row) } }, { status: 201 });
    },
  }),

  route({
    method: "get",
    path: "/files/{id}",
    summary: "Download one of the caller's files",
    tag: "Files",
    auth: "user",
    produces: "application/octet-stream",
    handler: async ({ env, user, params }) => {
      const { file, object } = await openFile(env, user.id, params.id);
      // Only images whose bytes were recognised are shown inline; everything else downloads.
      const inline = file.contentType.startsWith("image/");
      return fileResponse(object.body, { type: file.contentType, name: file.name, disposition: inline ? "inline" : "attachment", size: file.size });
    },
  }),

  route({
    method: "delete",
    path: "/files/{id}",
    summary: "Delete one of the caller's files",
    tag: "Files",
    auth: "user",
    handler: async ({ env, user, params }) => {
      await deleteFile(env, user.id, params.id);
      return json({ success: true, message: "File deleted" });
    },
  }),
];
