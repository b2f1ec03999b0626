import { env, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bindExecutionContext } from "../../worker/lib/http";
import { idempotent } from "../../worker/lib/idempotency";
import { htmlCsp } from "../../worker/lib/security";
import type { Env } from "../../worker/lib/env";
import type { BatchJob } from "../../durable-objects/batch-job";
import type { BatchProgress } from "../../schema/api/images";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";
import { api, registerUser } from "./helpers";
import { dataUrl, encode, productOnGrey } from "./image-fixtures";

const workerEnv = env as unknown as Env;

interface Json {
  [key: string]: any;
}

const pdfBody = (pattern: string) => ({ pattern: { optimizedPattern: pattern }, options: {}, featureKey: "generate-pdf" });

async function claimStatus(requestId: string) {
  const row = await env.DB.prepare("SELECT status FROM idempotency WHERE request_id = ?").bind(requestId).first<{ status: number }>();
  return row?.status;
}

describe("X-Request-ID claims after a failure", () => {
  it("gives up the claim when the work fails, so a retry with the same id is processed", async () => {
    const { userId } = await registerUser();
    const request = () => new Request("http://localhost/api/x", { method: "POST", headers: { "X-Request-ID": `fail-then-retry-${Date.now()}` } });
    const first = request();
    await expect(idempotent(workerEnv, first, userId, "test.fail", async () => Promise.reject(new Error("renderer broke")))).rejects.toThrow("renderer broke");
    expect(await claimStatus(first.headers.get("X-Request-ID")!)).toBeUndefined();
    const retry = await idempotent(workerEnv, first, userId, "test.fail", async () => ({ status: 200, body: { ok: true } }));
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ ok: true });
  });

  it("answers a retry of each of 20 overlapping PDF generations with its first answer, never 409", async () => {
    const { token } = await registerUser();
    const ids = Array.from({ length: 20 }, (_, i) => `pdf-retry-${i}-${Date.now()}`);
    const first = await Promise.all(ids.map((id) => api("/workflow/generate-pdf", { token, headers: { "X-Request-ID": id }, body: pdfBody(turkish) })));
    const firstBodies = await Promise.all(first.map((r) => r.json<Json>()));
    const retries = await Promise.all(ids.map((id) => api("/workflow/generate-pdf", { token, headers: { "X-Request-ID": id }, body: pdfBody(turkish) })));
    expect(retries.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(retries.map((r) => r.headers.get("Idempotent-Replayed"))).toEqual(ids.map(() => "true"));
    const retryBodies = await Promise.all(retries.map((r) => r.json<Json>()));
    expect(retryBodies.map((b) => b.pdf.fileId)).toEqual(firstBodies.map((b) => b.pdf.fileId));
  });

  it("hands the claimed work to waitUntil, so a client that goes away does not cancel it mid-claim", async () => {
    const { userId } = await registerUser();
    const request = new Request("http://localhost/api/x", { method: "POST", headers: { "X-Request-ID": `kept-alive-${Date.now()}` } });
    const kept: Promise<unknown>[] = [];
    bindExecutionContext(request, { waitUntil: (p: Promise<unknown>) => kept.push(p), passThroughOnException() {} } as unknown as ExecutionContext);
    const response = await idempotent(workerEnv, request, userId, "test.kept", async () => ({ status: 201, body: { saved: 1 } }));
    expect(response.status).toBe(201);
    expect(kept).toHaveLength(1);
    await Promise.all(kept);
    expect(await claimStatus(request.headers.get("X-Request-ID")!)).toBe(201);
  });
});

describe("/api/ai/:provider names", () => {
  it("answers 400 for a name that is not a provider, including Object.prototype's own members", async () => {
    const { token } = await registerUser();
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "gpt-9"]) {
      const res = await api(`/ai/${name}`, { token, body: { prompt: "Write one line about a moon necklace." } });
      expect(res.status, name).toBe(400);
      const body = await res.json<Json>();
      expect(body).toMatchObject({ success: false, field: "provider" });
      expect(body.message).toContain("Unknown AI provider");
    }
    expect((await api("/ai/offline", { token, body: { prompt: "Write one line about a moon necklace." } })).status).toBe(200);
  });
});

