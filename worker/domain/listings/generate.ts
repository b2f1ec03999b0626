/**
 * One-call listing generation for Listora's own screen: reserve one create-listing unit, ask the
 * provider for the four parts at the same time, enforce the rules, save, and keep the unit only when
 * all four parts arrived. The SPEC's client flow (four sequential /api/ai calls with 500 ms pauses)
 * costs 4 x L + 1.5 s; this costs about one call's latency.
 */
import { claim, complete, forget, requestBusy } from "../../lib/idempotency";
import {
  LISTING_LIMITS,
  PLATFORM_PARTS,
  type GenerateEvent,
  type ItemSpecific,
  type ListingDetail,
  type ListingPart,
  type Platform,
  type QuotaSnapshot,
  type RuleCheck,
  type RuleReport,
} from "../../../schema/api/listings";
import type { User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError } from "../../lib/errors";
import type { LlmProvider, LlmRequest } from "../../providers/llm/types";
import { releaseQuota, reserveQuota } from "../quota";
import {
  buildReport,
  enforceAltTexts,
  enforceBullets,
  enforceDescription,
  enforceItemSpecifics,
  enforceSearchTerms,
  enforceListingRules,
  enforceTags,
  enforceTitle,
  splitAltTexts,
  type ListingText,
  type RuleContext,
} from "./enforce-rules";
import { BULLETS_SCHEMA, ITEM_SPECIFICS_SCHEMA, TAGS_SCHEMA } from "./answer-schemas";
import { isDigitalProduct } from "../../../shared/listings/phrases";
import { claimRegeneration, getListing, insertListing, releaseRegeneration, replaceListingText, toDetail } from "./store";
import { parseTagsContent } from "./tags";
import { keepFactsInventNone } from "./fact-check";
import { db } from "../../lib/db";
import { applyFactCorrections } from "../../../shared/facts";
import { log } from "../../lib/log";

export interface GenerationInput {
  description: string;
  keywords: string[];
  platform: Platform;
  /** Facts the seller removed from "Facts we used": the writer must not state them. */
  removedFacts?: string[];
}

const PLATFORM_NAME: Record<Platform, string> = { etsy: "Etsy", amazon: "Amazon", ebay: "eBay" };

const LANGUAGE_RULE = "Write in the language of the product description (a Turkish description gets a Turkish listing, with Turkish casing).";
const PLAIN_RULE = "Plain text only: no Markdown (no **, no #, no - or * list markers), no HTML.";

/**
 * The prompts of SPEC §5 for each part, per marketplace: Etsy (title at most 130, 13 tags, alt
 * texts), eBay (title at most 80, item specifics), Amazon (title at most 200 without promotional
 * words, five bullets, backend search terms). The context lets the offline composer skip reading prose.
 */
