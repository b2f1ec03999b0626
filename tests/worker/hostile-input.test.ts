/**
 * Issue 23: crafted text is refused before it is parsed, and the auth "lows": passwords, e-mail NFKC,
 * token age, client addresses, cookies, file names.
 */
import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "../../schema/api";
import type { ListingDetail } from "../../schema/api/listings";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, signSessionToken, verifySessionToken } from "../../worker/domain/auth/tokens";
import type { OptimizeMessage } from "../../schema/api/shop";
import { readQuota } from "../../worker/domain/quota";
import { OPTIMIZE_QUEUE, handleShopQueue, readJob, startOptimizeJob, type QueueSender } from "../../worker/domain/shop/jobs";
import worker from "../../worker/index";
import type { Env } from "../../worker/lib/env";
import { clientAddress } from "../../worker/lib/http";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider } from "../../worker/providers/llm/types";
import { api, registerUser, uniqueAddress, uniqueEmail } from "./helpers";
import { ETSY_HEADER, csvLine } from "./shop-fixtures";
import { FAKE_API, FAKE_OAUTH, KEYSTRING, SHARED_SECRET } from "./etsy-fake";
import { SHOP_FIXTURES, insertShopListing } from "./shop-listings";

const workerEnv = env as unknown as Env;
const SECRET = new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-0123456789");
const DAY = 24 * 60 * 60;

describe("text no seller writes is refused before it is parsed", () => {
  it('answers POST /api/workflow/tech-edit with "1" x 50,000 with 422 naming the field, at once', async () => {
    const { token } = await registerUser();
    const res = await api("/workflow/tech-edit", { token, body: { pattern: "1".repeat(50_000) } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      code: "unprocessable",
      field: "pattern",
      message: "pattern has a number of 50,000 digits: numbers longer than 200 digits are not read. Please check what was pasted.",
    });
  });

  it("still checks 50,000 characters of stitch rows (linear work, a 200 answer)", async () => {
    const { token } = await registerUser();
    let pattern = "Ch 21.\n";
    for (let i = 1; pattern.length < 50_000; i++) pattern += `Row ${i}: sc across (20)\n`;
    const res = await api("/workflow/tech-edit", { token, body: { pattern: pattern.slice(0, 50_000) } });
    expect(res.status).toBe(200);
    const body = await res.json<{ data: { rowsChecked: number } }>();
    expect(body.data.rowsChecked).toBeGreaterThan(2_000);
  });

  it("answers POST /api/listings/audit with a 20,000-digit description with 422", async () => {
    const { token } = await registerUser();
    const res = await api("/listings/audit", { token, body: { platform: "etsy", title: "Silver ring", description: "7".repeat(20_000) } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "unprocessable", field: "description" });
  });

  it("refuses a word of 1,001 letters in a saved listing's description with 422, and saves one of 1,000", async () => {
    const { token } = await registerUser();
    const save = (word: string) => api("/save-listing", { token, body: { title: "Moon Necklace", description: `A moon ${word} necklace.`, tags: [], altTexts: [], originalPrompt: "moon necklace" } });
    const refused = await save("a".repeat(1_001));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "unprocessable", field: "description" });
    expect((await save("a".repeat(1_000))).status).toBe(201);
  });

  it("imports the other rows of a CSV whose one row has a 40,000-digit description, and names that row", async () => {
    const { token } = await registerUser();
    const row = (title: string, description: string, sku: string) => {
      const fields = ETSY_HEADER.map(() => "");
      fields[0] = title;
      fields[1] = description;
      fields[2] = "12.00";
      fields[3] = "USD";
      fields[ETSY_HEADER.length - 1] = sku;
      return csvLine(fields);
    };
    const csv = [csvLine(ETSY_HEADER), row("Silver ring", "A silver ring.", "R1"), row("Digits", "9".repeat(40_000), "R2"), row("Wool hat", "A wool hat.", "R3")].join("\n");
    const res = await exports.default.fetch(new Request("http://localhost/api/shop/import", { method: "POST", body: csv, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" } }));
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: { imported: number; errors: { row: number; message: string }[] } }>();
    expect(data.imported).toBe(2);
    expect(data.errors).toEqual([{ row: 3, message: "description has a number of 40,000 digits: numbers longer than 200 digits are not read. Please check what was pasted." }]);
  });
});

