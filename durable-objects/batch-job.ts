import { DurableObject } from "cloudflare:workers";
import {
  IMAGE_MESSAGES,
  type BatchItem,
  type CutoutInfo,
  type EditCheck,
  type EditMeasurements,
  type BatchItemStatus,
  type BatchProgress,
  type BatchStatus,
  type ImageCategory,
  type ImagePlatform,
  type ImageProviderName,
} from "../schema/api/images";
import { findUserById } from "../worker/domain/auth/accounts";
import { runEdit } from "../worker/domain/images/edit";
import { imageUrl, readImageBytes } from "../worker/domain/images/storage";
import { checkImage } from "../worker/domain/images/upload";
import { releaseQuota, reserveQuota } from "../worker/domain/quota";
import type { NewBatch } from "../worker/lib/durable-object-types";
import type { Env } from "../worker/lib/env";
import { HttpError } from "../worker/lib/errors";
import { selectImageEditor } from "../worker/providers/images";
import { log } from "../worker/lib/log";

/** The SPEC's pause between two images of a batch. */
const PAUSE_MS = 1000;
/** An item that keeps failing to finish (the object restarted under it each time) is given up. */
const MAX_ATTEMPTS = 3;
/** The longest wait for a cut-out provider's rate limit before the item is tried again. */
const MAX_RETRY_WAIT_MS = 60_000;

interface ItemRow extends Record<string, SqlStorageValue> {
  idx: number;
  id: string;
  file_name: string;
  original_id: string;
  status: BatchItemStatus;
  error: string | null;
  edited_id: string | null;
  prompt_enhanced: number;
  enhanced_prompt: string | null;
  response_text: string | null;
  reserved: number;
  attempts: number;
  /** JSON of the measured checks, figures, charge and alt text (decision 0032). */
  outcome: string | null;
}

interface ItemOutcome {
  checks: EditCheck[];
  measurements: EditMeasurements | null;
  charged: boolean;
  altText: string | null;
}

/** How long a WebSocket ticket stays valid. */
const TICKET_TTL_MS = 60_000;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const sha256Hex = async (text: string) => toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));

/**
 * One per batch of image edits (idFromName(batchId)). It keeps the items and their status in its
 * own SQLite, edits them one at a time from its alarm with the SPEC's 1 s pause, so the batch
 * finishes even when the browser tab is closed, and pushes progress to WebSockets. Every step is
 * written down before the next, so a restart of the object resumes where it stopped; quota is
 * reserved before each edit and released when the edit fails, so only finished images are charged.
 */
