/**
 * Create Listing and the Pattern Wizard's listing step at the edge (decision 0049): their loaders read
 * what the screens show (today's listing quota, the LLM that writes listings, the seller's store name)
 * through the load context as the session's user (decision 0041), so the first HTML already holds it;
 * their writes are route actions through the API's routes in process (the same checks, limits,
 * idempotency and messages). Create's generation itself stays the browser's NDJSON stream.
 */
import { data, type AppLoadContext } from "react-router";
import { LISTING_PARTS, PLATFORMS, type ListingPart, type Platform } from "../../schema/api/listings";
import type { EtsyListingResponse, FinishWizardResponse } from "../../schema/api/workflow";
import type { ApiCallInit } from "../../shared/session";
import type { RegeneratedPart } from "./api/listings";
import type { ActionFailure } from "./action-call";
import type { CreateActionAnswer, GenerationActionAnswer } from "./create-actions";
import type { QuotaView } from "./api/quota";
import { assertSameOrigin, callApi, formText, requireUser } from "./session.server";

/** The LLM that writes listings (GET /api/health, decision 0020); the page tells an offline default by its name (writerOf). */
type WriterInfo = {
  name: string;
  label: string;
};

async function listingQuota(context: AppLoadContext): Promise<QuotaView | null> {
  const result = await callApi<{ used?: number; limit?: number; plan?: string }>(context, "/create-listing/quota");
  if (!result.ok) return null;
  const used = result.data.used ?? 0;
  const limit = result.data.limit ?? 10;
  return { used, limit, plan: result.data.plan ?? "free", remaining: Math.max(0, limit - used) };
}

async function listingWriter(context: AppLoadContext): Promise<WriterInfo | null> {
  const result = await callApi<{ providers?: Record<string, string>; providerLabels?: Record<string, string> }>(context, "/health");
  const name = result.ok ? result.data.providers?.llm : undefined;
  if (!result.ok || !name) return null;
  return { name, label: result.data.providerLabels?.llm || name };
}

function platformOf(value: string | null): Platform {
  return PLATFORMS.find((platform) => platform === value) ?? "etsy";
}

type CreateScreenData = {
  /** The marketplace in the address (?platform=ebay), Etsy without one. */
  platform: Platform;
  quota: QuotaView | null;
  writer: WriterInfo | null;
};

/** Create Listing: today's quota and the LLM at once; either may be missing (the usage card says so). */
export async function loadCreateScreen(request: Request, context: AppLoadContext): Promise<CreateScreenData> {
  await requireUser(request, context);
  const [quota, writer] = await Promise.all([listingQuota(context), listingWriter(context)]);
  return { platform: platformOf(new URL(request.url).searchParams.get("platform")), quota, writer };
}

function failure(status: number, error: ActionFailure["error"]) {
  return data<ActionFailure>({ ok: false, status, error }, { status });
}

function badForm(message: string, field: string) {
  return failure(400, { code: "validation-failed", message, field });
}

const PARTS: readonly string[] = [...LISTING_PARTS, "bullets", "searchTerms", "itemSpecifics"] satisfies ListingPart[];

/** Create's writes: a new version of one part of the listing just generated (no unit is spent). */
export async function createAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent !== "regenerate") return badForm("Unknown change on Create Listing", "intent");
  const listingId = formText(form, "listingId").trim();
  const part = formText(form, "part");
  if (!listingId) return badForm("Which listing? The form carries no listing.", "listingId");
  if (!PARTS.includes(part)) return badForm("part must be one of: title, description, tags, altTexts, bullets, searchTerms, itemSpecifics", "part");
  const result = await callApi<{ data: RegeneratedPart }>(context, "/listings/generate/part", { body: { listingId, part: part as ListingPart } });
  if (!result.ok) return failure(result.status, result.error);
  return data<CreateActionAnswer>({ ok: true, intent, result: result.data.data });
}

type GenerationScreenData = {
  /** The store name the listing may mention (the profile's); null when the seller has none. */
  storeName: string | null;
  quota: QuotaView | null;
  writer: WriterInfo | null;
};

/** The wizard's listing step: the store name, today's quota and the LLM at once. */
export async function loadGenerationScreen(request: Request, context: AppLoadContext): Promise<GenerationScreenData> {
  await requireUser(request, context);
  const [profile, quota, writer] = await Promise.all([callApi<{ storeName?: string | null }>(context, "/profile"), listingQuota(context), listingWriter(context)]);
  const storeName = profile.ok ? profile.data.storeName?.trim() || null : null;
  return { storeName, quota, writer };
}

/** How long a write waits while the first request with its X-Request-ID is still running (a reload mid-call). */
const BUSY_RETRY_MS = 2000;
const BUSY_WAIT_MS = 180_000;

/** A workflow call; while the same request id is still being answered (request-in-progress), asked again until its answer comes. */
async function workflowCall<T>(context: AppLoadContext, path: string, init: ApiCallInit) {
  for (let waited = 0; ; waited += BUSY_RETRY_MS) {
    const result = await callApi<T>(context, path, init);
    if (result.ok || result.error.code !== "request-in-progress" || waited + BUSY_RETRY_MS > BUSY_WAIT_MS) return result;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
}

/** A JSON field of the form: an object, or null when absent or not JSON. */
function jsonField(form: FormData, name: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(formText(form, name) || "null") as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The listing step's writes: `write` (the Etsy listing of the draft, POST /api/workflow/etsy-listing,
 * one unit) and `finish` (save it to My Listings, POST /api/workflow/finish). Each carries the
 * browser's X-Request-ID, so a reload mid-call is answered from the first request, never charged twice.
 */
export async function generationAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const requestId = formText(form, "requestId");
  if (intent !== "write" && intent !== "finish") return badForm("Unknown change on the listing step", "intent");
  if (!REQUEST_ID.test(requestId)) return badForm("The request id is missing or malformed", "requestId");
  const headers = { "X-Request-ID": requestId };
  if (intent === "write") {
    const input = formText(form, "input");
    if (!input.trim()) return badForm("There is no formatted pattern to write a listing from", "input");
    const pdfFileId = formText(form, "pdfFileId") || undefined;
    const options = jsonField(form, "options") ?? {};
    const result = await workflowCall<EtsyListingResponse>(context, "/workflow/etsy-listing", { body: { input: { pdfContent: input, pdfFileId }, options, featureKey: "create-listing" }, headers });
    if (!result.ok) return failure(result.status, result.error);
    return data<GenerationActionAnswer>({ ok: true, intent, result: result.data });
  }
  const listing = jsonField(form, "listing");
  if (!listing) return badForm("There is no listing to finish", "listing");
  const result = await workflowCall<FinishWizardResponse>(context, "/workflow/finish", { body: listing, headers });
  if (!result.ok) return failure(result.status, result.error);
  return data<GenerationActionAnswer>({ ok: true, intent, result: result.data });
}
