import { EmailMessage } from "cloudflare:email";
import type { MailMessage, MailProvider } from "./types";

/** Cloudflare Email Routing's send_email binding; the message is built as plain MIME. */
export function sendEmailProvider(binding: SendEmail): MailProvider {
  return {
    name: "send-email",
    async send(message: MailMessage, from: string) {
      const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
      const boundary = `listora-${crypto.randomUUID()}`;
      const raw = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${encodeHeader(message.subject)}`,
        `Message-ID: <${crypto.randomUUID()}@${address.split("@")[1] ?? "listora"}>`,
        `Date: ${new Date().toUTCString()}`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        message.text,
        `--${boundary}`,
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        message.html,
        `--${boundary}--`,
        "",
      ].join("\r\n");
      await binding.send(new EmailMessage(address, message.to, raw));
    },
  };
}

function encodeHeader(text: string) {
  // RFC 2047 for non-ASCII subjects (Turkish letters).
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `=?UTF-8?B?${btoa(binary)}?=`;
}
