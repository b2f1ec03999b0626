/**
 * My Shop on the server (decision 0045): what the shop screens' loaders read and what their actions
 * write, through the load context's in-process API (decision 0041), so the first HTML already shows
 * the seller's shop and every write revalidates the screen. The answers are plain data (no class
 * instances), so they cross from the server loader to the page.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { EtsyConnectionStatus, EtsyImportResult, EtsyPushResult } from "../../schema/api/shop-etsy";
import type { AcceptProposalsResult, OptimizeStarted, RejectProposalsResult, ShopListingDetail, ShopListingsPage, ShopSummary } from "../../schema/api/shop";
import type { ListingSales, ShopChanges, ShopSales } from "../../schema/api/shop-sales";
import type { ApiCallInit } from "../../shared/session";
import { callApi, formText } from "./session.server";
import { listQueryString, type Fetched, type ShopActionResult, type ShopFailure, type ShopListParams } from "./api/shop";

/** One /api call's `data`, or its failure as plain data (code, message, status and the body's extra fields). */
async function fetched<T>(context: AppLoadContext, path: string, init?: ApiCallInit): Promise<Fetched<T>> {
  const result = await callApi<{ data: T }>(context, path, init);
  if (result.ok) return { data: result.data.data };
  return { error: { ...result.error, status: result.status } as ShopFailure };
}

/** Everything My Shop shows: the summary, the Etsy card, the sales and changes cards, and the table's page for the address's view. */
export async function loadShop(context: AppLoadContext, view: ShopListParams) {
  const etsy = () => fetched<EtsyConnectionStatus>(context, "/shop/etsy");
  const [summary, etsyStatus, sales, changes] = await Promise.all([
    fetched<ShopSummary>(context, "/shop/summary"),
    // Asked twice before it counts as failed (the card offers a retry then).
    etsy().then((first) => (first.error ? etsy() : first)),
    fetched<ShopSales>(context, "/shop/sales"),
    fetched<ShopChanges>(context, "/shop/changes?days=90"),
  ]);
  // While the shop holds no listings, no page is asked for.
  const listings = summary.data && summary.data.listings > 0 ? await fetched<ShopListingsPage>(context, `/shop/listings?${listQueryString({ ...view, q: view.q?.trim() || undefined })}`) : null;
  return { summary, listings, etsy: etsyStatus, sales, changes };
}

const CONCURRENT = 4;

/**
 * Every listing with a proposal waiting for review, with its details: the list filtered to pending
 * proposals, page by page (a few pages at a time), then the details a few at a time.
 */
export async function loadPendingProposals(context: AppLoadContext): Promise<Fetched<ShopListingDetail[]>> {
  const list = (page: number) => fetched<ShopListingsPage>(context, `/shop/listings?${listQueryString({ sort: "updated", order: "desc", page, proposal: "pending" })}`);
  const first = await list(1);
  if (first.error) return first;
  const pages = Math.ceil(first.data.total / first.data.pageSize);
  const rows = first.data.listings.filter((row) => row.hasProposal);
  for (let page = 2; page <= pages; page += CONCURRENT) {
    const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENT, pages - page + 1) }, (_, i) => list(page + i)));
    for (const result of batch) {
      if (result.error) return result;
      rows.push(...result.data.listings.filter((row) => row.hasProposal));
    }
  }
  const details: ShopListingDetail[] = [];
  for (let i = 0; i < rows.length; i += CONCURRENT) {
    const batch = await Promise.all(rows.slice(i, i + CONCURRENT).map((row) => fetched<ShopListingDetail>(context, `/shop/listings/${encodeURIComponent(row.id)}`)));
    for (const result of batch) {
      // A listing deleted between the list and its details is no longer waiting.
      if (result.error) {
        if (result.error.code === "not-found") continue;
        return result;
      }
      if (result.data.proposal?.status === "pending") details.push(result.data);
    }
  }
  return { data: details };
}

/**
 * One shop listing with its audit and proposal, and its sales (an extra: without them the listing
 * still shows). A listing that does not exist or is another seller's is a 404 the route's error
 * boundary shows; any other failure is thrown with its own status.
 */
