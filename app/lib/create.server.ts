/**
 * Create Listing and the Pattern Wizard's listing step at the edge (decision 0049): their loaders read
 * what the screens show (today's listing quota, the LLM that writes listings, the seller's store name)
 * through the load context as the session's user (decision 0041), so the first HTML already holds it;
 * their writes are route actions through the API's routes in process (the same checks, limits,
 * idempotency and messages). Create's generation itself stays the browser's NDJSON stream.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import * as v from "valibot";
import { KEYWORD_LIST_LIMITS, type KeywordList } from "../../schema/api/keyword-lists";
import { tickedKeyword } from "~/components/keywords/saved-keywords";
import { GenerateListingSchema, LISTING_LIMITS, LISTING_PARTS, PLATFORMS, type GenerateEvent, type ListingPart, type Platform } from "../../schema/api/listings";
import type { EtsyListingResponse, FinishWizardResponse } from "../../schema/api/workflow";
import type { ApiCallInit } from "../../shared/session";
import type { RegeneratedPart } from "./api/listings";
import type { ActionFailure } from "./action-call";
import type { CreateActionAnswer, CreateFormEdit, GenerateRefusal, GenerationActionAnswer } from "./create-actions";
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
  /**
   * ?list=<id>, a saved keyword list sent from the SEO screen, or ?keyword=… (one each), the rows ticked
   * there without JavaScript: they become the selected keywords (decision 0057).
   */
  sentList: Pick<KeywordList, "id" | "name" | "keywords"> | null;
  /** ?list= named a list that is not the seller's (or no longer exists): the page answers 404 and says so. */
  sentListMissing: boolean;
};

/**
 * Create Listing: today's quota and the LLM at once; either may be missing (the usage card says so).
 * `?list=<id>` also reads that saved keyword list (another seller's is a 404, as on the SEO screen).
 */
export async function loadCreateScreen(request: Request, context: AppLoadContext) {
  await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const id = params.get("list")?.trim() ?? "";
  const [quota, writer, list] = await Promise.all([
    listingQuota(context),
    listingWriter(context),
    id ? callApi<{ data?: { list?: KeywordList } }>(context, `/keyword-lists/${encodeURIComponent(id)}`) : null,
  ]);
  const sent = list?.ok ? (list.data.data?.list ?? null) : null;
  const answer: CreateScreenData = {
    platform: platformOf(params.get("platform")),
    quota,
    writer,
    sentList: sent ? { id: sent.id, name: sent.name, keywords: sent.keywords } : tickedList(params),
    sentListMissing: list !== null && !list.ok && list.error.code === "not-found",
  };
  return data(answer, { status: answer.sentListMissing ? 404 : 200 });
}

/** The SEO results' ticked rows sent with "Use Selected Keywords" without JavaScript (?keyword=…), within a list's limit. */
function tickedList(params: URLSearchParams): CreateScreenData["sentList"] {
  const keywords = params
    .getAll("keyword")
    .map(tickedKeyword)
    .filter((k) => typeof k.keyword === "string" && k.keyword.trim())
    .slice(0, KEYWORD_LIST_LIMITS.keywordsMax);
  return keywords.length ? { id: "", name: "", keywords } : null;
}

function failure(status: number, error: ActionFailure["error"]) {
  return data<ActionFailure>({ ok: false, status, error }, { status });
}

function badForm(message: string, field: string) {
  return failure(400, { code: "validation-failed", message, field });
}

const PARTS: readonly string[] = [...LISTING_PARTS, "bullets", "searchTerms", "itemSpecifics"] satisfies ListingPart[];

/**
 * Create's writes: `regenerate` (a new version of one part of the listing just generated, no unit is
 * spent) and `generate`, the Generate form posted as a document (without JavaScript, or before the page
 * ran; once hydrated the screen streams instead). `generate` writes the whole listing on the server
 * through POST /api/listings/generate (one unit, saved to My Listings) and sends the seller to it.
 */
export async function createAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  // The form's own edits without JavaScript (the pressed button's `edit`) come before its intent.
  if (form.has("edit")) return editForm(form);
  const intent = formText(form, "intent");
  if (intent === "generate") return generateOnServer(form, context);
  if (intent !== "regenerate") return badForm("Unknown change on Create Listing", "intent");
  const listingId = formText(form, "listingId").trim();
  const part = formText(form, "part");
  if (!listingId) return badForm("Which listing? The form carries no listing.", "listingId");
  if (!PARTS.includes(part)) return badForm("part must be one of: title, description, tags, altTexts, bullets, searchTerms, itemSpecifics", "part");
  const result = await callApi<{ data: RegeneratedPart }>(context, "/listings/generate/part", { body: { listingId, part: part as ListingPart } });
  if (!result.ok) return failure(result.status, result.error);
  return data<CreateActionAnswer>({ ok: true, intent, result: result.data.data });
}

