/**
 * One-call listing generation for Listora's own screen: reserve one create-listing unit, ask the
 * provider for the four parts at the same time, enforce the rules, save, and keep the unit only when
 * all four parts arrived. The SPEC's client flow (four sequential /api/ai calls with 500 ms pauses)
 * costs 4 x L + 1.5 s; this costs about one call's latency.
 */
import { claimRequest } from "../../lib/idempotency";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import {
  LISTING_LIMITS,
  LISTING_PARTS,
  type GenerateEvent,
  type ListingDetail,
  type ListingPart,
  type Platform,
  type QuotaSnapshot,
  type RuleReport,
} from "../../../schema/api/listings";
import { idempotency, type User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError } from "../../lib/errors";
import type { LlmProvider, LlmRequest } from "../../providers/llm/types";
import { releaseQuota, reserveQuota } from "../quota";
import {
  buildReport,
  enforceAltTexts,
  enforceDescription,
  enforceListingRules,
  enforceTags,
  enforceTitle,
  splitAltTexts,
  type ListingText,
  type RuleContext,
} from "./enforce-rules";
import { isDigitalProduct } from "./phrases";
import { claimRegeneration, getListing, insertListing, releaseRegeneration, replaceListingText, toDetail } from "./store";
import { parseTagsContent } from "./tags";

export interface GenerationInput {
  description: string;
  keywords: string[];
  platform: Platform;
}

const PLATFORM_NAME: Record<Platform, string> = { etsy: "Etsy", amazon: "Amazon", ebay: "eBay" };

/** The prompts of SPEC §5 for each part; the context lets the offline composer skip reading prose. */
export function partRequest(part: ListingPart, input: GenerationInput, variant = 0): LlmRequest {
  const platform = PLATFORM_NAME[input.platform];
  const digital = isDigitalProduct(input.description, input.keywords);
  const keywords = input.keywords.length ? input.keywords.join(", ") : "(none selected)";
  const base = `Product description:\n${input.description}\n\nKeywords: ${keywords}`;
  const again = variant > 0 ? `\n\nThis is attempt ${variant + 1}: write a version clearly different from earlier ones.` : "";
  const context = { description: input.description, keywords: input.keywords, platform: input.platform, digital, variant };
  const expert = `You are an expert ${platform} SEO copywriter for handmade and small-business sellers.`;
  switch (part) {
    case "title":
      return {
        task: "title",
        context,
        system: `${expert} Write exactly one listing title. Rules: at most 130 characters; front-load the product and its most important keywords in the first 70 characters for mobile; no markdown; no ALL CAPS words; use only letters, numbers, spaces and - , . ' " / ( ) ! ? ; and use % : & + at most once each. Answer with the title only.`,
        prompt: `${base}${again}`,
      };
    case "description":
      return {
        task: "description",
        context,
        system: `${expert} Write the listing description in markdown with these sections: an intro paragraph, features (a bulleted list), benefits (a bulleted list)${digital ? ", a short note that this is a digital product and no physical item will be shipped" : ""}, and optionally a one-line call to action. ${digital ? "" : "Do not add a digital-product note. "}Never include an FAQ. Use the seller's own words where they fit. Answer with the description only.`,
        prompt: `${base}${again}`,
      };
    case "tags":
      return {
        task: "tags",
        context,
        system: `${expert} Write exactly 13 search tags. Rules: each at most 20 characters; each at least 2 words; letters, numbers and spaces only (no special characters); no duplicates; use the keywords where they fit. Answer with a JSON array of 13 strings and nothing else.`,
        prompt: `${base}${again}`,
      };
    case "altTexts":
      return {
        task: "alt-text",
        context,
        system: `${expert} Write 5 image alt texts for the listing photos. Rules: each at most 130 characters; all different; one keyword per image; describe what the photo shows. Format each on its own line as **Image N:** followed by the text.`,
        prompt: `${base}${again}`,
      };
  }
}

/** A provider's answer to one part, parsed (SPEC §4: tags as a JSON array, alt texts split on markers). */
export function parsePart(part: ListingPart, content: string): string | string[] {
  if (part === "tags") return parseTagsContent(content);
  if (part === "altTexts") return splitAltTexts(content);
  return content;
}