export async function loadShopListing(context: AppLoadContext, id: string): Promise<{ detail: ShopListingDetail; sales?: ListingSales }> {
  const path = `/shop/listings/${encodeURIComponent(id)}`;
  const [detail, sales] = await Promise.all([fetched<ShopListingDetail>(context, path), fetched<ListingSales>(context, `${path}/sales`)]);
  if (detail.error) throw data({ success: false, code: detail.error.code, message: detail.error.message }, { status: detail.error.status });
  return { detail: detail.data, sales: sales.data };
}

/** A bad form (an unknown intent, no ids): a clear 400 answered to the form (never a 500, never the error screen). */
function badForm(intent: string, message: string) {
  return data({ intent, error: { code: "validation-failed", message, status: 400 } } satisfies ShopActionResult, { status: 400 });
}

/** The listing ids of a form: every `id` field. */
function idsOf(form: FormData): string[] {
  return form.getAll("id").filter((value): value is string => typeof value === "string" && value.length > 0);
}

/**
 * The writes of My Shop, its review and a shop listing, by the form's `intent`. Each answers its
 * result (or the API's failure, with the API's status) and React Router reads the screen's loaders
 * again afterwards. `etsy-connect` redirects the browser to Etsy's consent page.
 */
export async function shopAction(context: AppLoadContext, form: FormData) {
  const intent = formText(form, "intent");
  const fail = (error: ShopFailure, extra: Record<string, unknown> = {}) => data({ intent, ...extra, error } as ShopActionResult, { status: error.status });
  switch (intent) {
    case "optimize": {
      const ids = idsOf(form);
      if (ids.length === 0) return badForm(intent, "Choose at least one listing to optimize.");
      const started = await fetched<OptimizeStarted>(context, "/shop/optimize", { body: { ids } });
      return started.error ? fail(started.error) : ({ intent, ids, started: started.data } satisfies ShopActionResult);
    }
    case "accept":
    case "reject": {
      const listingId = formText(form, "listingId");
      if (!listingId) return badForm(intent, "Which listing's proposal? The form carries no listing.");
      const decided = await fetched<unknown>(context, `/shop/listings/${encodeURIComponent(listingId)}/${intent}`, { body: {} });
      return decided.error ? fail(decided.error, { listingId }) : ({ intent, listingId } satisfies ShopActionResult);
    }
    case "accept-all":
    case "reject-all": {
      const ids = idsOf(form);
      const decision = intent === "accept-all" ? "accept" : "reject";
      const decided = await fetched<AcceptProposalsResult & RejectProposalsResult>(context, `/shop/proposals/${decision}`, { body: ids.length ? { ids } : { all: true } });
      if (decided.error) return fail(decided.error);
      return intent === "accept-all" ? ({ intent, ids, result: decided.data } satisfies ShopActionResult) : ({ intent, ids, result: decided.data } satisfies ShopActionResult);
    }
    case "etsy-connect": {
      const started = await fetched<{ url: string }>(context, "/shop/etsy/connect", { method: "POST" });
      // Etsy's consent page; it sends the seller back to /shop?etsy=connected (or an error reason).
      return started.error ? fail(started.error) : redirect(started.data.url);
    }
    case "etsy-import": {
      const result = await fetched<EtsyImportResult>(context, "/shop/etsy/import", { method: "POST" });
      return result.error ? fail(result.error) : ({ intent, result: result.data } satisfies ShopActionResult);
    }
    case "etsy-push": {
      const result = await fetched<EtsyPushResult>(context, "/shop/etsy/push", { body: { all: true } });
      return result.error ? fail(result.error) : ({ intent, result: result.data } satisfies ShopActionResult);
    }
    case "etsy-disconnect": {
      const result = await fetched<unknown>(context, "/shop/etsy", { method: "DELETE" });
      return result.error ? fail(result.error) : ({ intent } satisfies ShopActionResult);
    }
    default:
      return badForm(intent, "Unknown action for My Shop.");
  }
}
