export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A way to deliver mail. The embedded default delivers nothing: the outbox row is the mail. */
export interface MailProvider {
  readonly name: "outbox" | "resend" | "send-email";
  send(message: MailMessage, from: string): Promise<void>;
}
