import type * as v from "valibot";
import type { User } from "../../schema/db";
import { BatchJsonSchema, BatchOptionsSchema, EditImageSchema, GptEditSchema, IMAGE_LIMITS, IMAGE_MESSAGES, PlanImageSchema, type EditImageResponse } from "../../schema/api/images";
import { issueBatchTicket, openBatchSocketWithTicket } from "../domain/images/batch-tickets";
import { createBatch, getBatch, type BatchFile } from "../domain/images/batches";
import { assertBatchCanBeEdited, editImage, planOf, type EditOutcome } from "../domain/images/edit";
import { openImage } from "../domain/images/storage";
import { assertImageRequestAllowed } from "../domain/images/throttle";
import { checkImage, decodeDataUrl, toDataUrl, tooLarge } from "../domain/images/upload";
import { HttpError } from "../lib/errors";
import { idempotent } from "../lib/idempotency";
import type { Env } from "../lib/env";
import { fileResponse, readMultipart } from "../lib/files";
import { json, parseWith, readJson } from "../lib/http";
import { selectImageEditor, type ImageEditor } from "../providers/images";
import { route } from "./route";

/**
 * The editors' request: the rate limit runs before the body is read; a JSON body of at most 8 MB (anything
 * larger can only be an image over 5 MB); every failure after sign-in carries the SPEC's error fields.
 */
const SINGLE_IMAGE_BODY = {
  bodyLimit: IMAGE_LIMITS.singleBodyBytes,
  encodedBody: true,
  bodyTooLarge: tooLarge,
  guard: ({ env, user }: { env: Env; user: User }) => assertImageRequestAllowed(env, user.id, "edit"),
  mapError: imageError,
};