export class BatchJob extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** One edit at a time even when a manual alarm run meets the scheduled one. */
  private busy = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS items (
      idx INTEGER PRIMARY KEY, id TEXT NOT NULL, file_name TEXT NOT NULL, original_id TEXT NOT NULL,
      status TEXT NOT NULL, error TEXT, edited_id TEXT, prompt_enhanced INTEGER NOT NULL DEFAULT 0,
      enhanced_prompt TEXT, response_text TEXT, reserved INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0)`);
    // Batches created before decision 0032 have no outcome column yet.
    const columns = this.sql.exec<{ name: string }>("PRAGMA table_info(items)").toArray();
    if (!columns.some((c) => c.name === "outcome")) this.sql.exec("ALTER TABLE items ADD COLUMN outcome TEXT");
    this.sql.exec(`CREATE TABLE IF NOT EXISTS tickets (hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)`);
    // After a restart, make sure unfinished work has an alarm to carry it on.
    void ctx.blockConcurrencyWhile(async () => {
      if (this.unfinished() > 0 && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now() + PAUSE_MS);
    });
  }

  /** Creates the batch once; a second call answers the batch as it is. */
  async create(batch: NewBatch): Promise<BatchProgress> {
    if (!this.meta("id")) {
      const now = Date.now();
      const meta: Record<string, string> = {
        id: batch.id,
        ownerId: batch.ownerId,
        prompt: batch.prompt,
        category: batch.category,
        platform: batch.platform,
        provider: batch.provider,
        createdAt: String(now),
        status: "pending",
      };
      for (const [key, value] of Object.entries(meta)) this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?)", key, value);
      batch.items.forEach((item, idx) => {
        this.sql.exec("INSERT INTO items (idx, id, file_name, original_id, status) VALUES (?, ?, ?, ?, 'pending')", idx, crypto.randomUUID(), item.fileName, item.originalId);
      });
      await this.ctx.storage.setAlarm(now);
    }
    return this.snapshot()!;
  }

  /** The batch's progress for its owner; null for anyone else (the API answers 404). */
  progress(ownerId: string): BatchProgress | null {
    if (this.meta("ownerId") !== ownerId) return null;
    return this.snapshot();
  }

  /**
   * A single-use ticket for the owner to open this batch's WebSocket within TICKET_TTL_MS. A browser
   * cannot put a header on a WebSocket, so something must travel in the URL; a ticket that works once,
   * for one batch, for a minute, is what may end up in a log instead of the 7-day session token.
   * Only its SHA-256 is kept. Null for anyone but the owner.
   */
  async issueTicket(ownerId: string, now = Date.now()): Promise<{ ticket: string; expiresAt: number } | null> {
    if (!ownerId || this.meta("ownerId") !== ownerId) return null;
    this.sql.exec("DELETE FROM tickets WHERE expires_at < ?", now);
    const ticket = toHex(crypto.getRandomValues(new Uint8Array(32)));
    const expiresAt = now + TICKET_TTL_MS;
    this.sql.exec("INSERT INTO tickets (hash, expires_at) VALUES (?, ?)", await sha256Hex(ticket), expiresAt);
    return { ticket, expiresAt };
  }

  /** Spends a ticket: true once, for an unexpired ticket of this batch. */
  private async redeemTicket(ticket: string, now = Date.now()): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(ticket)) return false;
    const hash = await sha256Hex(ticket);
    const spent = this.sql.exec<{ expires_at: number }>("DELETE FROM tickets WHERE hash = ? RETURNING expires_at", hash).toArray();
    return spent.length === 1 && spent[0].expires_at >= now;
  }

  /** WebSocket upgrades, forwarded by the Worker with the ticket the owner was given. */
  async fetch(request: Request): Promise<Response> {
    if (!this.meta("ownerId")) return new Response("Batch not found", { status: 404 });
    if (!(await this.redeemTicket(request.headers.get("X-Batch-Ticket") ?? ""))) return new Response("Invalid or expired ticket", { status: 401 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server);
    server.send(JSON.stringify({ type: "progress", data: this.snapshot() }));
    if (this.meta("status") === "completed") server.close(1000, "Batch complete");
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Any message asks for the current state again (a client's "ping").
    if (typeof message === "string") ws.send(JSON.stringify({ type: "progress", data: this.snapshot() }));
  }

  webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 ? 1000 : code, "Closing");
    } catch {
      // Already closed.
    }
  }

  async alarm() {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.processNext();
    } finally {
      this.busy = false;
    }
  }

  /** Edits the next unfinished item, then schedules the one after it. */
  private async processNext() {
    const ownerId = this.meta("ownerId");
    if (!ownerId) return;
    const item = this.sql.exec<ItemRow>("SELECT * FROM items WHERE status IN ('processing', 'pending') ORDER BY idx LIMIT 1").toArray()[0];
    if (!item) return this.finish();
    this.setMeta("status", "running");
    this.sql.exec("UPDATE items SET status = 'processing', attempts = attempts + 1 WHERE idx = ?", item.idx);
    this.broadcast();

    const user = await findUserById(this.env, ownerId);
    let reserved = item.reserved === 1;
    try {
      if (!user) throw new HttpError(404, "The owner of this batch no longer exists.");
      if (item.attempts + 1 > MAX_ATTEMPTS) throw new HttpError(500, IMAGE_MESSAGES.itemFailed);
      if (!reserved) {
        await reserveQuota(this.env, user, "edit-image");
        reserved = true;
        this.sql.exec("UPDATE items SET reserved = 1 WHERE idx = ?", item.idx);
      }
      const { bytes } = await readImageBytes(this.env, ownerId, item.original_id);
      const image = checkImage(bytes);
      const outcome = await runEdit(this.env, ownerId, selectImageEditor(this.env), {
        image,
        prompt: this.meta("prompt") ?? "",
        category: (this.meta("category") ?? "jewelry") as ImageCategory,
        platform: (this.meta("platform") ?? "etsy") as ImagePlatform,
        fileName: item.file_name,
        originalId: item.original_id,
      });
      // The reserved unit is the charge for an image whose every tried part worked; a partial result
      // (measured short of what was asked) gives it back (decision 0032).
      if (!outcome.charged) await releaseQuota(this.env, user, "edit-image");
      const record: ItemOutcome = { checks: outcome.checks, measurements: outcome.measurements, charged: outcome.charged, altText: outcome.altText };
      this.sql.exec(
        "UPDATE items SET status = ?, error = NULL, edited_id = ?, prompt_enhanced = ?, enhanced_prompt = ?, response_text = ?, reserved = 0, outcome = ? WHERE idx = ?",
        outcome.status === "done" ? "completed" : "partial",
        outcome.edited.id,
        outcome.promptEnhanced ? 1 : 0,
        outcome.enhancedPrompt,
        outcome.responseText,
        JSON.stringify(record),
        item.idx,
      );
      if (outcome.cutout) this.setMeta("cutout", JSON.stringify(outcome.cutout));
    } catch (error) {
      if (reserved && user) await releaseQuota(this.env, user, "edit-image").catch(() => {});
      // A cut-out provider's rate limit (429 with Retry-After): the image waits and is tried again,
      // uncharged, up to MAX_ATTEMPTS in all.
      const retryAfter = error instanceof HttpError && error.status === 429 ? Number(error.extra.retryAfter) : NaN;
      if (Number.isFinite(retryAfter) && item.attempts + 1 < MAX_ATTEMPTS) {
        this.sql.exec("UPDATE items SET status = 'pending', reserved = 0 WHERE idx = ?", item.idx);
        this.broadcast();
        await this.ctx.storage.setAlarm(Date.now() + Math.min(MAX_RETRY_WAIT_MS, Math.max(PAUSE_MS, retryAfter * 1000)));
        return;
      }
      const message = error instanceof HttpError ? error.message : IMAGE_MESSAGES.itemFailed;
      if (!(error instanceof HttpError)) log.error("batch.item_failed", { batch: this.meta("id"), item: item.id, error: String(error) });
      // An edit measured as not done keeps its figures, so the screen can say why.
      const measured = error instanceof HttpError && Array.isArray(error.extra.checks);
      const record: ItemOutcome | null = measured
        ? { checks: error.extra.checks as EditCheck[], measurements: (error.extra.measurements as EditMeasurements | null) ?? null, charged: false, altText: null }
        : null;
      this.sql.exec("UPDATE items SET status = 'error', error = ?, reserved = 0, outcome = ? WHERE idx = ?", message, record ? JSON.stringify(record) : null, item.idx);
    }

    if (this.unfinished() > 0) {
      this.broadcast();
      await this.ctx.storage.setAlarm(Date.now() + PAUSE_MS);
    } else {
      this.finish();
    }
  }

  private finish() {
    this.setMeta("status", "completed");
    this.broadcast();
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, "Batch complete");
      } catch {
        // Already closed.
      }
    }
  }

  private broadcast() {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const message = JSON.stringify({ type: "progress", data: this.snapshot() });
    for (const ws of sockets) {
      try {
        ws.send(message);
      } catch {
        // A closed socket is dropped by the runtime.
      }
    }
  }

  private snapshot(): BatchProgress | null {
    const id = this.meta("id");
    if (!id) return null;
    const rows = this.sql.exec<ItemRow>("SELECT * FROM items ORDER BY idx").toArray();
    const items: BatchItem[] = rows.map((row) => ({
      id: row.id,
      index: row.idx,
      fileName: row.file_name,
      status: row.status,
      error: row.error,
      originalImage: imageUrl(row.original_id),
      editedImage: row.edited_id ? imageUrl(row.edited_id) : null,
      promptEnhanced: row.prompt_enhanced === 1,
      enhancedPrompt: row.enhanced_prompt,
      responseText: row.response_text,
      ...outcomeOf(row.outcome),
    }));
    const completed = items.filter((i) => i.status === "completed").length;
    const partial = items.filter((i) => i.status === "partial").length;
    const failed = items.filter((i) => i.status === "error").length;
    return {
      id,
      status: (this.meta("status") ?? "pending") as BatchStatus,
      total: items.length,
      done: completed + partial + failed,
      completed,
      failed,
      partial,
      charged: items.filter((i) => i.charged).length,
      prompt: this.meta("prompt") ?? "",
      category: (this.meta("category") ?? "jewelry") as ImageCategory,
      platform: (this.meta("platform") ?? "etsy") as ImagePlatform,
      provider: (this.meta("provider") ?? "local") as ImageProviderName,
      cutout: this.cutout(),
      createdAt: new Date(Number(this.meta("createdAt") ?? 0)).toISOString(),
      items,
    };
  }

  private cutout(): CutoutInfo | null {
    return parsed<CutoutInfo>(this.meta("cutout"));
  }

  private unfinished() {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM items WHERE status IN ('pending', 'processing')").one().n;
  }

  private meta(key: string): string | undefined {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value;
  }

  private setMeta(key: string, value: string) {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }
}

/** A stored JSON value, or null when it is missing or unreadable. */
function parsed<T>(saved: string | null | undefined): T | null {
  if (!saved) return null;
  try {
    return JSON.parse(saved) as T;
  } catch {
    return null;
  }
}

function outcomeOf(saved: string | null): ItemOutcome {
  const outcome = parsed<ItemOutcome>(saved);
  return { checks: outcome?.checks ?? [], measurements: outcome?.measurements ?? null, charged: outcome?.charged ?? false, altText: outcome?.altText ?? null };
}
