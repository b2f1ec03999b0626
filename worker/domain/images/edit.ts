/**
 * The image edit use case shared by the single editors and the batch job: plan the edit, run the
 * chosen editor, check what came back, store original and result under the owner.
 */
import type { CutoutInfo, EditCheck, EditMeasurements, EditStatus, ImagePlan, NotApplied } from "../../../schema/api/images";
import type { User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError, UpstreamError } from "../../lib/errors";
import type { ImageEditor } from "../../providers/images/types";
import { completeOnboardingStep } from "../onboarding";
import { releaseQuota, withQuota } from "../quota";
import { altTextFor, canvasCheck, notDoneMessage, verdict } from "./checks";
import { readImageHeader, sniffImageType, stripMetadata, type ImageType } from "./formats";
import { describePlan, forModel, generativePrompt, parseInstruction, withoutBackground, type Category, type EditPlan, type Platform } from "./instruction-parser";
import { storeImage, type StoredImage } from "./storage";
import type { CheckedImage } from "./upload";

type EditEnv = Pick<Env, "DB" | "FILES">;

interface EditRequest {
  image: CheckedImage;
  prompt: string;
  category: Category;
  /** null: no marketplace preset (the GPT editor). */
  platform: Platform | null;
  fileName: string;
  /** Already stored (a batch stores originals first). */
  originalId?: string;
  /** What the product is, in the seller's words, for the alt text. */
  productName?: string;
}

export interface EditOutcome {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
  edited: StoredImage;
  originalImageId: string;
  promptEnhanced: boolean;
  enhancedPrompt: string;
  responseText: string;
  provider: ImageEditor["name"];
  providerLabel: string;
  workPixels?: number;
  /** Parts of the instruction that were not done, with the reason (the local editor only). */
  notApplied: NotApplied[];
  /** Set when a cut-out provider removed the background and the local editor did the rest. */
  cutout: CutoutInfo | null;
  /** Whether the result does what was asked, measured on it (decision 0032). */
  status: EditStatus;
  /** Whether the edit-image unit is kept: every part the editor tried was done. */
  charged: boolean;
  measurements: EditMeasurements | null;
  checks: EditCheck[];
  altText: string;
}

/**
 * Whether an edit goes to the cut-out provider (decision 0018): its plan replaces the background,
 * because the seller asked to remove, whiten or replace it, or because Amazon's main image must be
 * on pure white.
 */
function wantsCutout(plan: EditPlan): boolean {
  return !plan.keepBackground && plan.operations.some((o) => o.op === "background");
}

/** What the answer says when every part of the instruction was refused: nothing was edited. */
const NOTHING_DONE_MESSAGE = "The image was not edited: the offline editor cannot do what was asked.";

/** What an instruction maps to, for the screens to show before an edit (POST /api/images/plan). */
export function planOf(prompt: string, category: Category, platform: Platform): ImagePlan {
  const plan = parseInstruction(prompt, category, platform);
  const { enhancedPrompt } = describePlan(plan);
  return { steps: plan.refused ? [] : enhancedPrompt.replace(/\.$/, "").split("; "), notApplied: plan.notApplied, refused: plan.refused, added: plan.added };
}

/**
 * The refusal of a batch before it is created: the same check as for one edit, so a batch of ten does
 * not fail ten times for the same reason (every editor, a model's too: decision 0040).
 */
export function assertBatchCanBeEdited(prompt: string, category: Category, platform: Platform | null) {
  refuseWhenNothingCanBeDone(parseInstruction(prompt, category, platform));
}

/**
 * The local editor's refusal, before anything is stored or charged: every part of the instruction
 * is something it cannot do, so editing would only hand back the same photo as if it were done.
 */
function refuseWhenNothingCanBeDone(plan: ReturnType<typeof parseInstruction>, model = false) {
  if (!plan.refused) return;
  const notApplied = model ? plan.notApplied.map(forModel) : plan.notApplied;
  throw new HttpError(422, model ? "The image was not edited: nothing that was asked can be done and measured here." : NOTHING_DONE_MESSAGE, {
    code: "instruction-not-supported",
    details: notApplied.map((n) => `"${n.instruction}": ${n.reason}`).join(" "),
    notApplied,
  });
}

