/**
 * The pattern wizard's three steps (SPEC §2 Wizard): optimize the pasted pattern, format it into the
 * document a seller sells (text for the review step plus a stored PDF), and write the Etsy listing for
 * that digital product; Finish saves the listing to My Listings with the PDF attached.
 *
 * With the offline provider the embedded optimizer and formatter do the work (deterministic, no
 * quota). A real model is bounded by the per-user daily "ai-call" counter; the listing step spends one
 * create-listing unit whatever the provider (docs/decisions/0006-wizard-quota.md).
 */
import { and, eq } from "drizzle-orm";
import type { RuleReport } from "../../../schema/api/listings";
import type { EtsyListingInput, FinishWizardInput, GeneratePdfInput, OptimizePatternInput, PatternPdfInfo, TechEditInput, WizardOptions } from "../../../schema/api/workflow";
import { WIZARD_LIMITS } from "../../../schema/api/workflow";
import { files, listings, users, type StoredFile, type User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError, UpstreamError, badRequest, notFound } from "../../lib/errors";
import { selectLlmProvider } from "../../providers/llm";
import type { LlmProvider, LlmRequest } from "../../providers/llm/types";
import { TAGS_SCHEMA } from "../listings/answer-schemas";
import { enforceListingRules } from "../listings/enforce-rules";
import { FILE_NOT_FOUND, getFile, openFile, safeFileName } from "../listings/files";
import { freshSummary } from "../listings/store";
import { parseTagsContent } from "../listings/tags";
import { splitAltTexts } from "../listings/enforce-rules";
import { completeOnboardingStep } from "../onboarding";
import { withQuota } from "../quota";
import type { Craft, PatternLanguage } from "./abbreviations";
import { formatPatternOffline, instructionLines, renderFormattedPattern, type FormattedPattern } from "./offline-formatter";
import { optimizePatternOffline, renderOptimizedPattern, sectionOutline, type PatternOptions } from "./offline-optimizer";
import { patternDetails, writePatternListing } from "./pattern-listing";
import { techEdit, type TechEditReport } from "./tech-edit";
import { convertCrochetTerms } from "./convert-terms";
import { renderPatternPdf, type CoverPhoto } from "./pdf";
import { snapshotOf, versionStatements } from "../listings/version-rows";
import { deleteFilesMetered, insertFilesMetered, listingCapGuard, listingLimitReached, readStorageUsage } from "../storage/meter";
import { db } from "../../lib/db";

const WIZARD_TIMEOUT_MS: number = WIZARD_LIMITS.timeoutMs;

/** The SPEC's wizard error texts (§8); a server message starts with them and then says why. */
const WIZARD_ERRORS = {
  optimize: "Failed to optimize content",
  format: "Failed to format content",
  listing: "Etsy listing could not be generated.",
} as const;

interface WizardDeps {
  /** The provider to use; by default the one configuration selects (wizardLlm). */
  llm?: LlmProvider;
  /** How long a provider may take; the SPEC's 180 s by default, short in tests. */
  timeoutMs?: number;
  now?: () => number;
}

type WizardUser = Pick<User, "id" | "plan">;

/** The one integration point with the LLM providers: the configured default, or the one the options ask for. */
export function wizardLlm(env: Env, requested?: string | null): LlmProvider {
  return selectLlmProvider(env, requested ?? undefined).provider;
}

const providerInfo = (llm: LlmProvider) => ({ provider: llm.name, providerLabel: llm.label, offline: llm.offline });

function patternOptions(options: WizardOptions | undefined): PatternOptions {
  return { craft: options?.craft, language: options?.language, title: options?.title || undefined };
}

/**
 * One provider call with the wizard's time-out. Whatever goes wrong becomes an UpstreamError whose
 * message starts with the SPEC's text: 502 for a failure or an empty answer, 504 for the time-out.
 */
