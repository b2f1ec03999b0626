import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BatchProgress } from "../../schema/api/images";
import { api, registerUser } from "./helpers";
import { decode, encode, pixel, productOnGrey } from "./image-fixtures";

function form(files: { name: string; bytes: Uint8Array; type: string }[], fields: Record<string, string>) {
  const body = new FormData();
  for (const f of files) body.append("images", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type }));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

function postBatch(token: string, body: FormData, requestId?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (requestId) headers["X-Request-ID"] = requestId;
  return exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers, body }));
}

const stubOf = (id: string) => env.BATCH.get(env.BATCH.idFromName(id));

async function progress(token: string, id: string): Promise<BatchProgress> {
  const res = await api(`/batches/${id}`, { token });
  expect(res.status).toBe(200);
  return (await res.json<{ data: BatchProgress }>()).data;
}

/** Runs the batch's alarms one after another (instead of waiting 1 s each) until it is done. */
async function drive(token: string, id: string, stopAfterDone?: number) {
  for (let i = 0; i < 200; i++) {
    const state = await progress(token, id);
    if (state.status === "completed" || (stopAfterDone !== undefined && state.done >= stopAfterDone)) return state;
    const ran = await runDurableObjectAlarm(stubOf(id));
    if (!ran) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("batch did not finish");
}

async function usedEdits(token: string) {
  return (await (await api("/edit-image/quota", { token })).json<{ used: number }>()).used;
}

async function goodAndBrokenFiles() {
  const png = await encode(productOnGrey(80, 60));
  const jpeg = await encode(productOnGrey(80, 60), "image/jpeg");
  const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.5));
  const files = Array.from({ length: 10 }, (_, i) => (i === 4 ? { name: "broken.jpg", bytes: truncated, type: "image/jpeg" } : { name: `product-${i}.png`, bytes: png, type: "image/png" }));
  return files;
}

