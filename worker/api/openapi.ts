import { OnboardingUpdateSchema } from "../../schema/api/onboarding";
import { AuditListingSchema } from "../../schema/api/audit";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, ProfileUpdateSchema, RegisterSchema, ResetPasswordSchema, VerifyEmailSchema } from "../../schema/api";
import { EtsyPushSchema } from "../../schema/api/shop-etsy";
import { BatchJsonSchema, EditImageSchema, GptEditSchema } from "../../schema/api/images";
import { CreateKeywordListSchema, UpdateKeywordListSchema } from "../../schema/api/keyword-lists";
import { AdvancedKeywordSchema, KeywordSearchSchema } from "../../schema/api/keywords";
import { AiCallSchema, GenerateListingSchema, RegeneratePartSchema, SaveListingSchema, UpdateListingSchema } from "../../schema/api/listings";
import { EtsyListingSchema, FinishWizardSchema, GeneratePdfSchema, OptimizePatternSchema, TechEditSchema } from "../../schema/api/workflow";
import { OptimizeRequestSchema, ProposalDecisionSchema, ShopListQuerySchema } from "../../schema/api/shop";
import { HttpError } from "../lib/errors";
import { json } from "../lib/http";
import type { ApiRouter } from "./types";
import { FEATURES } from "../../schema/api/quota";

const IncrementQuotaSchema = v.object({ featureKey: v.picklist(FEATURES) });

export interface Operation {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  tag: string;
  auth: boolean;
  body?: v.GenericSchema;
  query?: v.GenericSchema;
  /** Responses other than JSON (a stream, a file). */
  produces?: string;
}