async function askProvider(llm: LlmProvider, request: LlmRequest, timeoutMs: number, failure: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError(llm.name, `${failure}: ${llm.label} did not answer within ${Math.round(timeoutMs / 1000)} s. Please try again.`, true)), timeoutMs);
  });
  try {
    const answer = await Promise.race([llm.complete({ ...request, timeoutMs }), timeout]);
    const text = unfence(typeof answer === "string" ? answer : "");
    if (!text.trim()) throw new UpstreamError(llm.name, `${failure}: ${llm.label} returned an empty answer. Please try again.`);
    return text;
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw error.message.startsWith(failure) ? error : new UpstreamError(error.provider, `${failure}: ${error.message}`, error.timedOut);
    }
    if (error instanceof HttpError) throw error;
    throw new UpstreamError(llm.name, `${failure}: ${llm.label} failed. Please try again.`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The reply budget (tokens) for a model that gives a pattern back with headings added: about three
 * characters a token plus room for the headings, at most 8192 (Workers AI's default is 256 tokens;
 * a reply cut short drops lines, and the embedded structure is then kept).
 */
function echoBudget(text: string, ceiling = 8192) {
  return Math.min(ceiling, Math.max(1024, Math.ceil(text.length / 3) + 512));
}

/** A model may wrap its whole answer in a code fence. */
function unfence(text: string) {
  const m = /^\s*```[\w-]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return m ? m[1] : text;
}

/** Real models are bounded by the daily ai-call counter; the embedded default costs nothing to run. */
function metered<T>(env: Env, user: WizardUser, llm: LlmProvider, work: () => Promise<T>): Promise<T> {
  return llm.offline ? work() : withQuota(env, user, "ai-call", work);
}

const LANGUAGE_NAME: Record<PatternLanguage, string> = { en: "English", tr: "Turkish" };

function optimizeSystem(craft: Craft, language: PatternLanguage) {
  return [
    `You are a technical editor of ${craft} patterns. Show the structure of the pattern the user pastes by adding markdown headings.`,
    "- Start with '# ' and the pattern's title (its first line when it is one).",
    "- Add '## ' headings for Finished size, Materials, Gauge, Abbreviations, Instructions and Notes where the pattern has no heading of its own, and '### ' for parts such as Head or Body.",
    "- Keep EVERY line exactly as given, character for character and in its order: add headings, never change, move, merge or drop a line. Do not invent materials, sizes or steps.",
    `- Headings you add are in ${LANGUAGE_NAME[language]}. Answer with the pattern only, in markdown.`,
  ].join("\n");
}

function formatSystem(language: PatternLanguage) {
  return [
    "You lay out a craft pattern as a document to sell as a PDF. Answer in markdown: '# Title', then the pattern's sections as '## ' headings",
    "(Finished size, Materials, Gauge, Abbreviations, Instructions with parts as '### Part', Notes), in the pattern's own order.",
    "Keep EVERY line of the pattern exactly as given, character for character and in its order: you may change headings, never a line under them.",
    `Do not add anything that is not in the pattern. Headings in ${LANGUAGE_NAME[language]}.`,
  ].join("\n");
}

// ---- Step 1: optimize ---------------------------------------------------------------------------

interface OptimizeResult {
  optimizedPattern: string;
  craft: Craft;
  language: PatternLanguage;
  craftDetected: boolean;
  data: { techEdit: TechEditReport; sections: ReturnType<typeof sectionOutline> };
}

/**
 * Every non-blank line of `input` appears exactly once in `output`, as written and in order (markdown
 * heading marks may be added in front of it). What a model's answer must keep to be used.
 */
export function keepsEveryLine(input: string, output: string): boolean {
  const wanted = input
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const got = output
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^#{1,6}\s+(?=\S)/u, ""))
    .filter(Boolean);
  let at = 0;
  for (const line of wanted) {
    const bare = line.replace(/^#{1,6}\s+(?=\S)/u, "");
    while (at < got.length && got[at] !== bare) at++;
    if (at === got.length) return false;
    at++;
  }
  return wanted.every((line) => {
    const bare = line.replace(/^#{1,6}\s+(?=\S)/u, "");
    return got.filter((g) => g === bare).length === wanted.filter((w) => w.replace(/^#{1,6}\s+(?=\S)/u, "") === bare).length;
  });
}

async function optimizePattern(input: Pick<OptimizePatternInput, "pattern" | "options">, llm: LlmProvider, timeoutMs = WIZARD_TIMEOUT_MS): Promise<OptimizeResult> {
  const options = patternOptions(input.options);
  const optimized = optimizePatternOffline(input.pattern, options);
  const { craft, language } = optimized;
  const data = { techEdit: techEdit(input.pattern, { craft: options.craft, language }), sections: sectionOutline(optimized) };
  const own = { optimizedPattern: renderOptimizedPattern(optimized), craft, language, craftDetected: optimized.craftDetected, data };
  if (llm.offline) return own;
  const text = await askProvider(
    llm,
    { system: optimizeSystem(craft, language), prompt: input.pattern, task: "optimize-pattern", maxTokens: echoBudget(input.pattern), context: { pattern: input.pattern } },
    timeoutMs,
    WIZARD_ERRORS.optimize,
  );
  // A model's answer that changed, moved or dropped a line is not used: the seller's words come first.
  return keepsEveryLine(input.pattern, text) ? { ...own, optimizedPattern: `${text.trim()}\n` } : own;
}

/** POST /api/workflow/tech-edit: the report only; deterministic and free (no quota, no model). */
export function runTechEdit(input: TechEditInput): TechEditReport {
  return techEdit(input.pattern, { craft: input.options?.craft, language: input.options?.language });
}

/** POST /api/workflow/optimize-pattern */
export async function runOptimizePattern(env: Env, user: WizardUser, input: OptimizePatternInput, deps: WizardDeps = {}) {
  const llm = deps.llm ?? wizardLlm(env, input.options?.provider);
  const result = await metered(env, user, llm, () => optimizePattern(input, llm, deps.timeoutMs));
  return { ...result, ...providerInfo(llm) };
}

// ---- Step 2: format and PDF --------------------------------------------------------------------

const instructionCount = (draft: FormattedPattern) => instructionLines(draft).length;

/** The structured draft. A model's layout that lost instruction lines is not used: every line matters more than its layout. */
export async function formatPattern(input: { optimizedPattern: string; options?: WizardOptions }, llm: LlmProvider, timeoutMs = WIZARD_TIMEOUT_MS): Promise<FormattedPattern> {
  const options = patternOptions(input.options);
  const own = formatPatternOffline(input.optimizedPattern, options);
  if (llm.offline) return own;
  const text = await askProvider(
    llm,
    { system: formatSystem(own.language), prompt: input.optimizedPattern, task: "format-pattern", maxTokens: echoBudget(input.optimizedPattern), context: { pattern: input.optimizedPattern } },
    timeoutMs,
    WIZARD_ERRORS.format,
  );
  // A model's layout is used only when every line under the headings is still there, as written and in order.
  const lines = (t: string) =>
    t
      .split(/\r?\n/)
      .filter((l) => l.trim() && !/^#{1,6}\s/u.test(l.trim()))
      .join("\n");
  if (!keepsEveryLine(lines(input.optimizedPattern), text)) return own;
  const theirs = formatPatternOffline(text, { ...options, craft: own.craft, language: own.language });
  return instructionCount(theirs) >= instructionCount(own) ? theirs : own;
}

/** "Şirin Ayıcık" -> "sirin-ayicik-pattern.pdf": ASCII, safe in a header and an R2 key. */
export function pdfFileName(title: string) {
  const ascii = title.replace(/ı/g, "i").replace(/İ/g, "I").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (!slug) return "pattern.pdf";
  const base = safeFileName(slug).slice(0, 70).replace(/-+$/g, "");
  return `${base}-pattern.pdf`.replace(/-pattern-pattern\.pdf$/, "-pattern.pdf");
}

const pdfUrl = (fileId: string) => `/api/workflow/pdf/${fileId}`;

/** Puts a pattern PDF in R2 under the owner's prefix and records it (files.kind 'pattern-pdf'). */
async function storePatternPdf(env: Pick<Env, "DB" | "FILES">, userId: string, bytes: Uint8Array, title: string, now = Date.now()): Promise<StoredFile> {
  const id = crypto.randomUUID();
  const name = pdfFileName(title);
  const r2Key = `${userId}/pattern-pdfs/${id}.pdf`;
  // The row and its bytes on the storage meter first (refused past the plan's storage, decision 0011), then R2.
  const row: StoredFile = { id, userId, listingId: null, r2Key, name, contentType: "application/pdf", size: bytes.byteLength, kind: "pattern-pdf", createdAt: now };
  await insertFilesMetered(env.DB, userId, [row], now);
  try {
    await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { userId, kind: "pattern-pdf" } });
  } catch (error) {
    await deleteFilesMetered(env.DB, userId, [id]).catch(() => {});
    throw error;
  }
  return row;
}

function pdfInfo(row: StoredFile, pages: number): PatternPdfInfo {
  return { fileId: row.id, url: pdfUrl(row.id), pages, bytes: row.size, name: row.name };
}

/** The designer named in the PDF: the name the wizard sends, else the profile's store name; none is none (never "Listora"). */
async function designerName(env: Pick<Env, "DB">, userId: string, sent: string | undefined) {
  if (sent?.trim()) return sent.trim();
  const row = await db(env).select({ storeName: users.storeName }).from(users).where(eq(users.id, userId)).get();
  return row?.storeName.trim() || undefined;
}

/** The seller's own photo for the cover: a JPEG or PNG they uploaded; anyone else's (or a PDF) is a 404. */
async function coverPhoto(env: Pick<Env, "DB" | "FILES">, userId: string, fileId: string | null | undefined): Promise<CoverPhoto | undefined> {
  if (!fileId) return undefined;
  const { file, object } = await openFile(env, userId, fileId);
  if (file.kind === "pattern-pdf") throw notFound(FILE_NOT_FOUND);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const type = bytes[0] === 0xff && bytes[1] === 0xd8 ? "jpeg" : bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 ? "png" : undefined;
  if (!type) throw badRequest("The cover photo must be a JPEG or PNG image", { field: "options.coverPhotoId" });
  return { bytes, type };
}

/** The pattern in the terms the seller asked for (crochet); a pattern that mixes US and UK terms is refused. */
function inTerms(optimizedPattern: string, options: WizardOptions | undefined) {
  if (!options?.convertTerms) return optimizedPattern;
  const craft = optimizePatternOffline(optimizedPattern, patternOptions(options)).craft;
  const converted = convertCrochetTerms(optimizedPattern, craft, options.convertTerms);
  if (converted === "mixed") throw badRequest("The pattern mixes US and UK crochet terms: make them one before converting", { field: "options.convertTerms" });
  return converted.text;
}

/** POST /api/workflow/generate-pdf: the formatted text for the review step and the stored PDF. */
export async function runGeneratePdf(env: Env, user: WizardUser, input: GeneratePdfInput, deps: WizardDeps = {}) {
  const llm = deps.llm ?? wizardLlm(env, input.options?.provider);
  const now = deps.now?.() ?? Date.now();
  const [designer, photo] = await Promise.all([designerName(env, user.id, input.options?.shopName), coverPhoto(env, user.id, input.options?.coverPhotoId)]);
  const optimizedPattern = inTerms(input.pattern.optimizedPattern, input.options);
  const draft = await metered(env, user, llm, () => formatPattern({ optimizedPattern, options: input.options }, llm, deps.timeoutMs));
  const text = renderFormattedPattern(draft);
  const pdf = await renderPatternPdf(draft, { paperSize: input.options?.paperSize, shopName: designer, coverPhoto: photo, now: new Date(now) });
  const row = await storePatternPdf(env, user.id, pdf.bytes, draft.title, now);
  return { pdfContent: text, formattedPattern: text, title: draft.title, pdf: pdfInfo(row, pdf.pages), ...providerInfo(llm) };
}

/** A pattern PDF of the user's, with its bytes; anyone else's (or another kind of file) is a 404. */
export async function openPatternPdf(env: Pick<Env, "DB" | "FILES">, userId: string, fileId: string) {
  const opened = await openFile(env, userId, fileId);
  if (opened.file.kind !== "pattern-pdf") throw notFound(FILE_NOT_FOUND);
  return opened;
}

async function requirePatternPdf(env: Pick<Env, "DB" | "FILES">, userId: string, fileId: string) {
  const row = await getFile(env, userId, fileId);
  if (row.kind !== "pattern-pdf") throw notFound(FILE_NOT_FOUND);
  return row;
}

// ---- Step 3: the Etsy listing ------------------------------------------------------------------

/** What every part is told: the listing sells the pattern (a PDF), never the finished item's qualities. */
const PATTERN_RULE =
  "The buyer gets a PDF pattern (instructions), not the finished item: describe what the PDF contains, the skill level, finished size, yarn weight, hook or needle size and terms, and say it is an instant download. Never describe the finished item's qualities (soft, cuddly, a companion, a gift for children) and never call it a toy, a tutorial video or a stuffed animal. Use only the facts given. Write every word in the language given.";

const LISTING_SYSTEM = {
  title: `Write one Etsy title for this digital pattern: at most 130 characters, the pattern first (the first 70 characters are what a phone shows), no markdown, no ALL CAPS words. ${PATTERN_RULE} Answer with the title only.`,
  description: `Write the Etsy description for this digital pattern in markdown: what the PDF contains, the pattern's details, then a note that it is a digital product (a PDF download, no physical item is shipped). No FAQ. ${PATTERN_RULE}`,
  tags: `Write exactly 13 Etsy tags for this digital pattern: each at most 20 characters, at least 2 words, no special characters, no duplicates. ${PATTERN_RULE} Answer with a JSON array of strings only.`,
  "alt-text": `Write 5 alt texts for the listing photos of this digital pattern (its pages and the finished piece), each at most 130 characters, all different. ${PATTERN_RULE} Mark each with a bold 'Image N:' label.`,
} as const;

interface GeneratedListing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  ruleReport: RuleReport;
}

