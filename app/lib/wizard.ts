import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type {
  CRAFTS,
  GeneratePdfResponse,
  OptimizePatternResponse,
  PAPER_SIZES,
  PatternPdfInfo,
  PatternSectionOutline,
  TechEditIssue,
  TechEditReport,
  WIZARD_LANGUAGES,
} from "../../schema/api/workflow";
import { ApiError, WORKFLOW_TIMEOUT_MS, api, apiResponse, newRequestId } from "./api";
import type { GenerationActionAnswer } from "./create-actions";
import type { MessageKey } from "./i18n";
import type { WizardIntent } from "./wizard-action";

/**
 * The pattern wizard's client (SPEC §7 Wizard): one function per call, each with its own X-Request-ID
 * and the 180 s workflow time-out, and the wizard's state, which survives a reload mid-wizard.
 */

export type Craft = (typeof CRAFTS)[number];
export type PatternLanguage = (typeof WIZARD_LANGUAGES)[number];
export type PaperSize = (typeof PAPER_SIZES)[number];

/** What the seller chose on step 1; an unset craft or language is detected from the pattern. */
export interface WizardChoices {
  craft?: Craft;
  language?: PatternLanguage;
  paperSize: PaperSize;
  /** The seller says AI helped make the item: the listing carries Etsy's disclosure line. */
  aiAssisted?: boolean;
  /** The designer named in the PDF; unset: the profile's store name. */
  designer?: string;
  /** One of the seller's uploaded photos, on the PDF's cover. */
  coverPhotoId?: string;
  /** Crochet: the PDF in US or UK terms; unset: as written. */
  convertTerms?: "us" | "uk";
}

export type { PatternSectionOutline, TechEditIssue, TechEditReport };

/** What step 1 found in the text it optimized: the tech-edit report and the sections, lines numbered as pasted. */
interface PatternCheck {
  techEdit: TechEditReport;
  sections: PatternSectionOutline[];
}

/** The options object of every call; the shop name (from the profile) prints on the PDF. */
type WizardCallOptions = WizardChoices & { shopName?: string; listingLanguage?: PatternLanguage };

/** The options of the format and listing calls: the seller's choices, else what step 1 detected. */
export function callOptions(state: Pick<WizardState, "choices" | "detected">, shopName?: string): WizardCallOptions {
  return {
    craft: state.choices.craft ?? state.detected.craft,
    language: state.choices.language ?? state.detected.language,
    paperSize: state.choices.paperSize,
    aiAssisted: state.choices.aiAssisted || undefined,
    shopName: (state.choices.designer ?? shopName)?.trim() || undefined,
    coverPhotoId: state.choices.coverPhotoId,
    convertTerms: state.choices.convertTerms,
  };
}

/** A photo the seller uploaded that the PDF's cover can show (JPEG or PNG). */
export interface CoverPhotoChoice {
  id: string;
  name: string;
}

/** GET /api/files: the seller's own JPEG and PNG files, newest first. */
export async function listCoverPhotos(): Promise<CoverPhotoChoice[]> {
  const body = await api<{ data?: { files?: Array<{ id: string; name: string; contentType: string }> } }>("/files");
  return (body.data?.files ?? []).filter((f) => f.contentType === "image/jpeg" || f.contentType === "image/png").map((f) => ({ id: f.id, name: f.name }));
}

interface WizardListing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

export interface WizardState {
  /** What the seller typed in the original text area (kept while they edit). */
  originalPattern: string;
  /** The text the current optimized output was made from: what Next Step passes on as originalPattern. */
  optimizedFrom: string;
  optimizedPattern: string;
  /** The optimizedPattern that formattedContent (and the PDF) were made from; a new optimization formats again. */
  formattedFrom: string;
  formattedContent: string;
  pdf: PatternPdfInfo | null;
  /** The formattedContent the listing was written from; a new draft writes a new listing. */
  listingFrom: string;
  listing: WizardListing | null;
  /**
   * The call in flight and its input: a reload re-sends the same X-Request-ID for the same input, so the
   * server answers once (no second PDF, no second create-listing unit).
   */
  pendingFormat: PendingCall | null;
  pendingListing: PendingCall | null;
  provider: string;
  choices: WizardChoices;
  /** What step 1 detected when craft or language was left to detection; the later steps use the same. */
  detected: { craft?: Craft; language?: PatternLanguage };
  /** The tech-edit report and sections of `optimizedFrom`. */
  check: PatternCheck | null;
}