/** Every endpoint of the API, with the valibot schema its handler validates with. */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/health", summary: "Build version, D1 reachability and the active provider of each kind", tag: "Operations", auth: false },
  { method: "post", path: "/api/auth/register", summary: "Create an account; answers { token, user } and sends a verification mail", tag: "Auth", auth: false, body: RegisterSchema },
  { method: "post", path: "/api/auth/login", summary: "Log in; answers { token, user }; throttled per account and address", tag: "Auth", auth: false, body: LoginSchema },
  { method: "post", path: "/api/auth/forgot-password", summary: "Send a reset link; the same answer for known and unknown e-mails", tag: "Auth", auth: false, body: ForgotPasswordSchema },
  { method: "post", path: "/api/auth/reset-password", summary: "Set a new password with a reset token (single use, 1 hour)", tag: "Auth", auth: false, body: ResetPasswordSchema },
  { method: "post", path: "/api/auth/verify-email", summary: "Confirm the e-mail address with a verification token (24 hours)", tag: "Auth", auth: false, body: VerifyEmailSchema },
  { method: "post", path: "/api/auth/resend-verification", summary: "Send the caller a new e-mail verification link; throttled per account and address", tag: "Auth", auth: true },
  { method: "post", path: "/api/auth/change-password", summary: "Change the password; other sessions end; answers a fresh token", tag: "Auth", auth: true, body: ChangePasswordSchema },
  { method: "post", path: "/api/auth/logout-all", summary: "Sign out of every session", tag: "Auth", auth: true },
  { method: "get", path: "/api/profile", summary: "The caller's profile", tag: "Profile", auth: true },
  { method: "put", path: "/api/profile", summary: "Update names, store, theme, language and notification preferences", tag: "Profile", auth: true, body: ProfileUpdateSchema },
  { method: "get", path: "/api/onboarding", summary: "The dashboard's onboarding checklist and first-visit welcome, kept on the account", tag: "Profile", auth: true },
  { method: "put", path: "/api/onboarding", summary: "Record checklist steps a browser still held from before, and the first welcome", tag: "Profile", auth: true, body: OnboardingUpdateSchema },
  { method: "get", path: "/api/usage", summary: "Today's usage of every feature", tag: "Quota", auth: true },
  { method: "get", path: "/api/create-listing/quota", summary: "Listing quota { used, limit, plan }", tag: "Quota", auth: true },
  { method: "get", path: "/api/edit-image/quota", summary: "Image-edit quota { used, limit, plan }", tag: "Quota", auth: true },
  { method: "get", path: "/api/seo-analysis/quota", summary: "SEO search quota { used, limit, plan }", tag: "Quota", auth: true },
  { method: "get", path: "/api/advanced-keywords/quota", summary: "Advanced analysis quota { data: { currentUsage, limit, remaining, percentage, plan } }", tag: "Quota", auth: true },
  { method: "post", path: "/api/increment-quota", summary: "Spend one unit of a feature; 403 with the quota body when exhausted", tag: "Quota", auth: true, body: IncrementQuotaSchema },
  { method: "post", path: "/api/ai/{provider}", summary: "One raw LLM call (the SPEC's client flow); bounded per user per day", tag: "Listings", auth: true, body: AiCallSchema },
  {
    method: "post",
    path: "/api/listings/generate",
    summary: "Generate a whole listing in one call; streams NDJSON parts; one create-listing unit",
    tag: "Listings",
    auth: true,
    body: GenerateListingSchema,
    produces: "application/x-ndjson",
  },
  { method: "post", path: "/api/listings/generate/part", summary: "Regenerate one part of a fresh listing without a new unit", tag: "Listings", auth: true, body: RegeneratePartSchema },
  {
    method: "post",
    path: "/api/listings/audit",
    summary: "Listing Doctor: audit any listing for Etsy, eBay or Amazon (score, grade, findings with fixes); no quota unit",
    tag: "Listings",
    auth: true,
    body: AuditListingSchema,
  },
  {
    method: "post",
    path: "/api/save-listing",
    summary: "Save a listing as written (the SPEC's call); 400 naming the field past Etsy's limits; 403 past the plan's saved listings; 429 past 30 a minute",
    tag: "Listings",
    auth: true,
    body: SaveListingSchema,
  },
  { method: "post", path: "/api/listings", summary: "Create a listing (as save-listing)", tag: "Listings", auth: true, body: SaveListingSchema },
  {
    method: "get",
    path: "/api/listings",
    summary: "The caller's listings (data.listings, each with its audit score), with q, sort (newest, oldest, score, score-asc), limit and offset",
    tag: "Listings",
    auth: true,
  },
  { method: "get", path: "/api/listings/export", summary: "Export every listing as CSV or JSON", tag: "Listings", auth: true, produces: "text/csv" },
  { method: "get", path: "/api/listings/{id}", summary: "One listing (data.listing, with its audit report)", tag: "Listings", auth: true },
  {
    method: "put",
    path: "/api/listings/{id}",
    summary: "Edit a listing as written, from `version` (or If-Match); 409 with the current listing when stale; 400 naming the field past the marketplace's limits",
    tag: "Listings",
    auth: true,
    body: UpdateListingSchema,
  },
  { method: "get", path: "/api/listings/{id}/versions", summary: "Every version of a listing, newest first (id, version, reason, createdAt, snapshot)", tag: "Listings", auth: true },
  { method: "post", path: "/api/listings/{id}/versions/{versionId}/restore", summary: "Restore a version as a new version (body { version } optional; 409 when stale)", tag: "Listings", auth: true },
  { method: "get", path: "/api/storage", summary: "Bytes, files and saved listings used against the plan's limits", tag: "Files", auth: true },
  { method: "delete", path: "/api/listings/{id}", summary: "Delete a listing", tag: "Listings", auth: true },
  { method: "get", path: "/api/listings/{id}/export", summary: "Export one listing as CSV or JSON", tag: "Listings", auth: true, produces: "text/csv" },
  { method: "get", path: "/api/files", summary: "Files of a listing (listingId)", tag: "Files", auth: true },
  {
    method: "post",
    path: "/api/files",
    summary: "Upload a file (multipart: file, listingId); 403 past the plan's storage; 429 past 20 a minute",
    tag: "Files",
    auth: true,
    produces: "application/json",
  },
  { method: "get", path: "/api/files/{id}", summary: "Download one of the caller's files", tag: "Files", auth: true, produces: "application/octet-stream" },
  { method: "delete", path: "/api/files/{id}", summary: "Delete one of the caller's files", tag: "Files", auth: true },
  {
    method: "get",
    path: "/api/keywords",
    summary:
      "Keyword suggestions (data.keywords, each with searchVolume, volumeSource and monthlySearches when a volume provider is configured; data.volumes says how they came about); one seo-analysis unit",
    tag: "Keywords",
    auth: true,
    query: KeywordSearchSchema,
  },
  { method: "get", path: "/api/keyword-lists", summary: "The caller's saved keyword lists (data.lists: id, name, count, createdAt, updatedAt)", tag: "Keywords", auth: true },
  {
    method: "post",
    path: "/api/keyword-lists",
    summary: "Save a keyword list { name (1-60), keywords (up to 200, each 1-100 characters; duplicates dropped) }; 400 past 50 lists; 409 when the name is taken",
    tag: "Keywords",
    auth: true,
    body: CreateKeywordListSchema,
  },
  { method: "get", path: "/api/keyword-lists/{id}", summary: "One of the caller's keyword lists with its keywords (404 for anyone else's)", tag: "Keywords", auth: true },
  { method: "put", path: "/api/keyword-lists/{id}", summary: "Rename a keyword list and/or replace its keywords", tag: "Keywords", auth: true, body: UpdateKeywordListSchema },
  { method: "delete", path: "/api/keyword-lists/{id}", summary: "Delete one of the caller's keyword lists", tag: "Keywords", auth: true },
  { method: "post", path: "/api/advanced-keywords/analyze", summary: "Trend analysis of one keyword by region; one advanced-keywords unit", tag: "Keywords", auth: true, body: AdvancedKeywordSchema },
  {
    method: "post",
    path: "/api/edit-image",
    summary:
      "Edit a product photo (data URL) by instruction; one edit-image unit. A background instruction goes to the configured cut-out provider (Photoroom or remove.bg; `cutout` in the answer), the rest to the local editor",
    tag: "Images",
    auth: true,
    body: EditImageSchema,
  },
  { method: "post", path: "/api/image/edit/gpt", summary: "Edit a photo with the image-generation provider (local editor offline)", tag: "Images", auth: true, body: GptEditSchema },
  { method: "get", path: "/api/images/{id}", summary: "One of the caller's images", tag: "Images", auth: true, produces: "image/*" },
  { method: "post", path: "/api/batches", summary: "Start a batch of up to 10 image edits (runs server-side)", tag: "Images", auth: true, body: BatchJsonSchema },
  { method: "get", path: "/api/batches/{id}", summary: "A batch's progress and items", tag: "Images", auth: true },
  { method: "post", path: "/api/batches/{id}/ticket", summary: "A single-use, 60 s ticket for the batch's WebSocket (GET /api/batches/{id}/ws?ticket=...)", tag: "Images", auth: true },
  { method: "post", path: "/api/workflow/optimize-pattern", summary: "Wizard step 1: rewrite a pattern clearly", tag: "Wizard", auth: true, body: OptimizePatternSchema },
  { method: "post", path: "/api/workflow/tech-edit", summary: "Tech-edit report: stitch counts, abbreviations, terms, missing sections; free", tag: "Wizard", auth: true, body: TechEditSchema },
  { method: "post", path: "/api/workflow/generate-pdf", summary: "Wizard step 2: format the draft and make the PDF", tag: "Wizard", auth: true, body: GeneratePdfSchema },
  { method: "get", path: "/api/workflow/pdf/{fileId}", summary: "Download a pattern PDF", tag: "Wizard", auth: true, produces: "application/pdf" },
  { method: "post", path: "/api/workflow/etsy-listing", summary: "Wizard step 3: the listing for the digital pattern; one create-listing unit", tag: "Wizard", auth: true, body: EtsyListingSchema },
  { method: "post", path: "/api/workflow/finish", summary: "Save the wizard's listing to My Listings, with its PDF", tag: "Wizard", auth: true, body: FinishWizardSchema },
  {
    method: "post",
    path: "/api/shop/import",
    summary:
      "Import Etsy's listings CSV (EtsyListingsDownload.csv) as multipart/form-data (field file) or a text/csv body, streamed; at most 5,000 rows and 20 MB (413, nothing imported); re-importing changes nothing; answers { imported, updated, unchanged, skipped, errors: [{ row, message }] }",
    tag: "Shop",
    auth: true,
    produces: "application/json",
  },
  {
    method: "get",
    path: "/api/shop/summary",
    summary: "The shop's health: listings, averageScore, grades A-F, topIssues [{ id, message, count }] (the 10 most common findings)",
    tag: "Shop",
    auth: true,
  },
  {
    method: "get",
    path: "/api/shop/listings",
    summary:
      "The shop's listings with price, photo and tag counts, score, grade and hasProposal; sort=score|title|updated, order=asc|desc, page, q, grade=C,D,F, issue=<finding id>, proposal=pending (only those waiting for review); 50 a page",
    tag: "Shop",
    auth: true,
    query: ShopListQuerySchema,
  },
  {
    method: "get",
    path: "/api/shop/listings/{id}",
    summary: "One shop listing with its shop facts, its audit and its pending proposal (another user's or a non-shop listing is 404)",
    tag: "Shop",
    auth: true,
  },
  {
    method: "get",
    path: "/api/shop/etsy",
    summary: "The Etsy connection's status { available, connected, shopName, connectedAt }; available is false without the server's Etsy keys; never a token",
    tag: "Shop",
    auth: true,
  },
  {
    method: "post",
    path: "/api/shop/etsy/connect",
    summary: "Start connecting an Etsy shop (OAuth 2.0 + PKCE): answers { url } of Etsy's consent page; 404 without the server's Etsy keys",
    tag: "Shop",
    auth: true,
  },
  {
    method: "get",
    path: "/api/shop/etsy/callback",
    summary: "Etsy's redirect after consent (?code&state): stores the encrypted tokens and redirects (302) to /shop?etsy=connected or /shop?etsy=error&reason=...",
    tag: "Shop",
    auth: false,
    produces: "text/html",
  },
  {
    method: "post",
    path: "/api/shop/etsy/import",
    summary: "Import the connected shop's active listings from Etsy (getListingsByShop); answers the import counts and fetched",
    tag: "Shop",
    auth: true,
  },
  {
    method: "post",
    path: "/api/shop/etsy/push",
    summary: "Send changed titles, descriptions and tags of linked listings to Etsy (updateListing), { ids } or { all: true }; answers each listing's status",
    tag: "Shop",
    auth: true,
    body: EtsyPushSchema,
  },
  { method: "delete", path: "/api/shop/etsy", summary: "Disconnect the Etsy shop: deletes its tokens", tag: "Shop", auth: true },
  {
    method: "post",
    path: "/api/shop/optimize",
    summary: "Optimize shop listings in bulk on Cloudflare Queues (202 { jobId, total }); one create-listing unit per proposal; 404 when an id is not the caller's",
    tag: "Shop",
    auth: true,
    body: OptimizeRequestSchema,
  },
  { method: "get", path: "/api/shop/jobs", summary: "The caller's 20 most recent optimize jobs, newest first (data.jobs)", tag: "Shop", auth: true },
  { method: "get", path: "/api/shop/jobs/{id}", summary: "An optimize job: status, total, done, failed, stopReason and every listing's status and scores", tag: "Shop", auth: true },
  {
    method: "post",
    path: "/api/shop/listings/{id}/accept",
    summary: "Apply the listing's pending proposal as a new version (reason accept); 409 with the listing when it changed since; 404 without a proposal",
    tag: "Shop",
    auth: true,
  },
  { method: "post", path: "/api/shop/listings/{id}/reject", summary: "Reject the listing's pending proposal; the listing is unchanged", tag: "Shop", auth: true },
  {
    method: "post",
    path: "/api/shop/proposals/accept",
    summary: "Accept the pending proposals of { ids } or { all: true } (data: accepted, conflicts, missing)",
    tag: "Shop",
    auth: true,
    body: ProposalDecisionSchema,
  },
  {
    method: "post",
    path: "/api/shop/proposals/reject",
    summary: "Reject the pending proposals of { ids } or { all: true } (data: rejected, missing)",
    tag: "Shop",
    auth: true,
    body: ProposalDecisionSchema,
  },
  {
    method: "get",
    path: "/api/shop/export.csv",
    summary: "The shop listings changed since import, as a CSV for Etsy (SKU, original title, title, tags, description)",
    tag: "Shop",
    auth: true,
    produces: "text/csv",
  },
];

