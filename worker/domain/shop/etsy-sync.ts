/**
 * Import from and push to a connected Etsy shop (decision 0022).
 *
 * import: every active listing of the shop (getListingsByShop, 100 a page, with images), mapped to
 *   ShopListingInput and stored by upsertShopListings (the same path as the CSV import, matching by
 *   Etsy listing id first); then what Etsy has for each listing is kept as its baseline.
 * push: for each of the caller's listings linked to the connected shop whose title, description or
 *   tags differ from the baseline, updateListing with only the parts that differ; the baseline then
 *   becomes what was pushed. One listing's failure does not stop the others; a long rate limit does.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { SHOP_LIMITS } from "../../../schema/api/shop";
import type { EtsyImportResult, EtsyPushItem, EtsyPushRequest, EtsyPushResult } from "../../../schema/api/shop-etsy";
import { etsyListingSync, listings } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { EtsyApiError, type EtsyListing } from "../../providers/etsy-shop/client";
import { accessTokenOf, clientOf, requireConnection, requireEtsySettings, withEtsyToken, upstreamOf } from "./etsy-connection";
import { etsyTextOf, normalizeText, toShopListingInput } from "./etsy-map";
import { upsertShopListings, type ShopImportItem } from "./import";
import { db } from "../../lib/db";

/** Which listings of the shop an import reads. */
const ETSY_IMPORT_STATE = "active";
/** Ids per `IN (...)` (D1 binds at most 100 parameters per statement). */
const CHUNK = 90;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function importFromEtsy(env: Env, userId: string, now = Date.now()): Promise<EtsyImportResult> {
  const client = clientOf(requireEtsySettings(env));
  const connection = await requireConnection(env, userId);
  const fetched: EtsyListing[] = [];
  let total: number;
  for (let offset = 0; ;) {
    const page = await withEtsyToken(env, client, userId, (token, c) => client.listingsPage(token, c.shopId, { state: ETSY_IMPORT_STATE, offset }));
    total = page.count;
    fetched.push(...page.results);
    offset += page.results.length;
    if (!page.results.length || offset >= page.count || fetched.length >= SHOP_LIMITS.importRowsMax) break;
  }
  const kept = fetched.slice(0, SHOP_LIMITS.importRowsMax);
  const items: ShopImportItem[] = kept.map((listing, i) => ({ row: i + 1, input: toShopListingInput(listing) }));
  const result = await upsertShopListings(env.DB, userId, items, now);
  if (total > kept.length) {
    const left = total - kept.length;
    result.skipped += left;
    result.errors.push({ row: kept.length + 1, message: `The shop has ${total} active listings; only the first ${SHOP_LIMITS.importRowsMax} were imported (${left} left out).` });
  }
  await recordBaselines(env, userId, connection.shopId, kept, now);
  return { ...result, fetched: kept.length };
}

/** Keeps what Etsy has for each imported listing as the baseline a push compares with. */
async function recordBaselines(env: Env, userId: string, shopId: string, fetched: EtsyListing[], now: number) {
  const orm = db(env);
  const byEtsyId = new Map(fetched.map((l) => [String(l.listing_id), l]));
  const rows: { id: string; etsyListingId: string | null }[] = [];
  for (const ids of chunks([...byEtsyId.keys()])) {
    rows.push(
      ...(await orm
        .select({ id: listings.id, etsyListingId: listings.etsyListingId })
        .from(listings)
        .where(and(eq(listings.userId, userId), inArray(listings.etsyListingId, ids)))),
    );
  }
  const statements = rows.flatMap((row) => {
    const listing = row.etsyListingId ? byEtsyId.get(row.etsyListingId) : undefined;
    if (!listing) return [];
    const text = etsyTextOf(listing);
    const values = { listingId: row.id, userId, shopId, etsyListingId: String(listing.listing_id), ...text, syncedAt: now };
    return [
      orm
        .insert(etsyListingSync)
        .values(values)
        .onConflictDoUpdate({
          target: etsyListingSync.listingId,
          set: { shopId, etsyListingId: values.etsyListingId, title: text.title, description: text.description, tags: text.tags, syncedAt: now },
        }),
    ];
  });
  for (const group of chunks(statements, 50)) if (group.length) await orm.batch(group as [(typeof group)[0], ...typeof group]);
}