export function partRequest(part: ListingPart, input: GenerationInput, variant = 0): LlmRequest {
  const platform = PLATFORM_NAME[input.platform];
  const digital = isDigitalProduct(input.description, input.keywords);
  const keywords = input.keywords.length ? input.keywords.join(", ") : "(none selected)";
  const removed = input.removedFacts?.length ? `\n\nThe seller says these are not true of the product; never write them: ${input.removedFacts.join("; ")}` : "";
  const base = `Product description:\n${input.description}\n\nKeywords: ${keywords}${removed}`;
  const again = variant > 0 ? `\n\nThis is attempt ${variant + 1}: write a version clearly different from earlier ones.` : "";
  const context = { description: input.description, keywords: input.keywords, platform: input.platform, digital, variant };
  const expert = `You are an expert ${platform} SEO copywriter for handmade and small-business sellers. ${LANGUAGE_RULE}`;
  const phrases =
    'Use whole phrases with their measures ("18 inch chain", "350 ml"), never a fragment ending on a preposition or an adjective; include what buyers search for (product type, occasion, recipient); no filler such as "one of a kind" or "made with love".';
  const prompt = `${base}${again}`;
  switch (part) {
    case "title": {
      const rules =
        input.platform === "ebay"
          ? "at most 80 characters; the product type and its most searched words first; no separators or punctuation needed; no promotional words"
          : input.platform === "amazon"
            ? "at most 200 characters (aim for 150 or fewer); product type, key feature, material, size, then who or what it is for; no promotional words (best, sale, free shipping, #1, top rated); no ALL CAPS words; none of ! $ ? _ { } ^ ~ # < > *"
            : "at most 130 characters; front-load the product and its most important keywords in the first 70 characters for mobile; no ALL CAPS words; use only letters, numbers, spaces and - , . ' \" / ( ) ! ? ; and use % : & + at most once each";
      // Decision 0063: what the item fits and a vintage item's era are title facts on every marketplace.
      const facts =
        'Keep what the product fits or works with exactly as the seller named it ("for iPhone 15 Pro", "fits Instant Pot 6 qt"), a vintage item\'s era, its brand and model number, and every size of a set.';
      return { task: "title", context, system: `${expert} Write exactly one listing title. Rules: ${rules}; no markdown. ${phrases} ${facts} Answer with the title only.`, prompt };
    }
    case "description":
      return {
        task: "description",
        context,
        system: `${expert} Write the listing description as plain text, as ${platform}'s description field takes it. ${PLAIN_RULE} Sections, each heading on its own line and bullets starting with "• ": an intro paragraph, features (bullets), benefits (bullets)${digital ? ", a short note that this is a digital product and no physical item will be shipped" : ""}, and optionally a one-line call to action. ${digital ? "" : "Do not add a digital-product note. "}Never include an FAQ. Keep every measure the seller gave. Use the seller's own words where they fit. Answer with the description only.`,
        prompt,
      };
    case "tags":
      return {
        task: "tags",
        context,
        system: `${expert} Write exactly 13 search tags. Rules: each at most 20 characters; each at least 2 words; letters, numbers and spaces only (no special characters); no duplicates and no tag contained in another tag; use the keywords where they fit. ${phrases} Answer with a JSON array of 13 strings and nothing else.`,
        prompt,
        schema: TAGS_SCHEMA,
      };
    case "altTexts":
      return {
        task: "alt-text",
        context,
        system: `${expert} Write 5 image alt texts for the listing photos. Rules: each at most 130 characters; all different; one keyword per image; describe what the photo shows. Format each on its own line as **Image N:** followed by the text.`,
        prompt,
      };
    case "bullets":
      return {
        task: "bullets",
        context,
        system: `${expert} Write exactly 5 Amazon bullet points. Rules: each starts with a short capitalised benefit phrase and a colon, then one or two plain sentences; each 150 to 250 characters and never more than 500; keep the seller's measures and materials; no promotional claims; ${PLAIN_RULE} Answer with a JSON object {"bullets": [five strings]} and nothing else.`,
        prompt,
        json: true,
        schema: BULLETS_SCHEMA,
      };
    case "searchTerms":
      return {
        task: "search-terms",
        context,
        system: `${expert} Write Amazon backend search terms. Rules: single words separated by spaces, no commas; at most 249 bytes; synonyms, alternative names, uses and recipients a shopper might type; do not repeat words of the product title or any word twice; no brand names, no promotional words. Answer with the search terms only.`,
        prompt,
      };
    case "itemSpecifics":
      return {
        task: "item-specifics",
        context,
        system: `${expert} Write eBay item specifics for this product: Brand (only "Handmade" when the product is handmade; never the brand of the device it fits), Type, Material, Color, Size, Compatible Model (what it fits, as the description names it), Country/Region of Manufacture (only from "made in ..."), Theme, Style, Features and any other that the description states. Only what the description says: never invent a value; leave a specific out when it is not known. Each name and value at most 65 characters. Answer with a JSON object of name to value and nothing else.`,
        prompt,
        json: true,
        schema: ITEM_SPECIFICS_SCHEMA,
      };
  }
}