async function newBatch(token: string) {
  const image = dataUrl(await encode(productOnGrey(40, 30)));
  const res = await api("/batches", { token, body: { images: [image], prompt: "brighten", platform: "ebay" } });
  expect(res.status).toBe(202);
  return (await res.json<{ data: BatchProgress }>()).data;
}

describe("stored images and files are never cached by a shared cache", () => {
  it("serves /api/images/:id and /api/files/:id with Cache-Control: private, no-store", async () => {
    const { token } = await registerUser();
    const batch = await newBatch(token);
    const image = await api(batch.items[0].originalImage.replace(/^\/api/, ""), { token });
    expect(image.status).toBe(200);
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");

    const listing = await api("/save-listing", { token, body: { title: "Moon Necklace", description: "A moon necklace.", tags: [], altTexts: [], originalPrompt: "moon necklace" } });
    const listingId = (await listing.json<Json>()).data.listing.id as string;
    const form = new FormData();
    form.append("listingId", listingId);
    form.append("file", new Blob([(await encode(productOnGrey(8, 8))) as Uint8Array<ArrayBuffer>], { type: "image/png" }), "swatch.png");
    const uploaded = await exports.default.fetch(new Request("http://localhost/api/files", { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } }));
    expect(uploaded.status).toBe(201);
    const { data } = await uploaded.json<{ data: { file: { url: string } } }>();
    const file = await api(data.file.url.replace(/^\/api/, ""), { token });
    expect(file.status).toBe(200);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the page's Content-Security-Policy", () => {
  it("lets pages connect only to their own origin: no bare ws:, wss:, https: or * in connect-src", () => {
    for (const url of ["https://listora.example/dashboard", "http://localhost:5173/images"]) {
      const connect = /connect-src ([^;]*)/.exec(htmlCsp("n0nce", url))?.[1]?.split(/\s+/) ?? [];
      const host = new URL(url).host;
      expect(connect).toEqual(["'self'", url.startsWith("https:") ? `wss://${host}` : `ws://${host}`]);
    }
    expect(/connect-src ([^;]*)/.exec(htmlCsp("n0nce"))?.[1]).toBe("'self'");
  });
});

describe("the batch WebSocket's credential", () => {
  const upgrade = (id: string, query: string) => exports.default.fetch(new Request(`http://localhost/api/batches/${id}/ws${query}`, { headers: { Upgrade: "websocket" } }));
  const ticketFor = async (token: string, id: string) => {
    const res = await api(`/batches/${id}/ticket`, { method: "POST", token });
    expect(res.status).toBe(200);
    return (await res.json<{ data: { ticket: string; expiresAt: string; wsUrl: string } }>()).data;
  };

  it("refuses the 7-day session token in the query string", async () => {
    const { token } = await registerUser();
    const batch = await newBatch(token);
    const res = await upgrade(batch.id, `?token=${token}`);
    expect(res.status).toBe(401);
    expect((await res.json<Json>()).message).toContain("ticket");
    expect((await upgrade(batch.id, "")).status).toBe(401);
  });

  it("accepts a fresh ticket once, for its own batch only, and never after a minute", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const batch = await newBatch(owner.token);
    const issued = await ticketFor(owner.token, batch.id);
    expect(issued.ticket).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(issued.wsUrl).toBe(`/api/batches/${batch.id}/ws?ticket=${issued.ticket}`);

    // Another batch's object does not know this ticket.
    const elsewhere = await newBatch(owner.token);
    expect((await upgrade(elsewhere.id, `?ticket=${issued.ticket}`)).status).toBe(401);

    const first = await upgrade(batch.id, `?ticket=${issued.ticket}`);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    first.webSocket!.close(1000, "done");
    expect((await upgrade(batch.id, `?ticket=${issued.ticket}`)).status).toBe(401);

    // Only the owner gets a ticket; a stranger's request is a 404, as for the batch itself.
    expect((await api(`/batches/${batch.id}/ticket`, { method: "POST", token: other.token })).status).toBe(404);
    expect((await api(`/batches/${batch.id}/ticket`, { method: "POST" })).status).toBe(401);

    // A ticket issued more than a minute ago is refused.
    const stub = env.BATCH.get(env.BATCH.idFromName(batch.id));
    const stale = await runInDurableObject(stub, (object: BatchJob) => object.issueTicket(owner.userId, Date.now() - 61_000));
    expect((await upgrade(batch.id, `?ticket=${stale!.ticket}`)).status).toBe(401);
  });
});
