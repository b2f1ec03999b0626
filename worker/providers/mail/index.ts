import { mailOutbox } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { resendProvider } from "./resend";
import { sendEmailProvider } from "./send-email";
import type { MailMessage, MailProvider } from "./types";
import { db } from "../../lib/db";
import { log } from "../../lib/log";

export type { MailMessage, MailProvider };

/**
 * Picks the mail provider once from configuration: MAIL_PROVIDER=resend|send-email|outbox, or
 * "auto" (default): Resend when its key is set, else the send_email binding when bound, else the
 * embedded outbox.
 */
export function selectMailProvider(env: Env): MailProvider | null {
  const choice = (env.MAIL_PROVIDER || "auto").toLowerCase();
  if ((choice === "resend" || choice === "auto") && env.RESEND_API_KEY) {
    return resendProvider({ apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL });
  }
  if ((choice === "send-email" || choice === "auto") && env.EMAIL) return sendEmailProvider(env.EMAIL);
  return null;
}

export function mailProviderName(env: Env) {
  return selectMailProvider(env)?.name ?? "outbox";
}

/**
 * Sends a mail and records it in the outbox. With no provider configured the outbox row is the
 * mail (listed at /dev/mail in development). A provider failure is recorded, not thrown: a mail
 * that could not go out must not fail the request that caused it.
 */
export async function sendMail(env: Env, message: MailMessage, provider = selectMailProvider(env)) {
  const orm = db(env);
  let status: "stored" | "sent" | "failed" = "stored";
  let error: string | null = null;
  if (provider) {
    try {
      await provider.send(message, env.MAIL_FROM || "Listora <no-reply@listora.app>");
      status = "sent";
    } catch (e) {
      status = "failed";
      error = e instanceof Error ? e.message : String(e);
      log.error("mail.failed", { provider: provider.name, error });
    }
  }
  await orm.insert(mailOutbox).values({
    id: crypto.randomUUID(),
    to: message.to,
    subject: message.subject,
    // A delivered mail's body (it may hold a one-time link) is not kept; the outbox keeps it only
    // when the outbox is the delivery.
    text: provider ? "[delivered by the mail provider; body not kept]" : message.text,
    html: provider ? "" : message.html,
    provider: provider?.name ?? "outbox",
    status,
    error,
    createdAt: Date.now(),
  });
  return { status, error };
}