export const imageRoutes = [
  /** The Image Editor screen: one image, one instruction, category and platform. */
  route({
    method: "post",
    path: "/edit-image",
    summary:
      "Edit a product photo (data URL) by instruction; one edit-image unit. A background instruction goes to the configured cut-out provider (Photoroom or remove.bg; `cutout` in the answer), the rest to the local editor",
    tag: "Images",
    auth: "verified",
    body: EditImageSchema,
    ...SINGLE_IMAGE_BODY,
    handler: async ({ env, user, body }) => {
      const image = checkImage(decodeDataUrl(body.image).bytes);
      const outcome = await editImage(env, user, selectImageEditor(env), {
        image,
        prompt: body.prompt,
        category: body.category,
        platform: body.platform,
        fileName: body.fileName || "image",
        productName: body.productName,
      });
      return json(editResponse(outcome, outcome.responseText));
    },
  }),

  /**
   * What an instruction would do, before anything is edited or charged: the steps it maps to, the
   * parts refused with their reasons, and whether the whole instruction is refused (decision 0032).
   */
  route({
    method: "post",
    path: "/images/plan",
    summary: "What an image instruction would do (steps, notApplied with reasons, refused) before it is edited; free, nothing stored",
    tag: "Images",
    auth: "user",
    body: PlanImageSchema,
    handler: ({ body }) => json({ success: true, data: planOf(body.prompt, body.category, body.platform) }),
  }),

  /**
   * The Image Editor (GPT) screen: OpenAI when a key is configured; otherwise the configured
   * fallback (the local editor), and the answer says so.
   */
  route({
    method: "post",
    path: "/image/edit/gpt",
    summary: "Edit a photo with the image-generation provider (local editor offline)",
    tag: "Images",
    auth: "verified",
    body: GptEditSchema,
    ...SINGLE_IMAGE_BODY,
    handler: async ({ env, user, body }) => {
      const image = checkImage(decodeDataUrl(body.image).bytes);
      // With a key, the GPT screen asks OpenAI for the whole instruction (no cut-out provider).
      const editor: ImageEditor = env.OPENAI_API_KEY ? selectImageEditor({ ...env, IMAGE_PROVIDER: "openai" }, { cutouts: false }) : selectImageEditor(env);
      const outcome = await editImage(env, user, editor, {
        image,
        prompt: body.prompt,
        category: body.category ?? "jewelry",
        platform: body.platform ?? null,
        fileName: body.fileName || "image",
      });
      const note = env.OPENAI_API_KEY ? "" : `No OpenAI API key is configured, so ${outcome.providerLabel.replace(/^L/, "the l")} made this edit instead. `;
      return json(editResponse(outcome, note + outcome.responseText));
    },
  }),

  /** Which editor serves, so a screen can label its button before the first edit. */
  route({
    method: "get",
    path: "/image/provider",
    summary: "Which image editor serves (provider, label, gptProvider, gptLabel, offline, cutout) and the upload limits, so a screen can label its button before the first edit",
    tag: "Images",
    auth: "user",
    handler: ({ env }) => {
      const editor = selectImageEditor(env);
      const gpt = env.OPENAI_API_KEY ? selectImageEditor({ ...env, IMAGE_PROVIDER: "openai" }, { cutouts: false }) : editor;
      return json({
        success: true,
        data: {
          provider: editor.name,
          label: editor.label,
          gptProvider: gpt.name,
          gptLabel: gpt.label,
          offline: editor.name === "local",
          // Who removes backgrounds: a cut-out provider (then the local editor does the rest), or null
          // for the local editor's flood fill of plain backdrops.
          cutout: editor.cutout ? { provider: editor.cutout.provider, label: editor.cutout.label } : null,
          limits: { maxBytes: IMAGE_LIMITS.maxBytes, batchMax: IMAGE_LIMITS.batchMax, maxSide: IMAGE_LIMITS.maxSide, maxPixels: IMAGE_LIMITS.maxPixels },
        },
      });
    },
  }),

  /** A stored original or result, for its owner only. */
  route({
    method: "get",
    path: "/images/{id}",
    summary: "One of the caller's images",
    tag: "Images",
    auth: "user",
    produces: "image/*",
    handler: async ({ env, user, params }) => {
      const { file, object } = await openImage(env, user.id, params.id);
      return fileResponse(object.body, { type: file.contentType, name: file.name, disposition: "inline", size: file.size });
    },
  }),

  /** Up to 10 images and one instruction, edited in the background; idempotent under X-Request-ID. */
  route({
    method: "post",
    path: "/batches",
    summary: "Start a batch of up to 10 image edits (runs server-side)",
    tag: "Images",
    auth: "verified",
    body: BatchJsonSchema,
    raw: "JSON or multipart/form-data (images, prompt, category, platform), read after the idempotency claim and the rate limit",
    handler: async ({ request, env, user }) =>
      idempotent(env, request, user.id, "image-batch", async () => {
        await assertImageRequestAllowed(env, user.id, "batch");
        const { files, options } = await readBatchRequest(request);
        assertBatchCanBeEdited(options.prompt, options.category, options.platform);
        const data = await createBatch(env, user, files, options);
        return { status: 202, body: { success: true, message: "Batch created", data, wsUrl: `/api/batches/${data.id}/ws` } };
      }),
  }),

  route({
    method: "get",
    path: "/batches/{id}",
    summary: "A batch's progress and items",
    tag: "Images",
    auth: "user",
    handler: async ({ env, user, params }) => json({ success: true, data: await getBatch(env, user.id, params.id) }),
  }),

  /** A single-use, 60-second ticket for the batch's WebSocket (the session token never goes in a URL). */
  route({
    method: "post",
    path: "/batches/{id}/ticket",
    summary: "A single-use, 60 s ticket for the batch's WebSocket (GET /api/batches/{id}/ws?ticket=...)",
    tag: "Images",
    auth: "user",
    handler: async ({ env, user, params }) => json({ success: true, data: await issueBatchTicket(env, user.id, String(params.id ?? "")) }),
  }),

  /**
   * Progress pushed over a WebSocket. Browsers cannot set headers on a WebSocket, so the credential is
   * `?ticket=` from POST /batches/:id/ticket; the long-lived bearer token is refused here.
   */
  route({
    method: "get",
    path: "/batches/{id}/ws",
    summary: "The batch's progress over a WebSocket (101); the credential is ?ticket= from POST /api/batches/{id}/ticket, never the session token",
    tag: "Images",
    auth: "none",
    raw: "a WebSocket upgrade, signed in by its single-use ticket",
    produces: "websocket",
    handler: ({ request, env, params }) => {
      const search = new URL(request.url).searchParams;
      if (search.has("token")) throw new HttpError(401, "A session token is not accepted in a URL. Ask for a WebSocket ticket: POST /api/batches/:id/ticket");
      const ticket = search.get("ticket") ?? "";
      if (!ticket) throw new HttpError(401, "A WebSocket ticket is required. Ask for one: POST /api/batches/:id/ticket");
      if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "Expected a WebSocket upgrade", {}, { Upgrade: "websocket" });
      return openBatchSocketWithTicket(env, String(params.id ?? ""), ticket);
    },
  }),
];