/** A model's list answer: a JSON array (maybe fenced, maybe inside an object), else one entry per line. */
function parseList(content: string, key: string): string[] {
  const unfenced = content.replace(/```(?:json)?/gi, "").trim();
  for (const candidate of [unfenced, unfenced.slice(unfenced.indexOf("["), unfenced.lastIndexOf("]") + 1)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      const list = Array.isArray(value) ? value : (value as Record<string, unknown> | null)?.[key];
      if (Array.isArray(list)) return list.filter((t): t is string => typeof t === "string");
    } catch {
      // not JSON: read it as lines
    }
  }
  return unfenced
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A model's item specifics: a JSON object of name to value, a list of { name, value }, or "Name: value" lines. */
export function parseItemSpecifics(content: string): ItemSpecific[] {
  const unfenced = content.replace(/```(?:json)?/gi, "").trim();
  const start = unfenced.search(/[[{]/);
  if (start >= 0) {
    try {
      const value: unknown = JSON.parse(unfenced.slice(start, Math.max(unfenced.lastIndexOf("}"), unfenced.lastIndexOf("]")) + 1));
      const inner = (value as { itemSpecifics?: unknown; item_specifics?: unknown } | null)?.itemSpecifics ?? (value as { item_specifics?: unknown } | null)?.item_specifics ?? value;
      if (Array.isArray(inner)) {
        return inner
          .map((e) => ({ name: (e as { name?: unknown })?.name, value: (e as { value?: unknown })?.value }))
          .filter((e): e is ItemSpecific => typeof e.name === "string" && (typeof e.value === "string" || typeof e.value === "number"))
          .map((e) => ({ name: e.name, value: String(e.value) }));
      }
      if (inner && typeof inner === "object") {
        return Object.entries(inner as Record<string, unknown>)
          .filter(([, v]) => typeof v === "string" || typeof v === "number" || Array.isArray(v))
          .map(([name, v]) => ({ name, value: Array.isArray(v) ? v.join(", ") : String(v) }));
      }
    } catch {
      // not JSON: read "Name: value" lines
    }
  }
  return unfenced
    .split(/\n+/)
    .map((l) => /^\s*(?:[-*•]\s*)?([^:]{1,65}):\s*(.+)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1].replace(/\*\*/g, "").trim(), value: m[2].replace(/\*\*/g, "").trim() }));
}

type PartValue = string | string[] | ItemSpecific[];

/** A provider's answer to one part, parsed (SPEC §4: tags as a JSON array, alt texts split on markers). */
export function parsePart(part: ListingPart, content: string): PartValue {
  if (part === "tags") return parseTagsContent(content);
  if (part === "altTexts") return splitAltTexts(content);
  if (part === "bullets") return parseList(content, "bullets");
  if (part === "itemSpecifics") return parseItemSpecifics(content);
  return content;
}

/** One part through its rules, so what streams to the screen is already valid. */
function enforcePart(part: ListingPart, value: PartValue, context: RuleContext): { value: PartValue } {
  switch (part) {
    case "title":
      return enforceTitle(String(value), context);
    case "description":
      return enforceDescription(String(value), context);
    case "tags":
      return enforceTags(Array.isArray(value) ? value : [], context);
    case "altTexts":
      return enforceAltTexts(Array.isArray(value) ? value : [], context);
    case "bullets":
      return enforceBullets(value, context);
    case "searchTerms":
      return enforceSearchTerms(value, context);
    case "itemSpecifics":
      return enforceItemSpecifics(value, context);
  }
}

const ruleContextFor = (input: GenerationInput): RuleContext => ({
  productDescription: input.description,
  keywords: input.keywords,
  platform: input.platform,
  digital: isDigitalProduct(input.description, input.keywords),
  writer: true,
});

/**
 * One part of a writer's answer through its rules and the claims check (issue 24): what streams to the
 * screen already keeps the seller's facts and claims nothing they did not say, then the part's rules
 * once more on what the check changed.
 */