/**
 * The listing of the digital pattern (issue 27): the offline default writes it from the pattern's own
 * facts (writePatternListing); a model writes the four parts at once with the same facts as its brief,
 * and its description ends with the pattern's details. Then the listing rules. Everything generated is
 * in the listing's language: the interface language the wizard sends, else the pattern's.
 */
async function generatePatternListing(input: { pdfContent: string; options?: WizardOptions }, llm: LlmProvider, timeoutMs = WIZARD_TIMEOUT_MS): Promise<GeneratedListing> {
  const draft = formatPatternOffline(input.pdfContent, patternOptions(input.options));
  const language = input.options?.listingLanguage ?? input.options?.language ?? draft.language;
  const aiAssisted = input.options?.aiAssisted === true;
  const own = writePatternListing(draft, language, aiAssisted);
  let raw: { title: string; description: string; tags: string[]; altTexts: string[] } = own;
  if (!llm.offline) {
    const prompt = [
      `Product: ${own.brief}`,
      `What the listing may say (nothing else): ${own.description}`,
      `Keywords: ${own.tags.join(", ")}`,
      `Language: ${LANGUAGE_NAME[language]}`,
      "",
      "The pattern:",
      input.pdfContent.slice(0, 12_000),
    ].join("\n");
    const context = { description: own.brief, keywords: own.tags, platform: "etsy", digital: true, pattern: input.pdfContent };
    const ask = (task: keyof typeof LISTING_SYSTEM) =>
      askProvider(llm, { system: LISTING_SYSTEM[task], prompt, task, json: task === "tags", ...(task === "tags" ? { schema: TAGS_SCHEMA } : {}), context }, timeoutMs, WIZARD_ERRORS.listing);
    const [title, description, tags, altTexts] = await Promise.all([ask("title"), ask("description"), ask("tags"), ask("alt-text")]);
    const details = patternDetails(draft, language, aiAssisted);
    raw = { title: title.trim(), description: description.includes(details) ? description : `${description.trim()}\n\n${details}`, tags: parseTagsContent(tags), altTexts: splitAltTexts(altTexts) };
  }
  // A writer's listing (the offline default's or a model's): the claims check runs against the pattern's own facts.
  const { listing, report } = enforceListingRules(raw, { productDescription: own.brief, keywords: own.tags, platform: "etsy", digital: true, writer: true, language });
  return { ...listing, ruleReport: { ...report, generation: { keywords: own.tags, digital: true, regenerations: 0 } } };
}