interface PendingCall {
  requestId: string;
  input: string;
}

export const WIZARD_STORAGE_KEY = "listora.wizard";

export const EMPTY_WIZARD: WizardState = {
  originalPattern: "",
  optimizedFrom: "",
  optimizedPattern: "",
  formattedFrom: "",
  formattedContent: "",
  pdf: null,
  listingFrom: "",
  listing: null,
  pendingFormat: null,
  pendingListing: null,
  provider: "",
  choices: { paperSize: "a4" },
  detected: {},
  check: null,
};

/** What Next Step carries in the navigation state (SPEC §2): the texts of the steps before. */
export interface WizardNavigationState {
  originalPattern?: string;
  optimizedPattern?: string;
  formattedContent?: string;
}

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function pending(value: unknown): PendingCall | null {
  const r = value as Record<string, unknown> | null | undefined;
  return r && typeof r.requestId === "string" && typeof r.input === "string" ? { requestId: r.requestId, input: r.input } : null;
}

/** The request id for a call with this input: the pending one when it is the same input, else a new one. */
export function requestIdFor(pendingCall: PendingCall | null, input: string) {
  return pendingCall && pendingCall.input === input ? pendingCall.requestId : newRequestId();
}

const craftOf = (value: unknown) => (["crochet", "knitting", "sewing", "cross-stitch"].includes(str(value)) ? (value as Craft) : undefined);
const languageOf = (value: unknown) => (value === "en" || value === "tr" ? value : undefined);

/** Stored state is read back defensively: an older or edited entry must not break the screens. */
export function parseWizardState(raw: unknown): WizardState {
  if (!raw || typeof raw !== "object") return { ...EMPTY_WIZARD };
  const r = raw as Record<string, unknown>;
  const choices = (r.choices ?? {}) as Record<string, unknown>;
  const detected = (r.detected ?? {}) as Record<string, unknown>;
  const pdf = r.pdf as Record<string, unknown> | null | undefined;
  const listing = r.listing as Record<string, unknown> | null | undefined;
  return {
    originalPattern: str(r.originalPattern),
    optimizedFrom: str(r.optimizedFrom),
    optimizedPattern: str(r.optimizedPattern),
    formattedFrom: str(r.formattedFrom),
    formattedContent: str(r.formattedContent),
    pdf: pdf && typeof pdf.fileId === "string" ? { fileId: pdf.fileId, url: str(pdf.url), pages: Number(pdf.pages) || 0, bytes: Number(pdf.bytes) || 0, name: str(pdf.name) || "pattern.pdf" } : null,
    listingFrom: str(r.listingFrom),
    listing: listing && typeof listing.title === "string" ? { title: listing.title, description: str(listing.description), tags: strings(listing.tags), altTexts: strings(listing.altTexts) } : null,
    pendingFormat: pending(r.pendingFormat),
    pendingListing: pending(r.pendingListing),
    provider: str(r.provider),
    choices: {
      craft: craftOf(choices.craft),
      language: languageOf(choices.language),
      paperSize: choices.paperSize === "letter" ? "letter" : "a4",
      aiAssisted: choices.aiAssisted === true ? true : undefined,
      designer: typeof choices.designer === "string" ? choices.designer.slice(0, 80) : undefined,
      coverPhotoId: typeof choices.coverPhotoId === "string" && choices.coverPhotoId ? choices.coverPhotoId.slice(0, 100) : undefined,
      convertTerms: choices.convertTerms === "us" || choices.convertTerms === "uk" ? choices.convertTerms : undefined,
    },
    detected: { craft: craftOf(detected.craft), language: languageOf(detected.language) },
    check: patternCheck(r.check),
  };
}

/** A stored report is used only when it has the shape the screens read. */
export function patternCheck(value: unknown): PatternCheck | null {
  const r = value as Record<string, unknown> | null | undefined;
  const report = r?.techEdit as Record<string, unknown> | undefined;
  if (!report || !Array.isArray(report.issues) || !Array.isArray(report.missingSections) || !Array.isArray(r?.sections)) return null;
  return { techEdit: report as unknown as TechEditReport, sections: r!.sections as PatternSectionOutline[] };
}