export function enforceWriterPart(part: ListingPart, value: PartValue, input: GenerationInput): { value: PartValue; checks: RuleCheck[] } {
  const context = ruleContextFor(input);
  const formed = enforcePart(part, value, context) as { value: PartValue; checks: RuleCheck[] };
  const blank: ListingText = { title: "", description: "", tags: [], altTexts: [] };
  const checked = keepFactsInventNone({ ...blank, [part]: formed.value }, { description: input.description, keywords: input.keywords, platform: input.platform }, part);
  const after = checked.listing[part as keyof typeof checked.listing] as PartValue | undefined;
  if (after === undefined || JSON.stringify(after) === JSON.stringify(formed.value)) return { value: formed.value, checks: [...formed.checks, ...checked.checks] };
  const again = enforcePart(part, after, context) as { value: PartValue; checks: RuleCheck[] };
  return { value: again.value, checks: [...formed.checks, ...checked.checks] };
}

/** Asks for one part and brings it through its rules; answers the value and what the rules repaired. */
async function askPart(provider: LlmProvider, part: ListingPart, input: GenerationInput, variant = 0, timeoutMs?: number): Promise<{ value: PartValue; checks: RuleCheck[] }> {
  const request = partRequest(part, input, variant);
  const content = await provider.complete(timeoutMs ? { ...request, timeoutMs } : request);
  return enforceWriterPart(part, parsePart(part, content), input);
}

/** Asks for one part and brings it through its rules. */
export async function generatePart(provider: LlmProvider, part: ListingPart, input: GenerationInput, variant = 0, timeoutMs?: number): Promise<PartValue> {
  return (await askPart(provider, part, input, variant, timeoutMs)).value;
}

/** The final report, with the repairs made to each part as it arrived (the final pass sees them already repaired). */
function mergeChecks(first: RuleCheck[], final: RuleReport): RuleReport {
  // One rule repaired in several parts (the claims check of the title and of the tags) says every repair.
  const repairedFirst = new Map<string, RuleCheck>();
  for (const c of first.filter((x) => x.status === "repaired")) {
    const had = repairedFirst.get(c.rule);
    repairedFirst.set(c.rule, had ? { ...had, detail: [had.detail, c.detail].filter(Boolean).join("; ") } : c);
  }
  const checks = final.checks.map((c) => (c.status === "pass" && repairedFirst.has(c.rule) ? repairedFirst.get(c.rule)! : c));
  return buildReport(checks);
}

/** The parts a marketplace's listing has, in the order the screen shows them. */
const partsFor = (platform: Platform): readonly ListingPart[] => PLATFORM_PARTS[platform];

/**
 * The marketplace's parts at the same time (Etsy: title, description, tags, alt texts; eBay: title,
 * description, item specifics; Amazon: title, bullets, description, search terms, alt texts). Each is
 * handed to `onPart` as soon as it arrives; any failure fails the whole generation. The assembled
 * listing then goes through every rule once more (search terms drop the final title's words).
 */
export async function generateListingParts(
  provider: LlmProvider,
  input: GenerationInput,
  onPart: (part: ListingPart, value: PartValue) => void = () => {},
  options: { timeoutMs?: number } = {},
): Promise<{ listing: ListingText; report: RuleReport }> {
  const parts = partsFor(input.platform);
  const answers = await Promise.all(
    parts.map(async (part) => {
      const { value, checks } = await askPart(provider, part, input, 0, options.timeoutMs);
      onPart(part, value);
      return { part, value, checks };
    }),
  );
  const got = Object.fromEntries(answers.map((a) => [a.part, a.value])) as Partial<Record<ListingPart, PartValue>>;
  const final = enforceListingRules(
    {
      title: String(got.title ?? ""),
      description: String(got.description ?? ""),
      tags: (got.tags as string[] | undefined) ?? [],
      altTexts: (got.altTexts as string[] | undefined) ?? [],
      bullets: got.bullets as string[] | undefined,
      searchTerms: got.searchTerms as string | undefined,
      itemSpecifics: got.itemSpecifics as ItemSpecific[] | undefined,
    },
    ruleContextFor(input),
  );
  return {
    listing: final.listing,
    report: mergeChecks(
      answers.flatMap((a) => a.checks),
      final.report,
    ),
  };
}

