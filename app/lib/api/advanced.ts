/**
 * The Advanced Keyword Research analysis (SPEC §7 'POST /api/advanced-keywords/analyze'). The analysis
 * runs in the screen's route action (decision 0050); this module is what the action and the page share.
 */
import type { AdvancedAnalysis, Geo } from "../../../schema/api/keywords";
import type { MessageKey } from "~/lib/i18n";

/** A failure's words: a server message shown as it is, or one of the SPEC's own texts (a catalogue key). */
type AnalysisText = { message: string } | { key: MessageKey };

interface AnalysisOutcome {
  data: AdvancedAnalysis;
  processingTimeMs: number | null;
}

/** What the Advanced Keyword Analysis action answers: the analysis, or why there is none (with the API's code, when it answered one). */
export type AnalysisAnswer =
  { ok: true; keyword: string; geo: Geo; outcome: AnalysisOutcome } | { ok: false; keyword: string; geo: Geo; status: number; code: string | null; text: AnalysisText; field?: "keyword" };

/**
 * An OK answer's body as an analysis, or the SPEC §8 text of what is wrong with it: an empty body,
 * success false (the server's message, else 'Analysis failed') and a body without data each have their own.
 */
export function readAnalysis(body: unknown): { outcome: AnalysisOutcome } | { text: AnalysisText } {
  if (!body || typeof body !== "object" || Object.keys(body).length === 0) return { text: { key: "advanced.error.empty" } };
  const answer = body as { success?: boolean; message?: unknown; data?: AdvancedAnalysis | null; meta?: { processingTimeMs?: number } };
  if (answer.success !== true) return { text: typeof answer.message === "string" && answer.message ? { message: answer.message } : { key: "advanced.error.failed" } };
  if (!answer.data || !Array.isArray(answer.data.timelineData)) return { text: { key: "advanced.error.noData" } };
  return { outcome: { data: answer.data, processingTimeMs: typeof answer.meta?.processingTimeMs === "number" ? answer.meta.processingTimeMs : null } };
}
