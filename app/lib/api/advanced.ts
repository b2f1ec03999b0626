/** The Advanced Keyword Research analysis (SPEC §7 'POST /api/advanced-keywords/analyze'). */
import type { AdvancedAnalysis, Geo } from "../../../schema/api/keywords";
import { apiResponse, ApiError, newRequestId, type ApiErrorCode } from "~/lib/api";
import type { MessageKey } from "~/lib/i18n";

/** A failed analysis: either a server message to show as it is, or one of the SPEC's own texts (a catalogue key). */
export class AnalysisError extends Error {
  constructor(
    readonly text: { message: string } | { key: MessageKey },
    /** The API's code, when the server answered with one. */
    readonly code: ApiErrorCode | null = null,
  ) {
    super("message" in text ? text.message : text.key);
    this.name = "AnalysisError";
  }
}

export interface AnalysisOutcome {
  data: AdvancedAnalysis;
  processingTimeMs: number | null;
}

/**
 * POST /api/advanced-keywords/analyze with a fresh X-Request-ID (so a double click is answered once).
 * SPEC §8: the server's message or 'Failed to analyze keyword. Please try again.'; an empty body,
 * success false and a body without data each have their own text.
 */
export async function analyzeKeyword(keyword: string, geo: Geo): Promise<AnalysisOutcome> {
  let response: Response;
  try {
    response = await apiResponse("/advanced-keywords/analyze", { body: { keyword: keyword.trim(), geo }, headers: { "X-Request-ID": newRequestId() } });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === "timeout") throw new AnalysisError({ key: "advanced.error.timeout" }, error.code);
      if (error.code === "network") throw new AnalysisError({ key: "advanced.error.network" }, error.code);
      if (typeof error.body?.message === "string" && error.body.message) throw new AnalysisError({ message: error.message }, error.code);
    }
    throw new AnalysisError({ key: "advanced.error.generic" });
  }
  const text = await response.text().catch(() => "");
  if (!text.trim()) throw new AnalysisError({ key: "advanced.error.empty" });
  let body: { success?: boolean; message?: unknown; data?: AdvancedAnalysis | null; meta?: { processingTimeMs?: number } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new AnalysisError({ key: "advanced.error.generic" });
  }
  if (!body || typeof body !== "object") throw new AnalysisError({ key: "advanced.error.empty" });
  if (body.success !== true) throw new AnalysisError(typeof body.message === "string" && body.message ? { message: body.message } : { key: "advanced.error.failed" });
  if (!body.data || !Array.isArray(body.data.timelineData)) throw new AnalysisError({ key: "advanced.error.noData" });
  return { data: body.data, processingTimeMs: typeof body.meta?.processingTimeMs === "number" ? body.meta.processingTimeMs : null };
}