/**
 * Runs one edit and stores it; no quota here (the callers charge it their way). An instruction that
 * replaces the background goes to the editor's cut-out provider when it has one. A failure keeps the
 * stored original and names it (`originalImageId`), so nothing the seller uploaded is lost.
 */
export async function runEdit(env: EditEnv, userId: string, editor: ImageEditor, request: EditRequest): Promise<EditOutcome> {
  const plan = parseInstruction(request.prompt, request.category, request.platform);
  const described = describePlan(plan);
  const cutout = editor.cutout && wantsCutout(plan) ? editor.cutout : null;
  const generative = !cutout && editor.name !== "local";
  // A model is asked only for what the plan understood, so it refuses the same instructions (decision 0040).
  refuseWhenNothingCanBeDone(plan, generative);
  const originalImageId = request.originalId ?? (await storeImage(env, userId, request.image.stored, request.image.type, "image-original", request.fileName)).id;
  try {
    const result = cutout ? await cutout.edit({ image: request.image, prompt: request.prompt, plan }) : await editor.edit({ image: request.image, prompt: request.prompt, plan });
    const label = cutout ? cutout.label : editor.label;
    const type = sniffImageType(result.bytes);
    const header = readImageHeader(result.bytes);
    if (!type || !header) throw new UpstreamError(label, `Invalid response from ${label}: what came back is not a JPEG, PNG or WEBP image.`);
    // Every editor is asked only for what the plan understood; the rest is listed with its reason.
    const notApplied = [...(generative ? plan.notApplied.map(forModel) : plan.notApplied), ...(result.notApplied ?? [])];
    // The result measured against the instruction (decisions 0032 and 0040: a model's too).
    let measurements = result.measurements ?? null;
    const checks = [...(result.checks ?? [])];
    if (measurements?.canvas) {
      measurements = { ...measurements, canvas: { ...measurements.canvas, width: header.width, height: header.height, square: header.width === header.height } };
      const canvas = canvasCheck(plan, measurements);
      if (canvas) checks.push(canvas);
    }
    const { status, charged } = measurements ? verdict(plan, checks, notApplied) : { status: "done" as const, charged: true };
    // What the screen says was done leaves out a background that was not changed.
    const backgroundFailed = checks.some((c) => c.part === "background" && c.status === "not-done");
    const said = backgroundFailed ? describePlan(withoutBackground(plan)) : described;
    if (status === "not-done") {
      // Nothing asked was done: no result is stored or charged, and the original stays (named below).
      // No result exists, so the canvas it would have had is not reported.
      const tried = checks.filter((c) => c.part !== "canvas");
      throw new HttpError(422, notDoneMessage(tried), { code: "edit-not-done", status, charged: false, checks: tried, measurements, notApplied });
    }
    // A provider's image may carry metadata of its own; results are stored and sent clean.
    const bytes = stripMetadata(result.bytes, type, false);
    const edited = await storeImage(env, userId, bytes, type, "image-edited", `edited-${request.fileName}`);
    await completeOnboardingStep(env.DB, userId, "image");
    return {
      bytes,
      type,
      width: header.width,
      height: header.height,
      edited,
      originalImageId,
      promptEnhanced: generative ? true : said.promptEnhanced,
      enhancedPrompt: generative ? generativePrompt(request.prompt, plan) : said.enhancedPrompt,
      responseText: result.responseText,
      // The local editor finishes a cut-out, so the edit is the local editor's with the provider named.
      provider: cutout ? "local" : editor.name,
      providerLabel: cutout ? `${cutout.label} + local image editor` : editor.label,
      workPixels: result.workPixels,
      notApplied,
      cutout: result.cutout ?? null,
      status,
      charged,
      measurements,
      checks,
      altText: altTextFor(plan, measurements, checks, request.productName),
    };
  } catch (error) {
    if (error instanceof HttpError) Object.assign(error.extra, { originalImageId });
    throw error;
  }
}

/**
 * One edit charged as one `edit-image` unit, given back when the edit fails, and when its result did
 * not do every part it tried (decision 0032: a seller pays only for what worked).
 */
export function editImage(env: Env, user: Pick<User, "id" | "plan">, editor: ImageEditor, request: EditRequest): Promise<EditOutcome> {
  return withQuota(env, user, "edit-image", async () => {
    const outcome = await runEdit(env, user.id, editor, request);
    if (!outcome.charged) await releaseQuota(env, user, "edit-image");
    return outcome;
  });
}
