/**
 * The seller's review of proposals (decision 0021): Accept applies a listing's pending proposal as a
 * new version (reason "accept"), Reject marks it rejected and leaves the listing as it is. A proposal
 * made from an older version of the listing than the current one is a 409 carrying the listing as it
 * is now: the seller changed it since, and accepting would overwrite that change.
 */
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { RuleReport } from "../../../schema/api/listings";
import type { AcceptProposalsResult, AcceptedProposal, ProposalDecision, RejectProposalsResult, ShopProposal } from "../../../schema/api/shop";
import { listingProposals, listings, type Listing, type ListingProposal } from "../../../schema/db";
import { HttpError, notFound } from "../../lib/errors";
import { sellerRuleReport } from "../listings/seller-edit";
import { getListing, ruleContextOf, toDetail } from "../listings/store";
import { snapshotOf, versionStatements } from "../listings/version-rows";
import { toShopProposal } from "./proposal-shape";

const NO_PROPOSAL = "There is no proposal waiting for this listing.";

async function pendingProposal(db: D1Database, userId: string, listingId: string): Promise<ListingProposal | undefined> {
  const [row] = await drizzle(db)
    .select()
    .from(listingProposals)
    .where(and(eq(listingProposals.listingId, listingId), eq(listingProposals.userId, userId), eq(listingProposals.status, "pending")))
    .limit(1);
  return row;
}

/** The 409 of a proposal made from an older version: the listing as it is now. */
function proposalConflict(current: Listing, proposal: ListingProposal): HttpError {
  return new HttpError(
    409,
    `This listing was changed after the proposal was made (the proposal is for version ${proposal.baseVersion}; the listing is now at version ${current.version}). Optimize it again to get a proposal for the current text, or reject this one.`,
    { code: "version-conflict", listing: toDetail(current), currentVersion: current.version },
  );
}

type AcceptResult = { kind: "accepted"; value: AcceptedProposal } | { kind: "conflict"; error: HttpError } | { kind: "missing" };

async function acceptOne(db: D1Database, userId: string, listingId: string, now: number): Promise<AcceptResult> {
  const d = drizzle(db);
  const [current] = await d
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, userId)))
    .limit(1);
  if (!current) return { kind: "missing" };
  const proposal = await pendingProposal(db, userId, listingId);
  if (!proposal) return { kind: "missing" };
  if (proposal.baseVersion !== current.version) return { kind: "conflict", error: proposalConflict(current, proposal) };

  const text = { title: proposal.title, description: proposal.description, tags: proposal.tags, altTexts: proposal.altTexts };
  const ruleReport = sellerRuleReport(text, ruleContextOf(current), current.ruleReport as RuleReport | null);
  const version = current.version + 1;
  // One batch: the proposal is accepted and the listing written only while the listing is still at the
  // proposal's version and the proposal still pending; the version row records the change.
  const [decided, updated] = await d.batch([
    d
      .update(listingProposals)
      .set({ status: "accepted", decidedAt: now })
      .where(
        and(
          eq(listingProposals.id, proposal.id),
          eq(listingProposals.status, "pending"),
          inArray(
            listingProposals.listingId,
            d
              .select({ id: listings.id })
              .from(listings)
              .where(and(eq(listings.id, listingId), eq(listings.version, current.version))),
          ),
        ),
      )
      .returning(),
    d
      .update(listings)
      .set({ ...text, ruleReport, version, updatedAt: now })
      .where(
        and(
          eq(listings.id, listingId),
          eq(listings.userId, userId),
          eq(listings.version, current.version),
          inArray(
            listings.id,
            d
              .select({ id: listingProposals.listingId })
              .from(listingProposals)
              .where(and(eq(listingProposals.id, proposal.id), eq(listingProposals.status, "accepted"))),
          ),
        ),
      )
      .returning(),
    ...versionStatements(d, { listingId, userId, version, snapshot: snapshotOf({ ...current, ...text }), reason: "accept", now }),
  ]);
  if (!decided[0] || !updated[0]) {
    const latest = await getListing(db, userId, listingId);
    const still = await pendingProposal(db, userId, listingId);
    if (!still) return { kind: "missing" };
    return { kind: "conflict", error: proposalConflict(latest, still) };
  }
  return { kind: "accepted", value: { listing: toDetail(updated[0]), proposal: toShopProposal(decided[0]) } };
}

/** POST /api/shop/listings/:id/accept. */
export async function acceptProposal(db: D1Database, userId: string, listingId: string, now = Date.now()): Promise<AcceptedProposal> {
  await getListing(db, userId, listingId);
  const result = await acceptOne(db, userId, listingId, now);
  if (result.kind === "missing") throw notFound(NO_PROPOSAL);
  if (result.kind === "conflict") throw result.error;
  return result.value;
}

/** POST /api/shop/listings/:id/reject: the proposal is rejected; the listing is unchanged. */
export async function rejectProposal(db: D1Database, userId: string, listingId: string, now = Date.now()): Promise<ShopProposal> {
  await getListing(db, userId, listingId);
  const [row] = await drizzle(db)
    .update(listingProposals)
    .set({ status: "rejected", decidedAt: now })
    .where(and(eq(listingProposals.listingId, listingId), eq(listingProposals.userId, userId), eq(listingProposals.status, "pending")))
    .returning();
  if (!row) throw notFound(NO_PROPOSAL);
  return toShopProposal(row);
}

/** The listing ids a bulk decision is about: the ids sent, or every listing with a pending proposal. */
async function targets(db: D1Database, userId: string, decision: ProposalDecision): Promise<string[]> {
  if ("ids" in decision) return [...new Set(decision.ids)];
  const rows = await drizzle(db)
    .select({ listingId: listingProposals.listingId })
    .from(listingProposals)
    .where(and(eq(listingProposals.userId, userId), eq(listingProposals.status, "pending")));
  return rows.map((r) => r.listingId);
}

/** POST /api/shop/proposals/accept: each listing on its own; one conflict does not stop the others. */
export async function acceptProposals(db: D1Database, userId: string, decision: ProposalDecision, now = Date.now()): Promise<AcceptProposalsResult> {
  const result: AcceptProposalsResult = { accepted: [], conflicts: [], missing: [] };
  for (const id of await targets(db, userId, decision)) {
    const one = await acceptOne(db, userId, id, now);
    if (one.kind === "accepted") result.accepted.push(id);
    else if (one.kind === "conflict") result.conflicts.push(id);
    else result.missing.push(id);
  }
  return result;
}

/** POST /api/shop/proposals/reject. */
export async function rejectProposals(db: D1Database, userId: string, decision: ProposalDecision, now = Date.now()): Promise<RejectProposalsResult> {
  const ids = await targets(db, userId, decision);
  const result: RejectProposalsResult = { rejected: [], missing: [] };
  for (let i = 0; i < ids.length; i += 90) {
    const part = ids.slice(i, i + 90);
    const rows = await drizzle(db)
      .update(listingProposals)
      .set({ status: "rejected", decidedAt: now })
      .where(and(eq(listingProposals.userId, userId), eq(listingProposals.status, "pending"), inArray(listingProposals.listingId, part)))
      .returning({ listingId: listingProposals.listingId });
    const done = new Set(rows.map((r) => r.listingId));
    for (const id of part) (done.has(id) ? result.rejected : result.missing).push(id);
  }
  return result;
}