/** The pasted text with line `line` (1-based) replaced: how a correction the seller accepts is applied. */
export function replaceLine(text: string, line: number, replacement: string): string {
  const lines = text.split("\n");
  if (line < 1 || line > lines.length) return text;
  const old = lines[line - 1];
  const indent = /^\s*/.exec(old)?.[0] ?? "";
  const cr = old.endsWith("\r") ? "\r" : "";
  lines[line - 1] = indent + replacement + cr;
  return lines.join("\n");
}

/** Where line `line` (1-based) starts and ends in the text: what the screen selects to show it. */
export function lineRange(text: string, line: number): [number, number] {
  const lines = text.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const own = lines[line - 1] ?? "";
  const lead = own.length - own.trimStart().length;
  return [start + lead, start + own.replace(/\r$/, "").trimEnd().length];
}

export function loadWizardState(storage = session()): WizardState {
  try {
    const raw = storage?.getItem(WIZARD_STORAGE_KEY);
    return parseWizardState(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...EMPTY_WIZARD };
  }
}

export function saveWizardState(state: WizardState, storage = session()) {
  try {
    storage?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the reload safety; the navigation state still carries the texts.
  }
}

export function clearWizardState(storage = session()) {
  try {
    storage?.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    /* nothing to clear */
  }
}

/**
 * The stored state, completed by the texts the previous step passed in the navigation state. Every step
 * stores before it navigates, so the stored texts are never older than the navigation state; the
 * navigation state matters when storage is unavailable (private modes, a full quota).
 */
export function initialWizardState(navigation: unknown, storage = session()): WizardState {
  const stored = loadWizardState(storage);
  if (!navigation || typeof navigation !== "object") return stored;
  const nav = navigation as WizardNavigationState;
  const next = { ...stored };
  if (nav.originalPattern && !next.optimizedFrom) next.optimizedFrom = nav.originalPattern;
  if (nav.originalPattern && !next.originalPattern) next.originalPattern = nav.originalPattern;
  if (nav.optimizedPattern && !next.optimizedPattern) next.optimizedPattern = nav.optimizedPattern;
  if (nav.formattedContent && !next.formattedContent) next.formattedContent = nav.formattedContent;
  return next;
}

// The server render has no sessionStorage: the first render after a page load waits for the browser
// (a skeleton), while later client navigations read the state straight away (no flash).
let hydrated = false;

/** The wizard's state for a step screen: null until the browser has read it, then kept in sessionStorage. */
export function useWizardState() {
  const location = useLocation();
  const [state, setState] = useState<WizardState | null>(() => (hydrated ? initialWizardState(location.state) : null));
  const current = useRef(state);
  useEffect(() => {
    hydrated = true;
    if (!current.current) {
      current.current = initialWizardState(location.state);
      setState(current.current);
    }
    // Only the navigation state on arrival counts; later changes are the screen's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Stored at once, not in an effect: a step often updates and navigates away in the same event.
  const update = useCallback((patch: Partial<WizardState>) => {
    const next = { ...(current.current ?? loadWizardState()), ...patch };
    current.current = next;
    saveWizardState(next);
    setState(next);
    return next;
  }, []);
  return [state, update] as const;
}

// ---- Calls ---------------------------------------------------------------------------------------

/** The SPEC §8 texts; the screens translate them by key. */
export const WIZARD_ERROR_KEYS = {
  optimize: "wizard.error.optimize",
  format: "wizard.error.format",
  listing: "wizard.error.listing",
  unexpected: "wizard.error.unexpected",
  timeout: "wizard.error.timeout",
  network: "wizard.error.network",
} as const;

/** The SPEC §8 texts as the server writes them (in English) at the start of its messages. */
export const WIZARD_ERROR_TEXT = {
  optimize: "Failed to optimize content",
  format: "Failed to format content",
  listing: "Etsy listing could not be generated.",
} as const;

/** A failed wizard call, told as the screen tells it: the server's message, else a catalogue key. */
export type WizardFailure = { kind: "message"; message: string } | { kind: "key"; key: MessageKey } | { kind: "quota"; used: number; limit: number; plan: string };

export function describeFailure(error: unknown, fallbackKey: MessageKey): WizardFailure {
  if (error instanceof ApiError) {
    if (error.code === "quota-exhausted") {
      const limit = error.quota?.limit || 10;
      return { kind: "quota", used: error.quota?.used || limit, limit, plan: error.quota?.plan || "free" };
    }
    if (error.code === "timeout") return { kind: "key", key: WIZARD_ERROR_KEYS.timeout };
    if (error.code === "network") return { kind: "key", key: WIZARD_ERROR_KEYS.network };
    if (error.code === "invalid-response") return { kind: "key", key: fallbackKey };
    const message = typeof error.body?.message === "string" ? error.body.message.trim() : "";
    return message ? { kind: "message", message } : { kind: "key", key: fallbackKey };
  }
  if (error instanceof WizardCallError) return error.message ? { kind: "message", message: error.message } : { kind: "key", key: fallbackKey };
  return { kind: "key", key: WIZARD_ERROR_KEYS.unexpected };
}

/** A 200 answer with success false (or without the text it should carry). */
export class WizardCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WizardCallError";
  }
}

