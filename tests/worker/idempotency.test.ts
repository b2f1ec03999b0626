import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { db } from "../../worker/lib/db";
import { REQUEST_BUSY_MESSAGE, STALE_PENDING_MS, claim, complete, forget, requestBusy } from "../../worker/lib/idempotency";
import { api, registerUser } from "./helpers";

const listing = { title: "Handmade Ceramic Mug", description: "A wheel-thrown mug.", tags: [], altTexts: [], originalPrompt: "" };

async function pendingClaim(userId: string, requestId: string, ageMs: number) {
  await env.DB.prepare("INSERT INTO idempotency (user_id, scope, request_id, status, body, created_at) VALUES (?, 'save-listing', ?, 0, '', ?)")
    .bind(userId, requestId, Date.now() - ageMs)
    .run();
}

describe("X-Request-ID idempotency", () => {
  it("replays a finished request instead of saving twice", async () => {
    const { token } = await registerUser();
    const first = await api("/save-listing", { token, body: listing, headers: { "X-Request-ID": "same-id-1" } });
    const again = await api("/save-listing", { token, body: listing, headers: { "X-Request-ID": "same-id-1" } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const list = await (await api("/listings", { token })).json<{ data: { listings: unknown[] } }>();
    expect(list.data.listings).toHaveLength(1);
  });

  it("answers 409 while the same request is still running", async () => {
    const { token, userId } = await registerUser();
    await pendingClaim(userId, "running-id", 1_000);
    const res = await api("/save-listing", { token, body: listing, headers: { "X-Request-ID": "running-id" } });
    expect(res.status).toBe(409);
  });

  it("lets a retry take over a claim abandoned by a stopped Worker", async () => {
    const { token, userId } = await registerUser();
    await pendingClaim(userId, "abandoned-id", STALE_PENDING_MS + 1_000);
    const res = await api("/save-listing", { token, body: listing, headers: { "X-Request-ID": "abandoned-id" } });
    expect(res.status).toBe(201);
    const replay = await api("/save-listing", { token, body: listing, headers: { "X-Request-ID": "abandoned-id" } });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("keeps one user's request ids apart from another's", async () => {
    const a = await registerUser();
    const b = await registerUser();
    expect((await api("/save-listing", { token: a.token, body: listing, headers: { "X-Request-ID": "shared-id" } })).status).toBe(201);
    const other = await api("/save-listing", { token: b.token, body: listing, headers: { "X-Request-ID": "shared-id" } });
    expect(other.status).toBe(201);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
  });
});

describe("claim, complete and forget (lib/idempotency)", () => {
  const orm = db(env);
  const keyOf = (requestId: string, scope = "api-test") => ({ userId: `user-${requestId}`, scope, requestId });

  it("gives the first caller the claim and answers busy to a second while the first runs", async () => {
    const key = keyOf(crypto.randomUUID());
    expect(await claim(orm, key)).toEqual({ kind: "claimed" });
    expect(await claim(orm, key)).toEqual({ kind: "busy" });
    expect(requestBusy().status).toBe(409);
    expect(requestBusy().message).toBe(REQUEST_BUSY_MESSAGE);
  });

  it("replays a completed request's status and body", async () => {
    const key = keyOf(crypto.randomUUID());
    await claim(orm, key);
    await complete(orm, key, { status: 201, body: { success: true, data: { id: "abc" } } });
    expect(await claim(orm, key)).toEqual({ kind: "replay", status: 201, body: { success: true, data: { id: "abc" } } });
  });

  it("lets exactly one of two retries take over a stale pending claim", async () => {
    const key = keyOf(crypto.randomUUID());
    const now = Date.now();
    await claim(orm, key, now - STALE_PENDING_MS - 1_000);
    expect(await claim(orm, key, now - STALE_PENDING_MS + 1_000)).toEqual({ kind: "busy" });
    const answers = await Promise.all([claim(orm, key, now), claim(orm, key, now)]);
    expect(answers.map((a) => a.kind).sort()).toEqual(["busy", "claimed"]);
  });

  it("forgets a failed request so a retry with the same id runs again", async () => {
    const key = keyOf(crypto.randomUUID());
    await claim(orm, key);
    await forget(orm, key);
    expect(await claim(orm, key)).toEqual({ kind: "claimed" });
  });

  it("never forgets a completed answer", async () => {
    const key = keyOf(crypto.randomUUID());
    await claim(orm, key);
    await complete(orm, key, { status: 200, body: { ok: 1 } });
    await forget(orm, key);
    expect(await claim(orm, key)).toEqual({ kind: "replay", status: 200, body: { ok: 1 } });
  });

  it("keeps the same request id apart across scopes and users", async () => {
    const id = crypto.randomUUID();
    await claim(orm, keyOf(id, "one"));
    expect(await claim(orm, keyOf(id, "two"))).toEqual({ kind: "claimed" });
    expect(await claim(orm, { ...keyOf(id, "one"), userId: "someone-else" })).toEqual({ kind: "claimed" });
  });
});
