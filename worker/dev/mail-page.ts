import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../schema/db";
import { isProduction, type Env } from "../lib/env";
import { db } from "../lib/db";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only: the embedded mail provider's outbox, newest first, with links made clickable so
 * a local user can follow a reset or verification link; `?to=<address>` lists one recipient's mail
 * (the browser suites and the bench read their verification links that way). Absent (404) in
 * production, which is anything but APP_ENV=development or test.
 */
export async function devMailPage(request: Request, env: Env) {
  if (isProduction(env)) return new Response("Not found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to");
  const query = db(env).select().from(mailOutbox);
  const rows = await (to ? query.where(eq(mailOutbox.to, to)) : query).orderBy(desc(mailOutbox.createdAt)).limit(50);
  const items = rows
    .map((m) => {
      const body = escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      return `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${new Date(m.createdAt).toISOString().replace("T", " ").slice(0, 19)} UTC · ${escape(m.provider)} (${m.status})</span></header><pre>${body}</pre></article>`;
    })
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Listora · Dev mail outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2430}h1{font-size:1.4rem}p.note{color:#555}article{border:1px solid #dde1ea;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-direction:column;gap:.25rem}header span{color:#666;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit;line-height:1.5}a{color:#4338ca}</style></head>
<body><h1>Mail outbox (development)</h1><p class="note">Listora's embedded mail provider keeps mail here instead of sending it. Configure Resend or Cloudflare Email to deliver real mail.</p>${items || "<p>No mail yet. Register or ask for a password reset, then reload this page.</p>"}</body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
