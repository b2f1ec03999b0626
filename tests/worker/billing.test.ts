import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BillingStatus } from "../../schema/api/billing";
import worker from "../../worker/index";
import type { Env } from "../../worker/lib/env";
import { verifyStripeSignature } from "../../worker/domain/billing/signature";
import { FAKE_PRICE_ID, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, hmacHex, signatureHeader, stripeFake, type StripeEvent, type StripeFake } from "../fixtures/stripe-fake";
import { registerUser } from "./helpers";

const base = env as unknown as Env;
/** The test pool's bindings with an operator's Stripe account configured, pointed at the fake. */
const configured = { ...base, STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_PRICE_ID: FAKE_PRICE_ID, STRIPE_API_URL: "https://api.stripe.test" } as Env;

async function call(e: Env, path: string, options: { method?: string; token?: string; body?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost/api${path}`, { method: options.method ?? "GET", headers, body: options.body }) as never, e as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const post = (e: Env, path: string, token?: string, body?: unknown) =>
  call(e, path, { method: "POST", token, body: body === undefined ? undefined : JSON.stringify(body), headers: body === undefined ? {} : { "Content-Type": "application/json" } });

/** Delivers an event as Stripe does: the JSON body, signed now (or as told). */
async function deliver(e: Env, event: StripeEvent | Record<string, unknown>, options: { secret?: string; timestamp?: number; header?: string; body?: string } = {}) {
  const body = options.body ?? JSON.stringify(event);
  const header = options.header ?? (await signatureHeader(body, options.secret ?? FAKE_WEBHOOK_SECRET, options.timestamp));
  return call(e, "/billing/webhook", { method: "POST", body, headers: { "Content-Type": "application/json", "Stripe-Signature": header } });
}

async function status(e: Env, token: string): Promise<BillingStatus> {
  const res = await call(e, "/billing", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: BillingStatus }).data;
}

async function createListingLimit(token: string) {
  const res = await call(configured, "/create-listing/quota", { token });
  return ((await res.json()) as { limit: number }).limit;
}

let fake: StripeFake;
beforeEach(() => {
  fake = stripeFake();
  vi.stubGlobal("fetch", fake.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A seller who goes through Checkout and pays: the session, the events Stripe sends, and the subscription id. */
async function checkoutAndPay(token: string) {
  const res = await post(configured, "/billing/checkout", token);
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sessionId = url.split("/").at(-1)!;
  const paid = fake.pay(sessionId);
  const subscriptionId = fake.session(sessionId)!.subscription!;
  return { url, sessionId, events: paid.events, subscriptionId };
}

describe("billing configuration", () => {
  it("names stripe as the billing provider in /api/health only when every Stripe setting is there", async () => {
    const off = (await (await call(base, "/health")).json()) as { providers: Record<string, string> };
    expect(off.providers.billing).toBe("none");
    const on = (await (await call(configured, "/health")).json()) as { providers: Record<string, string> };
    expect(on.providers.billing).toBe("stripe");
    const partial = (await (await call({ ...configured, STRIPE_PRICE_ID: "" } as Env, "/health")).json()) as { providers: Record<string, string> };
    expect(partial.providers.billing).toBe("none");
    expect(JSON.stringify(on)).not.toContain(FAKE_SECRET_KEY);
  });

  it("answers 404 billing-not-configured for checkout, portal and webhook without Stripe settings, and says billing is off", async () => {
    const { token } = await registerUser();
    for (const path of ["/billing/checkout", "/billing/portal"]) {
      const res = await post(base, path, token);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("billing-not-configured");
      expect(body.message).toContain("plans section");
    }
    const hook = await call(base, "/billing/webhook", { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=00" } });
    expect(hook.status).toBe(404);
    expect(await status(base, token)).toEqual({ available: false, plan: "free", subscription: null, pastDue: false, canManage: false });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("POST /api/billing/checkout", () => {
  it("creates a subscription Checkout Session for the caller, form-encoded with the secret key, and answers its url", async () => {
    const { token, userId, email } = await registerUser();
    const res = await post(configured, "/billing/checkout", token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; url: string; portal: boolean };
    expect(body.success).toBe(true);
    expect(body.portal).toBe(false);
    expect(body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0];
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.authorization).toBe(`Bearer ${FAKE_SECRET_KEY}`);
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(sent.params)).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": FAKE_PRICE_ID,
      "line_items[0][quantity]": "1",
      client_reference_id: userId,
      customer_email: email,
      success_url: "http://localhost:8787/profile?billing=success#plans",
      cancel_url: "http://localhost:8787/profile?billing=cancelled#plans",
      "subscription_data[metadata][user_id]": userId,
    });
  });

  it("never takes the user from the request: a body naming another user still buys for the caller", async () => {
    const victim = await registerUser();
    const buyer = await registerUser();
    const res = await post(configured, "/billing/checkout", buyer.token, { client_reference_id: victim.userId, userId: victim.userId, email: victim.email });
    expect(res.status).toBe(200);
    expect(fake.calls[0].params.get("client_reference_id")).toBe(buyer.userId);
    expect(fake.calls[0].params.get("customer_email")).toBe(buyer.email);
  });

  it("needs a signed-in seller whose e-mail is confirmed", async () => {
    expect((await post(configured, "/billing/checkout")).status).toBe(401);
    const unverified = await registerUser(undefined, undefined, { verified: false });
    const res = await post(configured, "/billing/checkout", unverified.token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("email-unverified");
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    [402, 502, "Stripe refused to create the checkout page (402): Your card was declined."],
    [500, 502, "Stripe failed while creating the checkout page (500). Please try again later."],
    [429, 429, "Stripe is busy right now (429). Please try again in a minute."],
  ])("answers Stripe's %i as %i with a clear message and changes nothing", async (stripeStatus, ourStatus, message) => {
    const { token } = await registerUser();
    fake.failNext(stripeStatus);
    const res = await post(configured, "/billing/checkout", token);
    expect(res.status).toBe(ourStatus);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(message);
    if (ourStatus === 429) expect(res.headers.get("Retry-After")).toBe("7");
    expect(await status(configured, token)).toMatchObject({ plan: "free", subscription: null, canManage: false });
  });

  it("says the operator's key was refused without repeating any of it", async () => {
    const { token } = await registerUser();
    const res = await post({ ...configured, STRIPE_SECRET_KEY: "sk_test_wrong_key_987654321" } as Env, "/billing/checkout", token);
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).toContain("Stripe refused this server's API key (401)");
    expect(text).not.toContain("4321");
    expect(text).not.toContain("sk_test");
  });

  it("sends a seller already on Premium through Stripe to the portal, and one made Premium by the operator nowhere (409)", async () => {
    const seller = await registerUser();
    const { events } = await checkoutAndPay(seller.token);
    for (const event of events) expect((await deliver(configured, event)).status).toBe(200);
    const again = await post(configured, "/billing/checkout", seller.token);
    expect(again.status).toBe(200);
    const body = (await again.json()) as { url: string; portal: boolean };
    expect(body.portal).toBe(true);
    expect(body.url).toMatch(/\/p\/session\/bps_/);

    const operatorMade = await registerUser();
    await env.DB.prepare("UPDATE users SET plan = 'premium' WHERE id = ?").bind(operatorMade.userId).run();
    const refused = await post(configured, "/billing/checkout", operatorMade.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain("set by the administrator");
  });
});

describe("POST /api/billing/webhook", () => {
  it("makes the seller Premium after checkout.session.completed, with 100 a day from the next request", async () => {
    const { token, userId } = await registerUser();
    expect(await createListingLimit(token)).toBe(10);
    const { events, subscriptionId } = await checkoutAndPay(token);
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const res = await deliver(configured, completed);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, received: true, plan: "premium" });
    expect(await createListingLimit(token)).toBe(100);
    const row = await env.DB.prepare("SELECT user_id, customer_id, status FROM billing_subscriptions WHERE id = ?")
      .bind(subscriptionId)
      .first<{ user_id: string; customer_id: string; status: string }>();
    expect(row).toMatchObject({ user_id: userId, status: "active" });
    expect((await status(configured, token)).canManage).toBe(true);
  });

  it("follows customer.subscription.updated: past_due stays Premium with a warning, unpaid is Free, active again is Premium", async () => {
    const { token } = await registerUser();
    const { events, subscriptionId } = await checkoutAndPay(token);
    for (const event of events) await deliver(configured, event);
    const created = events[0].created;
    const later = (event: StripeEvent, seconds: number) => ({ ...event, created: created + seconds });

    await deliver(configured, later(fake.setStatus(subscriptionId, "past_due"), 10));
    expect(await status(configured, token)).toMatchObject({ plan: "premium", pastDue: true });
    await deliver(configured, later(fake.setStatus(subscriptionId, "unpaid"), 20));
    expect(await status(configured, token)).toMatchObject({ plan: "free", pastDue: false });
    expect(await createListingLimit(token)).toBe(10);
    await deliver(configured, later(fake.setStatus(subscriptionId, "active"), 30));
    expect(await status(configured, token)).toMatchObject({ plan: "premium", pastDue: false });
  });

  it("shows the renewal date, then the end date once cancelled at the period's end, and returns to Free on customer.subscription.deleted", async () => {
    const { token } = await registerUser();
    const { events, subscriptionId } = await checkoutAndPay(token);
    for (const event of events) await deliver(configured, event);
    const renewing = await status(configured, token);
    expect(renewing.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(Date.parse(renewing.subscription!.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await deliver(configured, { ...fake.scheduleCancel(subscriptionId), created: events[0].created + 5 });
    expect(await status(configured, token)).toMatchObject({ plan: "premium", subscription: { cancelAtPeriodEnd: true } });

    const deleted = await deliver(configured, { ...fake.cancelNow(subscriptionId), created: events[0].created + 10 });
    expect(await deleted.json()).toMatchObject({ plan: "free" });
    expect(await status(configured, token)).toMatchObject({ plan: "free", subscription: { status: "canceled" } });
    expect(await createListingLimit(token)).toBe(10);
  });

  it("applies each event id once: a replay, a retry or five concurrent deliveries change nothing more", async () => {
    const { token } = await registerUser();
    const { events, subscriptionId } = await checkoutAndPay(token);
    const completed = events[1];
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(configured, completed).then((r) => r.json() as Promise<{ duplicate?: boolean }>)));
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM billing_events WHERE id = ?").bind(completed.id).first<{ n: number }>()).toEqual({ n: 1 });

    // Cancelled afterwards: replaying the old completion (a retry Stripe still had queued) does not bring Premium back.
    await deliver(configured, { ...fake.cancelNow(subscriptionId), created: completed.created + 60 });
    const replay = await deliver(configured, completed);
    expect(await replay.json()).toMatchObject({ received: true, duplicate: true });
    expect((await status(configured, token)).plan).toBe("free");
  });

  it("keeps a subscription ended when customer.subscription.deleted arrives before checkout.session.completed", async () => {
    const { token } = await registerUser();
    const { events, subscriptionId } = await checkoutAndPay(token);
    const deleted = { ...fake.cancelNow(subscriptionId), created: events[1].created + 30 };
    expect(await (await deliver(configured, deleted)).json()).toMatchObject({ plan: "free" });
    expect(await (await deliver(configured, events[1])).json()).toMatchObject({ plan: "free" });
    expect(await (await deliver(configured, events[0])).json()).toMatchObject({ plan: "free" });
    expect(await status(configured, token)).toMatchObject({ plan: "free", subscription: { status: "canceled" } });
  });

  it("never lets an older subscription event overwrite a newer one", async () => {
    const { token } = await registerUser();
    const { events, subscriptionId } = await checkoutAndPay(token);
    for (const event of events) await deliver(configured, event);
    const t = events[0].created;
    const pastDue = { ...fake.setStatus(subscriptionId, "past_due"), created: t + 100 };
    const staleActive = { ...fake.setStatus(subscriptionId, "active"), created: t + 50 };
    await deliver(configured, pastDue);
    await deliver(configured, staleActive);
    expect(await status(configured, token)).toMatchObject({ plan: "premium", pastDue: true, subscription: { status: "past_due" } });
  });

  it("refuses a tampered body, a wrong secret, an old timestamp and a missing or malformed header with 400, changing nothing", async () => {
    const { token } = await registerUser();
    const { events } = await checkoutAndPay(token);
    const completed = events[1];
    const body = JSON.stringify(completed);
    const tampered = body.replace(/"client_reference_id":"[^"]+"/, '"client_reference_id":"someone-else"');
    const cases: { name: string; header: string; body?: string }[] = [
      { name: "tampered", header: await signatureHeader(body), body: tampered },
      { name: "wrong secret", header: await signatureHeader(body, "whsec_someone_elses_secret") },
      { name: "ten minutes old", header: await signatureHeader(body, FAKE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600) },
      { name: "missing", header: "" },
      { name: "no v1", header: `t=${Math.floor(Date.now() / 1000)},v0=${"a".repeat(64)}` },
      { name: "junk", header: "not a signature" },
    ];
    for (const c of cases) {
      const res = await deliver(configured, completed, { header: c.header, body: c.body ?? body });
      expect(res.status, c.name).toBe(400);
      expect(((await res.json()) as { code: string }).code, c.name).toBe("signature-invalid");
    }
    expect((await status(configured, token)).plan).toBe("free");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM billing_events WHERE id = ?").bind(completed.id).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("accepts a header with several v1 signatures when one of them is right (a secret being rolled)", async () => {
    const { token } = await registerUser();
    const { events } = await checkoutAndPay(token);
    const body = JSON.stringify(events[1]);
    const t = Math.floor(Date.now() / 1000);
    const right = await hmacHex(FAKE_WEBHOOK_SECRET, `${t}.${body}`);
    const old = await hmacHex("whsec_the_previous_secret", `${t}.${body}`);
    const res = await deliver(configured, events[1], { header: `t=${t},v1=${old},v1=${right},v0=${"0".repeat(64)}`, body });
    expect(res.status).toBe(200);
    expect((await status(configured, token)).plan).toBe("premium");
  });

  it("needs no session, answers 400 for a signed body that is not a Stripe event and 413 for an oversized one", async () => {
    const notJson = "this is not json";
    const res = await deliver(configured, {}, { body: notJson, header: await signatureHeader(notJson) });
    expect(res.status).toBe(400);
    const notEvent = JSON.stringify({ hello: "world" });
    expect((await deliver(configured, {}, { body: notEvent, header: await signatureHeader(notEvent) })).status).toBe(400);
    const huge = JSON.stringify({ id: "evt_x", type: "x", data: { object: {} }, pad: "x".repeat(300_000) });
    expect((await deliver(configured, {}, { body: huge, header: await signatureHeader(huge) })).status).toBe(413);
  });

  it("records and ignores events it does not use or that name no user of this installation", async () => {
    const unknownType = { id: "evt_invoice_1", object: "event", created: Math.floor(Date.now() / 1000), type: "invoice.paid", data: { object: { id: "in_1" } } };
    expect(await (await deliver(configured, unknownType)).json()).toMatchObject({ received: true, ignored: "event type invoice.paid is not used" });
    const stranger = {
      id: "evt_stranger_1",
      object: "event",
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.completed",
      data: { object: { id: "cs_x", mode: "subscription", payment_status: "paid", client_reference_id: "no-such-user", customer: "cus_x", subscription: "sub_x" } },
    };
    expect(await (await deliver(configured, stranger)).json()).toMatchObject({ received: true, ignored: "no such user" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM billing_subscriptions WHERE id = 'sub_x'").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("does not make a seller Premium for a checkout whose payment has not gone through", async () => {
    const { token } = await registerUser();
    const { events } = await checkoutAndPay(token);
    const unpaid = { ...events[1], id: "evt_unpaid_1", data: { object: { ...events[1].data.object, payment_status: "unpaid" } } };
    expect(await (await deliver(configured, unpaid)).json()).toMatchObject({ ignored: "payment unpaid" });
    expect((await status(configured, token)).plan).toBe("free");
  });
});

describe("POST /api/billing/portal", () => {
  it("opens Stripe's customer portal for the seller's own customer, returning to the profile", async () => {
    const { token, userId } = await registerUser();
    const { events } = await checkoutAndPay(token);
    for (const event of events) await deliver(configured, event);
    const customer = (await env.DB.prepare("SELECT stripe_customer_id AS c FROM users WHERE id = ?").bind(userId).first<{ c: string }>())!.c;
    const res = await post(configured, "/billing/portal", token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/\/p\/session\/bps_/);
    const sent = fake.calls.at(-1)!;
    expect(sent.path).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(sent.params)).toEqual({ customer, return_url: "http://localhost:8787/profile#plans" });
  });

  it("answers 409 to a seller who never paid through Stripe, and 401 without a session", async () => {
    const { token } = await registerUser();
    const res = await post(configured, "/billing/portal", token);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("Upgrade to Premium first");
    expect((await post(configured, "/billing/portal")).status).toBe(401);
  });
});

describe("secrets", () => {
  it("never writes the secret key or the webhook secret to the log or an answer", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const { token } = await registerUser();
    const { events } = await checkoutAndPay(token);
    const answers: string[] = [];
    for (const event of events) answers.push(await (await deliver(configured, event)).text());
    answers.push(await (await deliver(configured, events[0], { secret: "whsec_wrong" })).text());
    answers.push(await (await post(configured, "/billing/portal", token)).text());
    fake.failNext(500);
    answers.push(await (await post(configured, "/billing/portal", token)).text());
    expect(lines.some((l) => l.includes("billing.webhook.applied"))).toBe(true);
    for (const text of [...lines, ...answers]) {
      expect(text).not.toContain(FAKE_SECRET_KEY);
      expect(text).not.toContain(FAKE_WEBHOOK_SECRET);
    }
  });
});

describe("verifyStripeSignature", () => {
  it("checks the signature before the clock, so a forged old header reads as a mismatch", async () => {
    const t = 1_700_000_000;
    expect(await verifyStripeSignature("{}", `t=${t},v1=${"f".repeat(64)}`, FAKE_WEBHOOK_SECRET, t + 10_000)).toEqual({ ok: false, reason: "mismatch" });
    const good = await signatureHeader("{}", FAKE_WEBHOOK_SECRET, t);
    expect(await verifyStripeSignature("{}", good, FAKE_WEBHOOK_SECRET, t + 299)).toEqual({ ok: true, timestamp: t });
    expect(await verifyStripeSignature("{}", good, FAKE_WEBHOOK_SECRET, t + 301)).toEqual({ ok: false, reason: "too-old" });
  });
});