/** POST /api/workflow/etsy-listing: one create-listing unit, given back if the listing could not be written. */
export async function runEtsyListing(env: Env, user: WizardUser, input: EtsyListingInput, deps: WizardDeps = {}) {
  const llm = deps.llm ?? wizardLlm(env, input.options?.provider);
  const pdfFileId = input.input.pdfFileId || null;
  if (pdfFileId) await requirePatternPdf(env, user.id, pdfFileId);
  return withQuota(env, user, "create-listing", async (quota) => {
    const listing = await generatePatternListing({ pdfContent: input.input.pdfContent, options: input.options }, llm, deps.timeoutMs);
    return { ...listing, pdfFileId, quota: { used: quota.used, limit: quota.limit, plan: quota.plan }, ...providerInfo(llm) };
  });
}

// ---- Finish ------------------------------------------------------------------------------------

/** Saves the wizard's listing to My Listings (source 'wizard') and attaches the pattern PDF, in one batch. */
export async function finishWizard(env: Pick<Env, "DB" | "FILES">, userId: string, input: FinishWizardInput, now = Date.now()) {
  const pdfFileId = input.pdfFileId || null;
  if (pdfFileId) await requirePatternPdf(env, userId, pdfFileId);
  const originalPrompt = input.originalPattern ?? "";
  const { listing, report } = enforceListingRules(
    { title: input.title, description: input.description, tags: input.tags, altTexts: input.altTexts },
    { productDescription: originalPrompt.trim() || input.description, keywords: [], platform: "etsy", digital: true },
  );
  const id = crypto.randomUUID();
  const orm = db(env);
  const insert = orm
    .insert(listings)
    .values({
      id,
      userId,
      ...listing,
      originalPrompt,
      generationPrompt: originalPrompt,
      platform: "etsy",
      provider: input.provider || "wizard",
      source: "wizard",
      ruleReport: report,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // The plan's saved-listing cap and the first version row go in the insert's batch (decision 0011).
  const kept = [
    listingCapGuard(orm, userId, id),
    ...versionStatements(orm, { listingId: id, userId, version: 1, snapshot: snapshotOf({ ...listing, originalPrompt }), reason: "generated", now }),
  ] as const;
  const results = pdfFileId
    ? await orm.batch([
        insert,
        orm
          .update(files)
          .set({ listingId: id })
          .where(and(eq(files.id, pdfFileId), eq(files.userId, userId))),
        ...kept,
      ])
    : await orm.batch([insert, ...kept]);
  const [row] = results[0];
  const guard = pdfFileId ? results[2] : results[1];
  if ((guard as unknown[]).length > 0) throw listingLimitReached(await readStorageUsage(env.DB, userId));
  // A listing saved by the wizard is the dashboard checklist's "create a listing" step too.
  await completeOnboardingStep(env.DB, userId, "listing", now);
  const summary = freshSummary(row);
  return { ...summary, created_at: summary.createdAt, source: "wizard" as const, pdfFileId, ruleReport: report };
}