// ---- Quota, idempotency and saving -------------------------------------------------------------

const SCOPE = "listings.generate";

type DoneEvent = Extract<GenerateEvent, { type: "done" }>;

interface GenerationDeps {
  env: Pick<Env, "DB" | "QUOTA">;
  user: Pick<User, "id" | "plan">;
  provider: LlmProvider;
  /** Shown when the requested provider was not configured and another one served. */
  notice?: string;
  timeoutMs?: number;
}

type OpenedGeneration = { kind: "replay"; done: DoneEvent } | { kind: "fresh"; quota: QuotaSnapshot; run: (onPart?: (part: ListingPart, value: PartValue) => void) => Promise<DoneEvent> };

/**
 * Everything that can refuse a generation happens here, before anything streams: a replay of a
 * finished request id, 409 while the same id is still running, 403 when the quota is used up.
 * `run` then does the work; it keeps the unit only when the listing was saved, and gives it back
 * (and frees the request id for a retry) otherwise.
 */
export async function openGeneration(deps: GenerationDeps, input: GenerationInput, requestId?: string): Promise<OpenedGeneration> {
  const { env, user, provider } = deps;
  const orm = db(env);
  const key = requestId ? { userId: user.id, scope: SCOPE, requestId } : undefined;

  if (key) {
    const claimed = await claim(orm, key);
    if (claimed.kind === "busy") throw requestBusy();
    if (claimed.kind === "replay") return { kind: "replay", done: { ...(claimed.body as DoneEvent), replayed: true } };
  }
  const forgetClaim = async () => {
    if (key) await forget(orm, key);
  };

  let quota: QuotaSnapshot;
  try {
    const reserved = await reserveQuota(env as Env, user, "create-listing");
    quota = { used: reserved.used, limit: reserved.limit, plan: reserved.plan };
  } catch (error) {
    await forgetClaim();
    throw error;
  }

  const run = async (onPart?: (part: ListingPart, value: PartValue) => void): Promise<DoneEvent> => {
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
      if (key) await complete(orm, key, { status: 200, body: done });
      return done;
    } catch (error) {
      await releaseQuota(env as Env, user, "create-listing").catch((e) => log.error("quota.release_failed", { error: String(e) }));
      await forgetClaim();
      throw error;
    }
  };

  return { kind: "fresh", quota, run };
}

// ---- Regenerating one part ---------------------------------------------------------------------

interface RegeneratedPart {
  part: ListingPart;
  value: PartValue;
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
  const platform: Platform = current.platform === "amazon" || current.platform === "ebay" ? current.platform : "etsy";
  if (!partsFor(platform).includes(part)) {
    throw new HttpError(400, `A listing for ${PLATFORM_NAME[platform]} has no ${part}: its parts are ${partsFor(platform).join(", ")}.`, { field: "part" });
  }
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

  // The prompt the listing was generated from, frozen at generation; original_prompt is the seller's to edit.
  // The seller's corrected "Facts we used" win over what was read from it (issue 24).
  const corrected = applyFactCorrections(current.generationPrompt ?? current.originalPrompt, generation.keywords, platform, current.factCorrections);
  const input: GenerationInput = { description: corrected.description, keywords: corrected.keywords, platform, removedFacts: corrected.removed };
  let value: PartValue;
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
    bullets: (current.bullets as string[] | null) ?? [],
    searchTerms: current.searchTerms ?? "",
    itemSpecifics: (current.itemSpecifics as ItemSpecific[] | null) ?? [],
    [part]: value,
  };
  const { listing, report } = enforceListingRules(text, ruleContextFor(input));
  const row = await replaceListingText(db, current, listing, buildReport(report.checks), now);
  const saved = toDetail(row);
  return {
    part,
    value: listing[part] ?? "",
    listing: saved,
    ruleReport: saved.rule_report ?? report,
    regenerationsLeft: Math.max(0, LISTING_LIMITS.regenerationsMax - used),
    provider: provider.name,
  };
}
