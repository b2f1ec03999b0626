/**
 * The batch WebSocket's credential: a single-use ticket, valid for 60 s, issued to the batch's owner
 * (POST /api/batches/:id/ticket) and spent by the upgrade (GET /api/batches/:id/ws?ticket=...). The
 * session token never travels in a URL. The batch's Durable Object keeps and spends the tickets.
 */
import { IMAGE_MESSAGES } from "../../../schema/api/images";
import type { Env } from "../../lib/env";
import { HttpError, notFound } from "../../lib/errors";
import { batchStub } from "./batches";

const BATCH_ID = /^[0-9a-f-]{36}$/i;

export async function issueBatchTicket(env: Env, userId: string, id: string) {
  if (!BATCH_ID.test(id)) throw notFound(IMAGE_MESSAGES.batchNotFound);
  const issued = await batchStub(env, id).issueTicket(userId);
  if (!issued) throw notFound(IMAGE_MESSAGES.batchNotFound);
  return { ticket: issued.ticket, expiresAt: new Date(issued.expiresAt).toISOString(), wsUrl: `/api/batches/${id}/ws?ticket=${issued.ticket}` };
}

/** Hands a WebSocket upgrade carrying a ticket to the batch's object, which spends the ticket. */
export async function openBatchSocketWithTicket(env: Env, id: string, ticket: string): Promise<Response> {
  if (!BATCH_ID.test(id)) throw notFound(IMAGE_MESSAGES.batchNotFound);
  const response = await batchStub(env, id).fetch(new Request(`https://batch/${id}/ws`, { headers: { Upgrade: "websocket", "X-Batch-Ticket": ticket } }));
  if (response.status === 404) throw notFound(IMAGE_MESSAGES.batchNotFound);
  if (response.status === 401) throw new HttpError(401, "This WebSocket ticket is invalid, used or expired. Ask for a new one: POST /api/batches/:id/ticket");
  return response;
}