function check<T extends { success?: boolean }>(body: T, has: (body: T) => boolean): T {
  if (!body || body.success === false || !has(body)) throw new WizardCallError("");
  return body;
}

/** A call through the screen's route action (app/lib/wizard-action.ts): steps 1 and 2 charge the quota, so they are posts to an action. */
type WizardRun = (intent: WizardIntent, text: string, options: unknown, requestId: string) => Promise<Record<string, unknown>>;

export async function optimizePatternCall(run: WizardRun, pattern: string, options: WizardCallOptions, requestId = newRequestId()) {
  const body = (await run("optimize", pattern, options, requestId)) as unknown as OptimizePatternResponse;
  return check(body, (b) => typeof b.optimizedPattern === "string" && b.optimizedPattern.trim() !== "");
}

export async function generatePdfCall(run: WizardRun, optimizedPattern: string, options: WizardCallOptions, requestId = newRequestId()) {
  const body = (await run("format", optimizedPattern, options, requestId)) as unknown as GeneratePdfResponse;
  const checked = check(body, (b) => typeof (b.pdfContent ?? b.formattedPattern) === "string");
  return { ...checked, pdfContent: checked.pdfContent ?? checked.formattedPattern };
}

/** The listing step's route action (decision 0049): it runs the workflow call in process and answers its body. */
type GenerationRun = (fields: Record<string, string>) => Promise<Extract<GenerationActionAnswer, { ok: true }>>;

/** The Etsy listing of a draft, written by the listing step's action (one unit; the request id makes a retry free). */
export async function etsyListingCall(run: GenerationRun, pdfContent: string, pdfFileId: string | null, options: WizardCallOptions, requestId = newRequestId()) {
  const answer = await run({ intent: "write", requestId, input: pdfContent, pdfFileId: pdfFileId ?? "", options: JSON.stringify(options) });
  if (answer.intent !== "write") throw new WizardCallError("");
  return check(answer.result, (b) => typeof b.title === "string" && b.title.trim() !== "");
}

/** Saves the wizard's listing to My Listings through the listing step's action. */
export async function finishWizardCall(run: GenerationRun, listing: WizardListing, extra: { pdfFileId?: string | null; originalPattern?: string; provider?: string }, requestId = newRequestId()) {
  const body = {
    ...listing,
    pdfFileId: extra.pdfFileId ?? undefined,
    originalPattern: extra.originalPattern || undefined,
    provider: extra.provider ? extra.provider.slice(0, 40) : undefined,
  };
  const answer = await run({ intent: "finish", requestId, listing: JSON.stringify(body) });
  if (answer.intent !== "finish") throw new WizardCallError("");
  return check(answer.result, (b) => typeof b.data?.listing?.id === "string");
}

/**
 * The PDF needs the bearer token, so a plain link cannot fetch it: the bytes come through the API
 * client and leave as a temporary object URL on a download link.
 */
export async function downloadPatternPdf(pdf: Pick<PatternPdfInfo, "fileId" | "name">) {
  const response = await apiResponse(`/workflow/pdf/${encodeURIComponent(pdf.fileId)}`, { timeoutMs: WORKFLOW_TIMEOUT_MS });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = pdf.name || "pattern.pdf";
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the click; give the browser a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** "184 KB", "1.2 MB". */
export function formatBytes(bytes: number, locale = "en") {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: kb < 10 ? 1 : 0 }).format(kb)} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kb / 1024)} MB`;
}

/** SPEC §2: the wizard's progress bar per step. */
export const WIZARD_PROGRESS = { 1: 33.33, 2: 66.66, 3: 100 } as const;
/** SPEC §9: Finish returns to / after 1.5 s. */
export const FINISH_REDIRECT_MS = 1500;
