/**
 * My Listings and a listing at the edge (decision 0041): the loaders read the seller's listings
 * through the load context (the API's routes in process, as the session's user), so the first HTML
 * holds them; the listing's writes are one route action.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { FACT_LIMITS, sellerLimits, type ListingCardSource, type ListingDetail, type ListingVersionInfo, type RuleReport } from "../../schema/api/listings";
import type { ListingSales } from "../../schema/api/shop-sales";
import { STORAGE_PLANS } from "../../schema/api/storage";
import type { ListingCardData } from "../components/listings/listing-card";
import { createdAtOf } from "../components/listings/relative-time";
import { markdownToPlainText } from "../components/listings/safe-markdown";
import { LISTINGS_PAGE_SIZE, sortOf } from "./api/listings";
import type { FactDraft, ListingActionAnswer, ListingDraft, ListingIntent } from "./listing-actions";
import { assertSameOrigin, callApi, formText, formTexts, requireUser } from "./session.server";

export interface ListingsData {
  q: string;
  /** The page's cards (at most LISTINGS_PAGE_SIZE). */
  listings: ListingCardData[];
  /** How many of the seller's listings match the search, on every page. */
  total: number;
  /** The page shown (1 to `pages`, from ?page=) and how many there are. */
  page: number;
  pages: number;
  failed: boolean;
  loadedAt: number;
  /** The listing the address asks to confirm the delete of (?delete=<id>), when it is one of the seller's shown. */
  confirmDelete: { id: string; title: string } | null;
  /** The address says a listing was just deleted (?deleted=1, where a confirmed delete lands). */
  deleted: boolean;
}

/**
 * The seller's listings for the address's ?q= and ?sort=, as GET /api/listings answers them, read from
 * the domain without the API's JSON (decision 0055); a failure is shown as 'Failed to load listings' (SPEC).
 */
export async function loadListings(request: Request, context: AppLoadContext): Promise<ListingsData> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = pageOf(params.get("page"));
  const query = { sort: sortOf(params.get("sort")), ...(q ? { q } : {}), limit: LISTINGS_PAGE_SIZE, offset: (page - 1) * LISTINGS_PAGE_SIZE };
  // Asked for with the session check, so the list is read in the same round trip as the user (decision 0060).
  const [, result] = await Promise.all([requireUser(request, context), context.listora.reads.listings(query)]);
  const loadedAt = Date.now();
  const listings = result?.ok ? result.data.cards.map((listing) => asCard(listing, loadedAt)) : [];
  const total = result?.ok ? result.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE));
  // A page past the last (its last listing deleted, an old bookmark): the last page, saying what it said.
  if (result?.ok && page > pages) {
    if (pages > 1) params.set("page", String(pages));
    else params.delete("page");
    throw redirect(`${url.pathname}${params.size ? `?${params}` : ""}`);
  }
  // A card's delete button without JavaScript is a GET of ?delete=<id>: the page asks to confirm it (decision 0067).
  const asked = params.get("delete");
  const card = asked ? listings.find((listing) => listing.id === asked) : undefined;
  const confirmDelete = card ? { id: card.id, title: card.title } : null;
  return { q, listings, total, page, pages, failed: !result?.ok, loadedAt, confirmDelete, deleted: params.get("deleted") === "1" };
}

/** The highest page an address can ask for: the last of the largest plan's listings. */
const MAX_PAGE = Math.ceil(Math.max(...Object.values(STORAGE_PLANS).map((plan) => plan.listings)) / LISTINGS_PAGE_SIZE);