function schemaOf(schema: v.GenericSchema) {
  // Transforms and custom checks have no JSON Schema form; they are documented by their messages.
  return toJsonSchema(schema, { errorMode: "ignore", target: "draft-2020-12" }) as Record<string, unknown>;
}

const ERROR = {
  type: "object",
  required: ["success", "message"],
  properties: { success: { const: false }, message: { type: "string" }, quota: { $ref: "#/components/schemas/Quota" } },
};

export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    if (op.query) {
      const query = schemaOf(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
    const errors: Record<string, unknown> = {};
    for (const status of ["400", ...(op.auth ? ["401"] : []), "404", "413", "415", "429", "500"]) {
      errors[status] = { description: STATUS_TEXT[status], content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: `${op.method}${op.path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.body) } } } } : {}),
      responses: {
        "200": { description: "Success", content: { [op.produces ?? "application/json"]: { schema: op.produces ? {} : { type: "object", properties: { success: { const: true } } } } } },
        ...errors,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Listora API", version, description: "Every call of the Listora app. Errors share one shape: { success: false, message, ...extra }." },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: ERROR,
        Quota: { type: "object", properties: { feature: { type: "string" }, used: { type: "integer" }, limit: { type: "integer" }, plan: { type: "string" } } },
      },
    },
    paths,
  };
}

const STATUS_TEXT: Record<string, string> = {
  "400": "Validation failed (the message names the field)",
  "401": "Missing or invalid token",
  "403": "Daily quota exhausted (with quota), or an AI feature asked before the e-mail is confirmed (code email-unverified)",
  "404": "Not found, or not yours",
  "413": "Body too large",
  "415": "Wrong media type",
  "429": "Too many requests (Retry-After)",
  "500": "Unexpected server error (never a stack trace)",
};

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Listora API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script><script src="/api-docs/init.js"></script></body></html>`;

export function openApiRoutes(router: ApiRouter) {
  router.get("/openapi.json", (_request, env) => json(openApiDocument(env.BUILD_VERSION || "dev"), { headers: { "Cache-Control": "public, max-age=300" } }));
  // The viewer is for developers: served only when API_DOCS_ENABLED is "true".
  router.get("/docs", (_request, env) => {
    if (env.API_DOCS_ENABLED !== "true") throw new HttpError(404, "API endpoint not found");
    return new Response(DOCS_PAGE, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": DOCS_CSP,
      },
    });
  });
}