/** One part through its rules, so what streams to the screen is already valid. */
export function enforcePart(part: ListingPart, value: string | string[], context: RuleContext) {
  switch (part) {
    case "title":
      return enforceTitle(String(value), context);
    case "description":
      return enforceDescription(String(value), context);
    case "tags":
      return enforceTags(Array.isArray(value) ? value : [], context);
    case "altTexts":
      return enforceAltTexts(Array.isArray(value) ? value : [], context);
  }
}

export const ruleContextFor = (input: GenerationInput): RuleContext => ({
  productDescription: input.description,
  keywords: input.keywords,
  platform: input.platform,
  digital: isDigitalProduct(input.description, input.keywords),
});

/** Asks for one part and brings it through its rules. */
export async function generatePart(provider: LlmProvider, part: ListingPart, input: GenerationInput, variant = 0, timeoutMs?: number) {
  const request = partRequest(part, input, variant);
  const content = await provider.complete(timeoutMs ? { ...request, timeoutMs } : request);
  return enforcePart(part, parsePart(part, content), ruleContextFor(input)).value;
}

/**
 * The four parts at the same time. Each is handed to `onPart` as soon as it arrives; any failure
 * fails the whole generation. The assembled listing then goes through every rule once more, so tags
 * can fill from the final title and description.
 */
export async function generateListingParts(
  provider: LlmProvider,
  input: GenerationInput,
  onPart: (part: ListingPart, value: string | string[]) => void = () => {},
  options: { timeoutMs?: number } = {},
): Promise<{ listing: ListingText; report: RuleReport }> {
  const values = await Promise.all(
    LISTING_PARTS.map(async (part) => {
      const value = await generatePart(provider, part, input, 0, options.timeoutMs);
      onPart(part, value);
      return value;
    }),
  );
  const [title, description, tags, altTexts] = values as [string, string, string[], string[]];
  return enforceListingRules({ title, description, tags, altTexts }, ruleContextFor(input));
}

// ---- Quota, idempotency and saving -------------------------------------------------------------

const SCOPE = "listings.generate";
const PENDING = 0;

export type DoneEvent = Extract<GenerateEvent, { type: "done" }>;

export interface GenerationDeps {
  env: Pick<Env, "DB" | "QUOTA">;
  user: Pick<User, "id" | "plan">;
  provider: LlmProvider;
  /** Shown when the requested provider was not configured and another one served. */
  notice?: string;
  timeoutMs?: number;
}

export type OpenedGeneration =
  | { kind: "replay"; done: DoneEvent }
  | { kind: "fresh"; quota: QuotaSnapshot; run: (onPart?: (part: ListingPart, value: string | string[]) => void) => Promise<DoneEvent> };

/**
 * Everything that can refuse a generation happens here, before anything streams: a replay of a
 * finished request id, 409 while the same id is still running, 403 when the quota is used up.
 * `run` then does the work; it keeps the unit only when the listing was saved, and gives it back
 * (and frees the request id for a retry) otherwise.
 */