type Field = EtsyPushItem["fields"][number];

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export async function pushToEtsy(env: Env, userId: string, request: EtsyPushRequest, now = Date.now()): Promise<EtsyPushResult> {
  const client = clientOf(requireEtsySettings(env));
  const connection = await requireConnection(env, userId);
  const orm = db(env);
  const columns = { id: listings.id, title: listings.title, description: listings.description, tags: listings.tags, etsyListingId: listings.etsyListingId };
  const named = "ids" in request ? [...new Set(request.ids)] : null;
  const found: { id: string; title: string; description: string; tags: string[]; etsyListingId: string | null }[] = [];
  if (named) {
    for (const ids of chunks(named))
      found.push(
        ...(await orm
          .select(columns)
          .from(listings)
          .where(and(eq(listings.userId, userId), inArray(listings.id, ids)))),
      );
  } else {
    found.push(
      ...(await orm
        .select(columns)
        .from(listings)
        .where(and(eq(listings.userId, userId), isNotNull(listings.etsyListingId)))),
    );
  }
  const baselines = new Map<string, typeof etsyListingSync.$inferSelect>();
  for (const ids of chunks(found.map((f) => f.id))) {
    const rows = await orm
      .select()
      .from(etsyListingSync)
      .where(and(eq(etsyListingSync.userId, userId), eq(etsyListingSync.shopId, connection.shopId), inArray(etsyListingSync.listingId, ids)));
    for (const row of rows) baselines.set(row.listingId, row);
  }

  const items: EtsyPushItem[] = [];
  const work: {
    id: string;
    etsyListingId: string;
    fields: Field[];
    update: { title?: string; description?: string; tags?: string[] };
    next: { title: string; description: string; tags: string[] };
  }[] = [];
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const id of named ?? found.map((f) => f.id)) {
    const listing = byId.get(id);
    if (!listing) {
      items.push({ id, status: "failed", message: "Listing not found", fields: [] });
      continue;
    }
    const baseline = baselines.get(id);
    if (!listing.etsyListingId || !baseline) {
      if (named) items.push({ id, status: "failed", message: "This listing is not linked to the connected Etsy shop: import the shop from Etsy first", fields: [] });
      continue;
    }
    const current = normalizeText({ title: listing.title, description: listing.description, tags: Array.isArray(listing.tags) ? listing.tags : [] });
    const fields: Field[] = [];
    const update: { title?: string; description?: string; tags?: string[] } = {};
    if (current.title !== baseline.title) {
      fields.push("title");
      update.title = current.title;
    }
    if (current.description !== baseline.description) {
      fields.push("description");
      update.description = current.description;
    }
    if (!sameTags(current.tags, baseline.tags)) {
      fields.push("tags");
      update.tags = current.tags;
    }
    if (!fields.length) {
      if (named) items.push({ id, status: "unchanged", message: "Etsy already has this title, description and tags", fields: [] });
      continue;
    }
    work.push({ id, etsyListingId: baseline.etsyListingId, fields, update, next: current });
  }

  if (work.length) {
    let token = (await accessTokenOf(env, client, userId)).token;
    let refreshed = false;
    let stopped: string | null = null;
    for (const job of work) {
      if (stopped) {
        items.push({ id: job.id, status: "failed", message: stopped, fields: job.fields });
        continue;
      }
      try {
        try {
          await client.updateListing(token, connection.shopId, job.etsyListingId, job.update);
        } catch (error) {
          if (!(error instanceof EtsyApiError) || error.kind !== "unauthorized" || refreshed) throw error;
          refreshed = true;
          token = (await accessTokenOf(env, client, userId, { force: true })).token;
          await client.updateListing(token, connection.shopId, job.etsyListingId, job.update);
        }
        await orm
          .update(etsyListingSync)
          .set({ title: job.next.title, description: job.next.description, tags: job.next.tags, syncedAt: now, pushedAt: now })
          .where(and(eq(etsyListingSync.listingId, job.id), eq(etsyListingSync.userId, userId)));
        items.push({ id: job.id, status: "pushed", message: `Etsy has the new ${job.fields.join(", ")}`, fields: job.fields });
      } catch (error) {
        if (!(error instanceof EtsyApiError)) throw upstreamOf(error);
        if (error.kind === "rate_limited" || error.kind === "timeout" || error.kind === "unreachable") stopped = `Not sent: ${error.message}`;
        items.push({ id: job.id, status: "failed", message: error.message, fields: job.fields });
      }
    }
  }
  const count = (status: EtsyPushItem["status"]) => items.filter((i) => i.status === status).length;
  return { pushed: count("pushed"), failed: count("failed"), unchanged: count("unchanged"), items };
}
