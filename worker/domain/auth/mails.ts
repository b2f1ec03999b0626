import type { MailMessage } from "../../providers/mail";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, action: string, url: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(title)}</h1>
<p style="line-height:1.5">${escape(intro)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action)}</a></p>
<p style="color:#555;font-size:13px;line-height:1.5">${escape(outro)}</p>
<p style="color:#888;font-size:12px">Listora</p></div></body></html>`;
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  const intro = "Someone asked to reset the password of your Listora account. Use the link below to choose a new one.";
  const outro = "The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.";
  return {
    to,
    subject: "Reset your Listora password",
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: layout("Reset your password", intro, "Choose a new password", url, outro),
  };
}

export function verifyEmailMail(to: string, url: string): MailMessage {
  const intro = "Welcome to Listora! Please confirm that this is your e-mail address.";
  const outro = "The link expires in 24 hours. If you did not create a Listora account, ignore this e-mail.";
  return {
    to,
    subject: "Confirm your e-mail for Listora",
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: layout("Confirm your e-mail", intro, "Confirm e-mail", url, outro),
  };
}