/** The Generate form's keywords: one `keyword` field each (the selected keywords the page knew), within the API's limits. */
function postedKeywords(form: FormData): string[] {
  const texts = form
    .getAll("keyword")
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim().slice(0, LISTING_LIMITS.keywordMax))
    .filter(Boolean);
  return [...new Set(texts)].slice(0, LISTING_LIMITS.keywordsMax);
}

const PROMPT_SUGGESTIONS = 5;

/**
 * The Generate form changing itself without JavaScript (decision 0062), as the hydrated screen does in
 * the browser: `edit=add` adds `newKeyword` (trimmed, ignored when empty or already selected in any
 * case, SPEC §5), `edit=remove:<keyword>` removes it, `edit=prompt:<n>` puts Prompt Suggestion n in the
 * description. Nothing is written: the answer is the form to render. The selection keeps up to a
 * keyword list's size; a generation uses its first LISTING_LIMITS.keywordsMax, as the browser's does.
 */
function editForm(form: FormData) {
  const edit = formText(form, "edit");
  const texts = form
    .getAll("keyword")
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim().slice(0, KEYWORD_LIST_LIMITS.keywordMax))
    .filter(Boolean);
  let keywords = texts.filter((text, i) => texts.findIndex((other) => other.toLocaleLowerCase() === text.toLocaleLowerCase()) === i);
  const suggestion = Number(/^prompt:(\d)$/.exec(edit)?.[1] ?? 0);
  let prompt: number | undefined;
  if (edit === "add") {
    const text = formText(form, "newKeyword").trim().slice(0, KEYWORD_LIST_LIMITS.keywordMax);
    if (text && !keywords.some((k) => k.toLocaleLowerCase() === text.toLocaleLowerCase())) keywords.push(text);
  } else if (edit.startsWith("remove:")) {
    const text = edit.slice("remove:".length).trim().toLocaleLowerCase();
    keywords = keywords.filter((k) => k.toLocaleLowerCase() !== text);
  } else if (suggestion >= 1 && suggestion <= PROMPT_SUGGESTIONS) {
    prompt = suggestion;
  } else {
    return badForm("Unknown change on Create Listing", "edit");
  }
  const answer: CreateFormEdit = {
    ok: true,
    intent: "edit",
    form: { description: formText(form, "description"), platform: platformOf(formText(form, "platform")), keywords: keywords.slice(0, KEYWORD_LIST_LIMITS.keywordsMax) },
    ...(prompt ? { prompt } : {}),
  };
  return data(answer);
}

/**
 * Generate without the browser's stream: the same route (same checks, quota, idempotency by the page
 * request's X-Request-ID when it has one, saving), read to its end. Done: a redirect to the saved
 * listing. Refused: the posted form back with the API's code and message, which Create words as the
 * stream's failures (SPEC §8: the quota's alert, 'Failed to generate listing. Please try again.').
 */
async function generateOnServer(form: FormData, context: AppLoadContext) {
  const posted = { description: formText(form, "description"), platform: platformOf(formText(form, "platform")), keywords: postedKeywords(form) };
  const refuse = (status: number, error: GenerateRefusal["error"]) => data<GenerateRefusal>({ ok: false, intent: "generate", status, error, form: posted }, { status });
  // The API's own rule and message, checked before anything is spent (Create words it with its field check).
  const checked = v.safeParse(GenerateListingSchema.entries.description, posted.description);
  if (!checked.success) return refuse(400, { code: "validation-failed", message: checked.issues[0].message, field: "description" });
  const result = await callApi<{ events?: GenerateEvent[] }>(context, "/listings/generate", {
    body: { description: posted.description.trim(), keywords: posted.keywords, platform: posted.platform },
  });
  if (!result.ok) return refuse(result.status, result.error);
  const events = Array.isArray(result.data.events) ? result.data.events : [];
  const end = events.findLast((event) => event.type === "done" || event.type === "error");
  if (end?.type === "done") return redirect(`/listings/${encodeURIComponent(end.listing.id)}`);
  if (end?.type === "error") return refuse(end.status, { code: end.code, message: end.message, ...(end.detail ? { detail: end.detail } : {}) });
  // A stream that ended without 'done' or 'error' was cut off.
  return refuse(502, { code: "generation-cut-off", message: "Failed to generate listing. Please try again." });
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