/** ?page= as a page number: a whole number from 1 (anything else is the first page). */
function pageOf(value: string | null): number {
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

/**
 * A card shows the title, two lines of description as plain text, three tags and a count of the rest,
 * the time and the score: the page carries no more, in its HTML or in its data for hydration (decision
 * 0060). Two lines of the widest card (one column, 639 px) hold about 170 characters of average text;
 * 300 keeps the clamp's ellipsis honest for text of narrow letters too.
 */
const CARD_DESCRIPTION_CHARS = 300;
const CARD_TAGS = 3;
function asCard(listing: ListingCardSource, loadedAt: number): ListingCardData {
  const tags = Array.isArray(listing.tags) ? listing.tags : [];
  return {
    id: listing.id,
    title: listing.title ?? "",
    description: markdownToPlainText(listing.description ?? "").slice(0, CARD_DESCRIPTION_CHARS),
    tags: tags.slice(0, CARD_TAGS),
    moreTags: Math.max(0, tags.length - CARD_TAGS),
    createdAt: createdAtOf(listing.createdAt, loadedAt),
    score: typeof listing.score === "number" && listing.grade ? listing.score : null,
    grade: typeof listing.score === "number" && listing.grade ? listing.grade : null,
  };
}

export interface DetailData {
  listing: ListingDetail;
  /** The address asks to confirm the listing's delete (?delete=1: its Delete button without JavaScript). */
  confirmDelete?: boolean;
  /** The address opens the editor (?edit=1: Edit without JavaScript, decision 0068). */
  editing?: boolean;
  /** The address opens "Facts we used" for correction (?facts=1). */
  correctingFacts?: boolean;
  /** The version the address asks to confirm the restore of (?restore=<version id>), when it is one of this listing's and not the current one. */
  confirmRestore?: { id: string; version: number; title: string } | null;
  /** What the write before this page did, said once (the address a document post lands on: ?saved=1|repaired, ?restored=<n>, ?facts=saved). */
  done?: { saved: "saved" | "repaired" } | { restored: number } | { factsSaved: true } | null;
  versions: ListingVersionInfo[] | null;
  /** A shop listing's sales and each change's before/after, shown on its history (null otherwise). */
  sales?: ListingSales | null;
}

/**
 * A listing with its versions (and a shop listing's sales). Not the seller's or gone: a thrown 404 the
 * route's error boundary shows as 'Listing not found'; any other failure is thrown with its status
 * ('Failed to load listing details').
 */
export async function loadListing(request: Request, context: AppLoadContext, id: string) {
  await requireUser(request, context);
  const path = `/listings/${encodeURIComponent(id)}`;
  const [listing, versions] = await Promise.all([callApi<{ data?: { listing?: ListingDetail } }>(context, path), callApi<{ data?: { versions?: ListingVersionInfo[] } }>(context, `${path}/versions`)]);
  if (!listing.ok) throw data({ success: false, code: listing.error.code, message: listing.error.message }, { status: listing.status });
  const found = listing.data.data?.listing;
  if (!found) throw data({ success: false, code: "invalid-response", message: "Invalid response from server" }, { status: 502 });
  // The sales are an extra, read only for a shop listing: without them the listing still shows.
  const sales = found.source === "shop" ? await callApi<{ data?: ListingSales }>(context, `/shop/listings/${encodeURIComponent(id)}/sales`) : null;
  const params = new URL(request.url).searchParams;
  const versionList = versions.ok && Array.isArray(versions.data.data?.versions) ? versions.data.data.versions : null;
  const asked = params.get("restore");
  const toRestore = asked ? versionList?.find((version) => version.id === asked && version.version !== found.version) : undefined;
  const answer: DetailData = {
    listing: found,
    versions: versionList,
    sales: sales?.ok ? (sales.data.data ?? null) : null,
    confirmDelete: params.get("delete") === "1",
    editing: params.get("edit") === "1",
    correctingFacts: params.get("facts") === "1",
    confirmRestore: toRestore ? { id: toRestore.id, version: toRestore.version, title: toRestore.snapshot.title } : null,
    done: doneOf(params),
  };
  return answer;
}

/** The address a write posted as a document lands on says what it did (decision 0068). */
function doneOf(params: URLSearchParams): DetailData["done"] {
  const saved = params.get("saved");
  if (saved === "1" || saved === "repaired") return { saved: saved === "1" ? "saved" : "repaired" };
  const restored = Number(params.get("restored"));
  if (Number.isInteger(restored) && restored > 0) return { restored };
  if (params.get("facts") === "saved") return { factsSaved: true };
  return null;
}

/** The change's fields (JSON in `payload`); null when what was posted is no JSON object, so nothing is written from it. */
function payloadOf(form: FormData): Record<string, unknown> | null {
  try {
    const value = JSON.parse(formText(form, "payload") || "{}") as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const INTENTS: ListingIntent[] = ["save", "fix", "facts", "restore", "delete"];

/** The pages a fix may send the seller back to: a listing's own page or a shop listing's (nothing off the site). */
const BACK = /^\/(?:listings|shop)\/[^/?#\\]+$/;
/** A view of My Listings (its search, sort and page), where a delete confirmed on it goes back to. */
const LISTINGS_VIEW = /^\/listings(?:\?[^#\\]*)?$/;

/** The view `back`, saying a listing was just deleted (and no longer asking to confirm it). */
function deletedView(back: string): string {
  const url = new URL(back, "http://listora.invalid");
  url.searchParams.delete("delete");
  url.searchParams.set("deleted", "1");
  return `${url.pathname}?${url.searchParams}`;
}

/**
 * The listing's writes, each through its /api route in process (the same checks, limits, version
 * conflicts and messages): save an edit, apply a fix, correct "Facts we used", restore a version, delete.
 */
export async function listingAction(request: Request, context: AppLoadContext, id: string) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent") as ListingIntent;
  const path = `/listings/${encodeURIComponent(id)}`;
  if (!INTENTS.includes(intent)) return answer({ ok: false, status: 400, error: { code: "validation-failed", message: "Unknown change to a listing", field: "intent" } });
  // The editor and "Facts we used" posted as documents send their fields, not a JSON payload (decision 0068).
  if (!form.has("payload") && (intent === "save" || intent === "facts")) return formAction(context, form, intent, path);
  const payload = payloadOf(form);
  if (!payload) return answer({ ok: false, status: 400, error: { code: "validation-failed", message: "The change could not be read. Reload the page and try again.", field: "payload" }, intent });
  const result =
    intent === "save"
      ? await callApi<{ data: { listing: ListingDetail; ruleReport: RuleReport | null } }>(context, path, { method: "PUT", body: payload })
      : intent === "fix"
        ? await callApi<{ data: { listing: ListingDetail } }>(context, path, { method: "PUT", body: { ...(payload.patch as object), version: payload.version, reason: "fix" } })
        : intent === "facts"
          ? await callApi<{ data: { listing: ListingDetail } }>(context, `${path}/facts`, { method: "PUT", body: { facts: payload.facts } })
          : intent === "restore"
            ? await callApi<{ data: { listing: ListingDetail; restoredFrom: number } }>(context, `${path}/versions/${encodeURIComponent(String(payload.versionId ?? ""))}/restore`, {
                method: "POST",
                body: { version: payload.version },
              })
            : await callApi<{ data?: undefined }>(context, path, { method: "DELETE" });
  if (!result.ok) return answer({ ok: false, status: result.status, error: result.error, intent });
  // A fix posted as a document (before the page ran) names the page it came from: back there, fixed (decision 0062).
  const back = formText(form, "back");
  if (intent === "fix" && BACK.test(back)) return redirect(back);
  // A delete confirmed on the page itself (the confirmation the address asked for, without JavaScript): to My Listings' page it came from, which says so.
  if (intent === "delete" && LISTINGS_VIEW.test(back)) return redirect(deletedView(back));
  const body = result.data.data as { listing?: ListingDetail; ruleReport?: RuleReport | null; restoredFrom?: number } | undefined;
  // A restore confirmed on the page itself lands on the listing, which says which version came back.
  if (intent === "restore" && back === path && body?.restoredFrom) return redirect(`${path}?restored=${body.restoredFrom}`);
  return answer({ ok: true, listing: body?.listing, ruleReport: body?.ruleReport, restoredFrom: body?.restoredFrom });
}

function answer(value: ListingActionAnswer) {
  return data(value, { status: value.ok ? 200 : value.status });
}

/** The editor's fields as posted: chips as `tags`, the tag being typed as `tagText`, each alt text as `altTexts`. */
function listingDraftOf(form: FormData): ListingDraft {
  return {
    title: formText(form, "title"),
    description: formText(form, "description"),
    tags: formTexts(form, "tags"),
    tagText: formText(form, "tagText"),
    altTexts: formTexts(form, "altTexts"),
    version: Number(formText(form, "version")) || 0,
  };
}

/** "Facts we used" as posted: each row's `factKind` and `factValue`, in order. */
function factsDraftOf(form: FormData): FactDraft[] {
  const kinds = form.getAll("factKind");
  const values = form.getAll("factValue");
  return values.map((value, index) => ({ kind: typeof kinds[index] === "string" ? (kinds[index] as string) : "", value: typeof value === "string" ? value : "" }));
}

/** Adds the tag being typed: trimmed, not when empty, already there in any case, or the list is full. */
function withTypedTag(draft: ListingDraft, max: number): ListingDraft {
  const tag = draft.tagText.trim();
  if (!tag || draft.tags.length >= max || draft.tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) return { ...draft, tagText: "" };
  return { ...draft, tags: [...draft.tags, tag], tagText: "" };
}

/** The editor's form after the pressed button's `edit`; null for an edit it does not know. */
function editedDraft(draft: ListingDraft, edit: string, limits: { tagCount: number; altTextCount: number }): ListingDraft | null {
  if (edit === "addTag" || edit === "enter") return withTypedTag(draft, limits.tagCount);
  if (edit.startsWith("removeTag:")) {
    const tag = edit.slice("removeTag:".length);
    return { ...draft, tags: draft.tags.filter((existing) => existing !== tag) };
  }
  if (edit === "addAlt") return draft.altTexts.length >= limits.altTextCount ? draft : { ...draft, altTexts: [...draft.altTexts, ""] };
  const removed = /^removeAlt:(\d+)$/.exec(edit);
  if (removed) return { ...draft, altTexts: draft.altTexts.filter((_, i) => i !== Number(removed[1])) };
  return null;
}

/**
 * The listing editor and "Facts we used" before the page runs (decision 0068). A button's `edit` changes
 * the form on the server and answers it, writing nothing: `addTag` adds the tag being typed,
 * `removeTag:<tag>` removes a chip, `addAlt` and `removeAlt:<n>` an image's alt text, `addFact` and
 * `removeFact:<n>` a fact, `enter` (Enter in a field) adds the typed tag when there is one and
 * saves otherwise, and `cancel` goes back to the listing. A save writes through the same API route as the editor's JSON and lands on the
 * listing, which says so; a refused one answers the form as it was posted, with the API's message.
 */
async function formAction(context: AppLoadContext, form: FormData, intent: "save" | "facts", path: string) {
  const edit = formText(form, "edit");
  const platform = formText(form, "platform");
  const limits = sellerLimits(platform || undefined);
  // Cancel: back to the listing as it is, nothing written.
  if (edit === "cancel") return redirect(intent === "facts" ? `${path}#facts` : path);
  if (intent === "facts") {
    let facts = factsDraftOf(form);
    if (edit === "addFact") facts = facts.length >= FACT_LIMITS.count ? facts : [...facts, { kind: "material", value: "" }];
    else if (/^removeFact:\d+$/.test(edit)) {
      const index = Number(edit.slice("removeFact:".length));
      facts = facts.filter((_, i) => i !== index);
    } else if (edit) return answer({ ok: false, status: 400, error: { code: "validation-failed", message: "Unknown change to the facts", field: "edit" }, intent, facts });
    if (edit) return answer({ ok: true, edit: "facts", facts });
    const list = facts.map((fact) => ({ kind: fact.kind, value: fact.value.trim() }));
    const result = await callApi<{ data: { listing: ListingDetail } }>(context, `${path}/facts`, { method: "PUT", body: { facts: list } });
    if (!result.ok) return answer({ ok: false, status: result.status, error: result.error, intent, facts });
    return redirect(`${path}?facts=saved#facts`);
  }
  const draft = listingDraftOf(form);
  // Enter in a field with no tag being typed saves, as the Save button does.
  const saves = !edit || (edit === "enter" && !draft.tagText.trim());
  if (!saves) {
    const edited = editedDraft(draft, edit, limits);
    if (!edited) return answer({ ok: false, status: 400, error: { code: "validation-failed", message: "Unknown change to the listing", field: "edit" }, intent, draft });
    return answer({ ok: true, edit: "listing", draft: edited });
  }
  // Save: a tag typed but not added is kept, as the seller sees it in the field.
  const saving = withTypedTag(draft, limits.tagCount);
  const overwrite = Number(formText(form, "overwrite"));
  const version = Number.isInteger(overwrite) && overwrite > 0 ? overwrite : saving.version;
  const body = {
    title: saving.title.trim(),
    description: saving.description,
    tags: saving.tags.map((tag) => tag.trim()).filter(Boolean),
    altTexts: saving.altTexts.map((alt) => alt.trim()).filter(Boolean),
    version,
  };
  const result = await callApi<{ data: { listing: ListingDetail; ruleReport: RuleReport | null } }>(context, path, { method: "PUT", body });
  if (!result.ok) return answer({ ok: false, status: result.status, error: result.error, intent, draft: saving });
  return redirect(`${path}?saved=${result.data.data.ruleReport?.repaired ? "repaired" : "1"}`);
}