function editResponse(outcome: EditOutcome, responseText: string): EditImageResponse {
  const image = toDataUrl(outcome.bytes, outcome.type);
  const skipped = outcome.notApplied.length + outcome.checks.filter((c) => c.status === "not-done").length;
  return {
    success: true,
    // Only a complete, measured edit is called a success; a partial one says what was left out and
    // whether it was charged (decisions 0012 and 0032).
    message:
      outcome.status === "done"
        ? "Image edited successfully"
        : `Image edited, but ${skipped} part${skipped === 1 ? "" : "s"} of the instruction ${skipped === 1 ? "was" : "were"} not done${outcome.charged ? "" : "; nothing was charged"}`,
    result: {
      image,
      imageId: outcome.edited.id,
      originalImageId: outcome.originalImageId,
      imageUrl: outcome.edited.url,
      width: outcome.width,
      height: outcome.height,
      responseText,
      promptEnhanced: outcome.promptEnhanced,
      enhancedPrompt: outcome.enhancedPrompt,
      notApplied: outcome.notApplied,
    },
    promptEnhanced: outcome.promptEnhanced,
    enhancedPrompt: outcome.enhancedPrompt,
    responseText,
    notApplied: outcome.notApplied,
    provider: outcome.provider,
    providerLabel: outcome.providerLabel,
    cutout: outcome.cutout,
    status: outcome.status,
    charged: outcome.charged,
    measurements: outcome.measurements,
    checks: outcome.checks,
    altText: outcome.altText,
  };
}

/** The SPEC's error fields on every failure of the editors: message, code, details (and quota on 403). */
function imageError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return new HttpError(error.status, error.message, { details: error.message, ...error.extra, code: error.code }, error.headers);
}

async function readBatchRequest(request: Request): Promise<{ files: BatchFile[]; options: v.InferOutput<typeof BatchOptionsSchema> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data\b/i.test(type)) {
    const form = await readMultipart(request, IMAGE_LIMITS.batchMultipartBodyBytes, () => new HttpError(413, IMAGE_MESSAGES.batchTooLarge(IMAGE_LIMITS.batchMax)));
    const entries = [...form.getAll("images"), ...form.getAll("image"), ...form.getAll("files")].filter((f): f is File => f instanceof File);
    if (entries.length > IMAGE_LIMITS.batchMax) throw new HttpError(400, IMAGE_MESSAGES.tooMany);
    const options = parseWith(BatchOptionsSchema, {
      prompt: form.get("prompt") ?? undefined,
      category: form.get("category") || undefined,
      platform: form.get("platform") || undefined,
    });
    const files: BatchFile[] = [];
    for (const file of entries) {
      if (file.size > IMAGE_LIMITS.maxBytes) files.push({ fileName: file.name || "image", bytes: null, tooLarge: true });
      else files.push({ fileName: file.name || "image", bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    return { files, options };
  }
  const body = await readJson(request, BatchJsonSchema, IMAGE_LIMITS.batchJsonBodyBytes);
  const files: BatchFile[] = body.images.map((entry, index) => {
    const value = typeof entry === "string" ? entry : entry.image;
    const fileName = (typeof entry === "string" ? undefined : entry.fileName) || `image-${index + 1}`;
    try {
      return { fileName, bytes: decodeDataUrl(value).bytes };
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) return { fileName, bytes: null, tooLarge: true };
      return { fileName, bytes: null };
    }
  });
  return { files, options: { prompt: body.prompt, category: body.category, platform: body.platform } };
}