describe("heavy text for one user does not stall another", () => {
  it("answers another user's /api/health while 10 requests of 50,000 characters are being checked, before the last of them", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser()));
    let pattern = "Ch 21.\n";
    for (let i = 1; pattern.length < 50_000; i++) pattern += `Row ${i}: sc across (20)\n`;
    pattern = pattern.slice(0, 50_000);
    const finished: string[] = [];
    const heavy = users.map(({ token }, i) =>
      api("/workflow/tech-edit", { token, body: { pattern } }).then(async (res) => {
        finished.push(`tech-edit ${i}: ${res.status}`);
        await res.body?.cancel();
      }),
    );
    // The health check is asked after all ten have been sent: it still does not wait for all ten.
    const health = api("/health").then(async (res) => {
      finished.push(`health: ${res.status}`);
      await res.body?.cancel();
    });
    await Promise.all([...heavy, health]);
    expect(finished).toContain("health: 200");
    expect(finished.filter((f) => f.startsWith("tech-edit")).every((f) => f.endsWith(": 200"))).toBe(true);
    // Not behind all ten: at most two of them finish before it.
    expect(finished.indexOf("health: 200")).toBeLessThanOrEqual(2);
  });
});

describe("the optimize queue consumer", () => {
  it("fails at once, free and without calling the writer, a listing stored with a 6,000-digit description", async () => {
    const user = await registerUser();
    const ids: string[] = [];
    // Listings imported before the limits: the consumer must not parse them (issue 23: 5 such kept it busy 175 s).
    for (let i = 0; i < 5; i++) ids.push(await insertShopListing(user.userId, { ...SHOP_FIXTURES[0], sku: `D-${i}`, title: `Digits ${i}`, description: "1".repeat(6_000) }));
    const sent: OptimizeMessage[] = [];
    const queue: QueueSender = { sendBatch: async (messages) => void sent.push(...[...messages].map((m) => m.body)) };
    const { jobId } = await startOptimizeJob(workerEnv, queue, { id: user.userId, plan: "free" }, ids);
    let calls = 0;
    const composer = offlineComposer();
    const provider: LlmProvider = { ...composer, complete: (request) => ((calls += 1), composer.complete(request)) };
    const batch = createMessageBatch<OptimizeMessage>(
      OPTIMIZE_QUEUE,
      sent.map((body, i) => ({ id: `hostile-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    await handleShopQueue(batch, workerEnv, { provider });
    expect(calls).toBe(0);
    const job = await readJob(env.DB, user.userId, jobId);
    expect(job).toMatchObject({ status: "completed", total: 5, done: 0, failed: 5 });
    for (const item of job.items) expect(item.error).toBe("description has a number of 6,000 digits: numbers longer than 200 digits are not read. Please check what was pasted.");
    expect((await readQuota(workerEnv, { id: user.userId, plan: "free" }, "create-listing")).used).toBe(0);
  });
});

describe("new passwords", () => {
  it.each([
    ["aaaaaaaaaa", PASSWORD_MESSAGES.distinct],
    ["abababababab", PASSWORD_MESSAGES.distinct],
    ["\u0000".repeat(10), PASSWORD_MESSAGES.invisible],
    ["\u200b".repeat(10), PASSWORD_MESSAGES.invisible],
    ["good-pass\u200bword", PASSWORD_MESSAGES.invisible],
    ["tab\there-password", PASSWORD_MESSAGES.invisible],
  ])("%j is refused with 400 and the rule's message", async (password, message) => {
    const res = await api("/auth/register", { body: { email: uniqueEmail(), password }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, field: "password" });
  });

  it("accepts a password of 4 different characters", async () => {
    const res = await api("/auth/register", { body: { email: uniqueEmail(), password: "abcdabcdabcd" }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(res.status).toBe(201);
  });
});

describe("e-mail addresses in NFKC", () => {
  it("refuses fullwidth Ｋx@ when kx@ has an account (409), and signs in with either spelling", async () => {
    const local = `kx${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const plain = `${local}@example.com`;
    const { password } = await registerUser(plain);
    const fullwidth = `Ｋｘ${local.slice(2)}@example.com`;
    const again = await api("/auth/register", { body: { email: fullwidth, password }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(again.status).toBe(409);
    const login = await api("/auth/login", { body: { email: fullwidth, password }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(login.status).toBe(200);
  });
});

describe("session tokens have a maximum age", () => {
  const sign = (claims: { iat: number; exp: number }, userId: string) =>
    new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(SECRET);

  it("refuses a token with a 10-year exp signed with the real secret (401), fresh or 8 days old", async () => {
    const { userId, token } = await registerUser();
    const now = Math.floor(Date.now() / 1000);
    expect((await api("/profile", { token })).status).toBe(200);
    for (const claims of [
      { iat: now, exp: now + 3650 * DAY },
      { iat: now - 8 * DAY, exp: now + 3650 * DAY },
      { iat: now + DAY, exp: now + 2 * DAY },
    ]) {
      const forged = await sign(claims, userId);
      expect((await api("/profile", { token: forged })).status, JSON.stringify(claims)).toBe(401);
    }
  });

  it("accepts our own token until it is 7 days old, and not after", async () => {
    const now = Date.now();
    const token = await signSessionToken(SECRET, { userId: "u1", version: 0 }, now);
    expect(await verifySessionToken(SECRET, token, now + 7 * DAY * 1000 - 60_000)).toEqual({ userId: "u1", version: 0 });
    expect(await verifySessionToken(SECRET, token, now + 7 * DAY * 1000 + 60_000)).toBeNull();
  });
});

describe("the client address", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/api/health", { headers });

  it("takes CF-Connecting-IP only when it is an IP address", () => {
    expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(request({ "CF-Connecting-IP": "2001:DB8:0:0::1" }))).toBe("2001:db8::1");
    expect(clientAddress(request({ "CF-Connecting-IP": "junk-1" }))).toBe("local");
    expect(clientAddress(request({ "CF-Connecting-IP": "junk-1", "X-Forwarded-For": "198.51.100.2, 10.0.0.1" }))).toBe("198.51.100.2");
    expect(clientAddress(request({ "X-Forwarded-For": "evil" }))).toBe("local");
    for (const junk of ["1.2.3", "256.1.1.1", "01.2.3.4", "::g", "1:2:3:4:5:6:7:8:9", "[::1]", "", "203.0.113.7; evil"])
      expect(clientAddress(request({ "CF-Connecting-IP": junk })), junk).toBe("local");
  });
});

describe("cookies are Secure outside local development", () => {
  const configured = {
    ...(env as unknown as Env),
    ETSY_API_KEY: KEYSTRING,
    ETSY_SHARED_SECRET: SHARED_SECRET,
    ETSY_API_URL: FAKE_API,
    ETSY_OAUTH_URL: FAKE_OAUTH,
    ETSY_TOKEN_KEY: "etsy-token-key-for-tests-0123456789abcdef",
  } as Env;
  const connect = async (origin: string, token: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${origin}/api/shop/etsy/connect`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }) as never, configured as never, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

  it("sets the Etsy state cookie with Secure on https and on any other host, without it on http://localhost", async () => {
    const { token } = await registerUser();
    expect((await connect("https://app.example", token)).headers.get("Set-Cookie")).toMatch(/; Secure$/);
    expect((await connect("http://app.example", token)).headers.get("Set-Cookie")).toMatch(/; Secure$/);
    expect((await connect("http://localhost", token)).headers.get("Set-Cookie")).not.toMatch(/Secure/);
  });
});

describe("file names", () => {
  it("refuses an upload named with 304 characters (400) and stores nothing", async () => {
    const { token, userId } = await registerUser();
    const saved = await api("/save-listing", { token, body: { title: "Moon Necklace", description: "A moon necklace.", tags: [], altTexts: [], originalPrompt: "moon necklace" } });
    const listing = (await saved.json<{ data: { listing: ListingDetail } }>()).data.listing;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([1, 2, 3])]), `${"n".repeat(300)}.png`);
    form.append("listingId", listing.id);
    const res = await exports.default.fetch(new Request("http://localhost/api/files", { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: "File name must be at most 255 characters (it has 304)" });
    expect((await env.FILES.list({ prefix: `${userId}/` })).objects).toEqual([]);
  });
});
