/** Create Listing's one streaming call (SPEC §7 'POST /api/listings/generate', NDJSON events). */
import { WORKFLOW_TIMEOUT_MS, apiResponse, newRequestId } from "~/lib/api";
import { readNdjson, type GenerateEvent, type Platform } from "~/lib/api/listings";

export interface GenerateInput {
  description: string;
  keywords: string[];
  platform: Platform;
}

/**
 * Generates one listing; each event (start, part, done, error) reaches `onEvent` as the server sends it.
 * One id per call: a retried request is answered from the first one, never charged twice.
 */
export async function streamGeneratedListing(input: GenerateInput, onEvent: (event: GenerateEvent) => void): Promise<void> {
  const response = await apiResponse("/listings/generate", {
    body: input,
    headers: { "X-Request-ID": newRequestId(), Accept: "application/x-ndjson" },
    timeoutMs: WORKFLOW_TIMEOUT_MS,
  });
  await readNdjson<GenerateEvent>(response, onEvent);
}