export async function openGeneration(deps: GenerationDeps, input: GenerationInput, requestId?: string): Promise<OpenedGeneration> {
  const { env, user, provider } = deps;
  const db = drizzle(env.DB);
  const key = requestId ? and(eq(idempotency.userId, user.id), eq(idempotency.scope, SCOPE), eq(idempotency.requestId, requestId)) : undefined;

  if (requestId && key) {
    const claim = await claimRequest(db, user.id, SCOPE, requestId);
    if (!claim.claimed) {
      const existing = claim.existing;
      if (!existing || existing.status === PENDING) throw new HttpError(409, "This request is already being processed. Please wait for it to finish.");
      return { kind: "replay", done: { ...(JSON.parse(existing.body) as DoneEvent), replayed: true } };
    }
  }
  const forget = async () => {
    if (key) await db.delete(idempotency).where(key);
  };

  let quota: QuotaSnapshot;
  try {
    const reserved = await reserveQuota(env as Env, user, "create-listing");
    quota = { used: reserved.used, limit: reserved.limit, plan: reserved.plan };
  } catch (error) {
    await forget();
    throw error;
  }

  const run = async (onPart?: (part: ListingPart, value: string | string[]) => void): Promise<DoneEvent> => {
    try {
      const { listing, report } = await generateListingParts(provider, input, onPart, { timeoutMs: deps.timeoutMs });
      const context = ruleContextFor(input);
      const ruleReport: RuleReport = { ...report, generation: { keywords: input.keywords, digital: context.digital ?? false, regenerations: 0 } };
      const row = await insertListing(env.DB, user.id, {
        ...listing,
        originalPrompt: input.description,
        platform: input.platform,
        provider: provider.name,
        source: "create",
        ruleReport,
      });
      const done: DoneEvent = {
        type: "done",
        listing: toDetail(row),
        ruleReport,
        quota,
        provider: provider.name,
        providerLabel: provider.label,
        offline: provider.offline,
        ...(deps.notice ? { notice: deps.notice } : {}),
      };
      if (key) await db.update(idempotency).set({ status: 200, body: JSON.stringify(done) }).where(key);
      return done;
    } catch (error) {
      await releaseQuota(env as Env, user, "create-listing").catch((e) =>
        console.error(JSON.stringify({ level: "error", event: "quota.release_failed", error: String(e) })),
      );
      await forget().catch(() => {});
      throw error;
    }
  };

  return { kind: "fresh", quota, run };
}

// ---- Regenerating one part ---------------------------------------------------------------------

export interface RegeneratedPart {
  part: ListingPart;
  value: string | string[];
  listing: ListingDetail;
  ruleReport: RuleReport;
  regenerationsLeft: number;
  provider: string;
}

/**
 * A new version of one part of a listing generated in the last hour, without spending a unit:
 * at most 5 per listing (the count is taken atomically before the provider is asked, and given back
 * if the provider fails). The whole listing is enforced again and saved.
 */
export async function regeneratePart(
  deps: { db: D1Database; userId: string; provider: LlmProvider; timeoutMs?: number },
  listingId: string,
  part: ListingPart,
  now = Date.now(),
): Promise<RegeneratedPart> {
  const { db, userId, provider } = deps;
  const current = await getListing(db, userId, listingId);
  const generation = (current.ruleReport as RuleReport | null)?.generation;
  if (current.source !== "create" || !generation) {
    throw new HttpError(409, "Only a listing generated on the Create Listing screen can have a part regenerated.");
  }
  if (now - current.createdAt > LISTING_LIMITS.regenerationWindowMs) {
    throw new HttpError(409, "Parts can be regenerated only within an hour of generating the listing.");
  }
  const used = await claimRegeneration(db, userId, listingId, LISTING_LIMITS.regenerationsMax, now - LISTING_LIMITS.regenerationWindowMs);
  if (used === undefined) {
    throw new HttpError(409, `This listing's parts were already regenerated ${LISTING_LIMITS.regenerationsMax} times.`, { regenerationsLeft: 0 });
  }

  const input: GenerationInput = { description: current.originalPrompt, keywords: generation.keywords, platform: (current.platform as Platform) ?? "etsy" };
  let value: string | string[];
  try {
    value = await generatePart(provider, part, input, used, deps.timeoutMs);
  } catch (error) {
    await releaseRegeneration(db, userId, listingId).catch(() => {});
    throw error;
  }

  const text: ListingText = {
    title: current.title,
    description: current.description,
    tags: (current.tags as string[]) ?? [],
    altTexts: (current.altTexts as string[]) ?? [],
    [part]: value,
  };
  const { listing, report } = enforceListingRules(text, ruleContextFor(input));
  const row = await replaceListingText(db, userId, listingId, listing, buildReport(report.checks), now);
  const saved = toDetail(row);
  return {
    part,
    value: listing[part],
    listing: saved,
    ruleReport: saved.rule_report ?? report,
    regenerationsLeft: Math.max(0, LISTING_LIMITS.regenerationsMax - used),
    provider: provider.name,
  };
}
