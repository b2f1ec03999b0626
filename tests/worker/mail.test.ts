import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mailProviderName, selectMailProvider, sendMail } from "../../worker/providers/mail";
import { resendProvider } from "../../worker/providers/mail/resend";
import type { Env } from "../../worker/lib/env";

const message = { to: "seller@example.com", subject: "Reset your Listora password", text: "Link: https://x/reset?token=abc", html: "<p>Link</p>" };

function fakeResend(reply: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return reply();
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe("Resend provider, against a fake of its API", () => {
  it("posts the message to /emails with the bearer key and accepts the id it answers", async () => {
    const fake = fakeResend(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    await resendProvider({ apiKey: "re_test_key", baseUrl: "https://resend.test", fetch: fake.fetch }).send(message, "Listora <no-reply@listora.app>");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].url).toBe("https://resend.test/emails");
    expect(fake.calls[0].init.method).toBe("POST");
    expect(new Headers(fake.calls[0].init.headers).get("Authorization")).toBe("Bearer re_test_key");
    expect(JSON.parse(String(fake.calls[0].init.body))).toEqual({
      from: "Listora <no-reply@listora.app>",
      to: ["seller@example.com"],
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  });

  it("turns a refusal into a 502 naming Resend and its reason, never the key", async () => {
    const fake = fakeResend(() => Response.json({ statusCode: 422, message: "Invalid `to` field", name: "validation_error" }, { status: 422 }));
    const error = await resendProvider({ apiKey: "re_secret_key", fetch: fake.fetch })
      .send(message, "Listora <no-reply@listora.app>")
      .catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.message).toContain("Resend");
    expect(error.message).toContain("422");
    expect(error.message).not.toContain("re_secret_key");
  });

  it("treats a reply without an id, or an unreachable service, as a failure", async () => {
    const noId = fakeResend(() => Response.json({}));
    await expect(resendProvider({ apiKey: "k", fetch: noId.fetch }).send(message, "a@b.co")).rejects.toMatchObject({ status: 502 });
    const down = {
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    };
    await expect(resendProvider({ apiKey: "k", fetch: down.fetch }).send(message, "a@b.co")).rejects.toMatchObject({ status: 502 });
  });
});

describe("mail provider selection and the outbox", () => {
  it("uses the embedded outbox when nothing is configured, Resend when its key is set", () => {
    expect(mailProviderName({ ...env, RESEND_API_KEY: "" } as Env)).toBe("outbox");
    expect(selectMailProvider({ ...env, RESEND_API_KEY: "re_x" } as Env)?.name).toBe("resend");
    expect(selectMailProvider({ ...env, RESEND_API_KEY: "re_x", MAIL_PROVIDER: "outbox" } as Env)).toBeNull();
  });

  it("keeps the whole mail in the outbox when the outbox is the delivery", async () => {
    await sendMail(env as Env, { ...message, to: "outbox@example.com" }, null);
    const row = await env.DB.prepare("SELECT text_body, provider, status FROM mail_outbox WHERE to_address = ?")
      .bind("outbox@example.com")
      .first<{ text_body: string; provider: string; status: string }>();
    expect(row).toEqual({ text_body: message.text, provider: "outbox", status: "stored" });
  });

  it("records a provider's failure without throwing, and does not keep a delivered mail's link", async () => {
    const failing = resendProvider({ apiKey: "k", fetch: fakeResend(() => new Response("nope", { status: 500 })).fetch });
    const result = await sendMail(env as Env, { ...message, to: "failed@example.com" }, failing);
    expect(result.status).toBe("failed");
    const row = await env.DB.prepare("SELECT text_body, status FROM mail_outbox WHERE to_address = ?").bind("failed@example.com").first<{ text_body: string; status: string }>();
    expect(row?.status).toBe("failed");
    expect(row?.text_body).not.toContain("token=");
  });
});