describe("POST /api/batches and the BatchJob", () => {
  it("edits 10 images with one broken: 9 completed, 1 error, 9 charged, and it survives a restart of the object", async () => {
    const { token, userId } = await registerUser();
    const res = await postBatch(token, form(await goodAndBrokenFiles(), { prompt: "white background", category: "decor", platform: "ebay" }), "batch-req-1");
    expect(res.status).toBe(202);
    const created = await res.json<{ data: BatchProgress; wsUrl: string }>();
    const id = created.data.id;
    expect(created.data).toMatchObject({ total: 10, status: "pending", done: 0 });
    expect(created.data.items.every((i) => i.status === "pending" && i.originalImage.startsWith("/api/images/") && i.editedImage === null)).toBe(true);
    expect(created.wsUrl).toBe(`/api/batches/${id}/ws`);

    await drive(token, id, 2);
    // The next image waits for the SPEC's 1 s pause, on an alarm rather than the request: an edit sets the
    // alarm for 1 s after it ran, so at least 1 s after a clock reading taken before the run (however
    // long the run took on a loaded machine).
    const beforeRun = Date.now();
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    const nextAlarm = await runInDurableObject(stubOf(id), (_instance, state) => state.storage.getAlarm());
    expect(nextAlarm).toBeGreaterThanOrEqual(beforeRun + 1000);
    expect((await progress(token, id)).status).toBe("running");
    // Restart the object mid-batch: everything it knows is in its storage.
    await expect(runInDurableObject(stubOf(id), (_instance, state) => state.abort("restart in test"))).rejects.toThrow();

    const done = await drive(token, id);
    expect(done).toMatchObject({ status: "completed", total: 10, done: 10, completed: 9, failed: 1 });
    const broken = done.items[4];
    expect(broken).toMatchObject({ fileName: "broken.jpg", status: "error", editedImage: null, error: "Failed to read the image file. Please try another image." });
    for (const item of done.items.filter((i) => i.status === "completed")) {
      expect(item.editedImage).toMatch(/^\/api\/images\//);
      expect(item.enhancedPrompt).toContain("pure white");
    }
    expect(await usedEdits(token)).toBe(9);

    const edited = await api(done.items[0].editedImage!, { token });
    expect(edited.status).toBe(200);
    const out = await decode(new Uint8Array(await edited.arrayBuffer()), "image/png");
    expect(pixel(out, 0, 0)).toEqual([255, 255, 255, 255]);

    // The same request id again: the same batch, nothing new created or charged.
    const again = await postBatch(token, form(await goodAndBrokenFiles(), { prompt: "white background", category: "decor", platform: "ebay" }), "batch-req-1");
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json<{ data: BatchProgress }>()).data.id).toBe(id);
    const files = await env.DB.prepare("SELECT kind, COUNT(*) AS n FROM files WHERE user_id = ? GROUP BY kind ORDER BY kind").bind(userId).all<{ kind: string; n: number }>();
    expect(files.results).toEqual([
      { kind: "image-edited", n: 9 },
      { kind: "image-original", n: 10 },
    ]);
    expect(await usedEdits(token)).toBe(9);
  });

  it("marks an item as an error with the quota message when the day's edits run out while it runs, and goes on", async () => {
    const { token } = await registerUser();
    for (let i = 0; i < 8; i++) await api("/increment-quota", { token, body: { featureKey: "edit-image" } });
    const png = await encode(productOnGrey(60, 40));
    const res = await postBatch(
      token,
      form(
        [
          { name: "a.png", bytes: png, type: "image/png" },
          { name: "b.png", bytes: png, type: "image/png" },
        ],
        { prompt: "sharpen", platform: "ebay" },
      ),
    );
    expect(res.status).toBe(202);
    const { data } = await res.json<{ data: BatchProgress }>();
    // Another screen spends an edit after the batch was accepted.
    await api("/increment-quota", { token, body: { featureKey: "edit-image" } });
    const done = await drive(token, data.id);
    expect(done.items.map((i) => i.status)).toEqual(["completed", "error"]);
    expect(done.items[1].error).toContain("daily limit");
    expect(await usedEdits(token)).toBe(10);
  });

  it("accepts JSON with data URLs too", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(50, 40));
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...png))}`;
    const res = await api("/batches", { token, body: { images: [url, { image: url, fileName: "second.png" }], prompt: "brighten", platform: "ebay" } });
    expect(res.status).toBe(202);
    const { data } = await res.json<{ data: BatchProgress }>();
    expect(data.items.map((i) => i.fileName)).toEqual(["image-1", "second.png"]);
    expect((await drive(token, data.id)).completed).toBe(2);
  });

  it("shows a batch only to its owner: anyone else gets 404", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const { data } = await (await postBatch(owner.token, form([{ name: "a.png", bytes: png, type: "image/png" }], { prompt: "sharpen", platform: "ebay" }))).json<{ data: BatchProgress }>();
    expect((await api(`/batches/${data.id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/batches/${crypto.randomUUID()}`, { token: owner.token })).status).toBe(404);
    expect((await api(`/batches/not-a-batch`, { token: owner.token })).status).toBe(404);
    expect((await api(`/batches/${data.id}/ticket`, { method: "POST", token: other.token })).status).toBe(404);
    await drive(owner.token, data.id);
  });

  it("pushes progress over a WebSocket opened with a single-use ticket", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const files = [0, 1].map((i) => ({ name: `p${i}.png`, bytes: png, type: "image/png" }));
    const { data } = await (await postBatch(token, form(files, { prompt: "sharpen", platform: "ebay" }))).json<{ data: BatchProgress }>();
    const unauthorised = await exports.default.fetch(new Request(`http://localhost/api/batches/${data.id}/ws`, { headers: { Upgrade: "websocket" } }));
    expect(unauthorised.status).toBe(401);

    const { data: issued } = await (await api(`/batches/${data.id}/ticket`, { method: "POST", token })).json<{ data: { ticket: string } }>();
    const res = await exports.default.fetch(new Request(`http://localhost/api/batches/${data.id}/ws?ticket=${issued.ticket}`, { headers: { Upgrade: "websocket" } }));
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const messages: { type: string; data: BatchProgress }[] = [];
    const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
    socket.addEventListener("message", (event) => messages.push(JSON.parse(event.data as string)));
    socket.accept();
    await drive(token, data.id);
    // The batch closes its sockets when it finishes.
    await closed;
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.every((m) => m.type === "progress" && m.data.id === data.id)).toBe(true);
    expect(messages.at(-1)!.data).toMatchObject({ status: "completed", done: 2 });
  });
});
