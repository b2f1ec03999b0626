import { UpstreamError } from "../../lib/errors";
import type { MailMessage, MailProvider } from "./types";

const TIMEOUT_MS = 15_000;

/** Resend's HTTP API: POST /emails with a bearer key. */
export function resendProvider(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): MailProvider {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl || "https://api.resend.com").replace(/\/+$/, "");
  return {
    name: "resend",
    async send(message: MailMessage, from: string) {
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/emails`, {
          method: "POST",
          headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new UpstreamError("resend", timedOut ? "The mail service (Resend) timed out" : "The mail service (Resend) could not be reached", timedOut);
      }
      if (!response.ok) {
        const detail = await response.json<{ message?: string }>().catch(() => null);
        throw new UpstreamError("resend", `The mail service (Resend) refused the message (${response.status}${detail?.message ? `: ${detail.message}` : ""})`);
      }
      const body = await response.json<{ id?: string }>().catch(() => null);
      if (!body?.id) throw new UpstreamError("resend", "The mail service (Resend) gave an invalid response");
    },
  };
}
