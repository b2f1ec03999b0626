import * as v from "valibot";
import { BatchJsonSchema, BatchOptionsSchema, EditImageSchema, GptEditSchema, IMAGE_LIMITS, IMAGE_MESSAGES, type EditImageResponse } from "../../schema/api/images";
import { issueBatchTicket, openBatchSocketWithTicket } from "../domain/images/batch-tickets";
import { createBatch, getBatch, type BatchFile } from "../domain/images/batches";
import { assertBatchCanBeEdited, editImage, type EditOutcome } from "../domain/images/edit";
import { openImage } from "../domain/images/storage";
import { assertImageRequestAllowed } from "../domain/images/throttle";
import { checkImage, decodeDataUrl, toDataUrl, tooLarge } from "../domain/images/upload";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import { HttpError, UpstreamError, badRequest } from "../lib/errors";
import { idempotent } from "../lib/idempotency";
import { json, parseWith, readBodyLimited, readJson } from "../lib/http";
import { selectImageEditor, type ImageEditor } from "../providers/images";
import type { ApiRouter } from "./types";

export function imageRoutes(router: ApiRouter) {
  /** The Image Editor screen: one image, one instruction, category and platform. */
  router.post("/edit-image", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    return withImageErrors(async () => {
      await assertImageRequestAllowed(env, user.id, "edit");
      const body = await readImageJson(request, EditImageSchema);
      const image = checkImage(decodeDataUrl(body.image).bytes);
      const outcome = await editImage(env, user, selectImageEditor(env), {
        image,
        prompt: body.prompt,
        category: body.category,
        platform: body.platform,
        fileName: body.fileName || "image",
      });
      return json(editResponse(outcome, outcome.responseText));
    });
  });

  /**
   * The Image Editor (GPT) screen: OpenAI when a key is configured; otherwise the configured
   * fallback (the local editor), and the answer says so.
   */
  router.post("/image/edit/gpt", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    return withImageErrors(async () => {
      await assertImageRequestAllowed(env, user.id, "edit");
      const body = await readImageJson(request, GptEditSchema);
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
    });
  });

  /** Which editor serves, so a screen can label its button before the first edit. */
  router.get("/image/provider", async (request, env) => {
    await requireUser(request, env);
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
  });

  /** A stored original or result, for its owner only. */
  router.get("/images/:id", async (request, env) => {
    const user = await requireUser(request, env);
    const { file, object } = await openImage(env, user.id, request.params.id);
    return new Response(object.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `inline; filename="${file.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      },
    });
  });

  /** Up to 10 images and one instruction, edited in the background; idempotent under X-Request-ID. */
  router.post("/batches", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    return idempotent(env, request, user.id, "image-batch", async () => {
      await assertImageRequestAllowed(env, user.id, "batch");
      const { files, options } = await readBatchRequest(request);
      assertBatchCanBeEdited(selectImageEditor(env), options.prompt, options.category, options.platform);
      const data = await createBatch(env, user, files, options);
      return { status: 202, body: { success: true, message: "Batch created", data, wsUrl: `/api/batches/${data.id}/ws` } };
    });
  });

  router.get("/batches/:id", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await getBatch(env, user.id, request.params.id) });
  });

  /** A single-use, 60-second ticket for the batch's WebSocket (the session token never goes in a URL). */
  router.post("/batches/:id/ticket", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await issueBatchTicket(env, user.id, String(request.params.id ?? "")) });
  });

  /**
   * Progress pushed over a WebSocket. Browsers cannot set headers on a WebSocket, so the credential is
   * `?ticket=` from POST /batches/:id/ticket; the long-lived bearer token is refused here.
   */
  router.get("/batches/:id/ws", async (request, env) => {
    const params = new URL(request.url).searchParams;
    if (params.has("token")) throw new HttpError(401, "A session token is not accepted in a URL. Ask for a WebSocket ticket: POST /api/batches/:id/ticket");
    const ticket = params.get("ticket") ?? "";
    if (!ticket) throw new HttpError(401, "A WebSocket ticket is required. Ask for one: POST /api/batches/:id/ticket");
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "Expected a WebSocket upgrade", {}, { Upgrade: "websocket" });
    return openBatchSocketWithTicket(env, String(request.params.id ?? ""), ticket);
  });
}

function editResponse(outcome: EditOutcome, responseText: string): EditImageResponse {
  const image = toDataUrl(outcome.bytes, outcome.type);
  const skipped = outcome.notApplied.length;
  return {
    success: true,
    // Only a complete edit is called a success; a partial one says what was left out (decision 0012).
    message: skipped ? `Image edited, but ${skipped} part${skipped === 1 ? "" : "s"} of the instruction ${skipped === 1 ? "was" : "were"} not done` : "Image edited successfully",
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
  };
}

/** A JSON body of at most 8 MB; anything larger can only be an image over 5 MB. */
async function readImageJson<const S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S>> {
  try {
    return await readJson(request, schema, IMAGE_LIMITS.singleBodyBytes);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw tooLarge();
    throw error;
  }
}

/** The SPEC's error fields on every failure of the editors: message, error, details (and quota on 403). */
async function withImageErrors(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const code =
      error instanceof UpstreamError
        ? error.timedOut
          ? "provider timeout"
          : "provider failed"
        : typeof error.extra.error === "string"
          ? error.extra.error
          : error.status === 403
            ? "limit exceeded"
            : error.status === 429
              ? "too many requests"
              : error.status === 413
                ? "too large"
                : error.status === 415
                  ? "unsupported type"
                  : "invalid request";
    throw new HttpError(error.status, error.message, { details: error.message, ...error.extra, error: code }, error.headers);
  }
}

async function readBatchRequest(request: Request): Promise<{ files: BatchFile[]; options: v.InferOutput<typeof BatchOptionsSchema> }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data\b/i.test(type)) {
    const bytes = await readBodyLimited(request, IMAGE_LIMITS.batchMultipartBodyBytes).catch((error) => {
      throw error instanceof HttpError && error.status === 413 ? new HttpError(413, IMAGE_MESSAGES.batchTooLarge(IMAGE_LIMITS.batchMax), { error: "too large" }) : error;
    });
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": type } }).formData();
    } catch {
      throw badRequest("Malformed multipart body");
    }
    const entries = [...form.getAll("images"), ...form.getAll("image"), ...form.getAll("files")].filter((f): f is File => f instanceof File);
    if (entries.length > IMAGE_LIMITS.batchMax) throw new HttpError(400, IMAGE_MESSAGES.tooMany, { error: "too many images" });
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
