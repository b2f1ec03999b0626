/**
 * Each part of an edit, checked against its own measured result (decision 0032), the edit's status
 * and whether it is charged, and the alt text offered for the result.
 */
import type { EditCheck, EditMeasurements, EditPart, EditStatus, NotApplied } from "../../../schema/api/images";
import { BACKDROP_DONE_SHARE } from "./measure";
import { MAX_PRODUCT_CHANGE } from "./model-measure";
import type { Category, EditPlan, Operation } from "./instruction-parser";

/** A brighten or darken counts as done when exposure moved at least this far the asked way (stops). */
const MIN_EXPOSURE_STOPS = 0.05;
/** Contrast counts as done when the spread of luminance moved at least 2% the asked way. */
const MIN_CONTRAST_CHANGE = 0.02;
/** Sharpening counts as done when edge energy rose at least 2%. */
const MIN_SHARPNESS_RATIO = 1.02;

/** Below this confidence in the product mask, a changed background is not trusted (decision 0032). */
export const MIN_MASK_CONFIDENCE = 0.5;
const LOW_CONFIDENCE_REASON = "Parts of the product are too close to the backdrop's colour for the built-in editor to tell them apart; a cut-out provider (Photoroom or remove.bg) handles it.";
export const BUSY_BACKDROP_REASON = "The background is too busy for the built-in editor; a cut-out provider (Photoroom or remove.bg) handles it.";
const UNEVEN_BACKDROP_REASON =
  "The backdrop is not plain enough around the product (uneven light, a shadow, or too close to the product's colours) for the built-in editor; a cut-out provider (Photoroom or remove.bg) handles it.";

const pct = (share: number) => `${Math.floor(share * 1000) / 10} %`;

function backgroundWord(asked: string) {
  return asked === "transparent" ? "transparent" : asked === "#FFFFFF" ? "white" : asked;
}

/** The check of every operation the plan ran, from the measured figures. */
export function checksFor(plan: EditPlan, m: EditMeasurements, notes: { backgroundReason?: string; colourNote?: string }): EditCheck[] {
  const checks: EditCheck[] = [];
  const has = (op: Operation["op"]) => plan.operations.some((o) => o.op === op);
  const op = <K extends Operation["op"]>(k: K) => plan.operations.find((o): o is Extract<Operation, { op: K }> => o.op === k);
  if (has("background")) {
    const b = m.background;
    if (!b) {
      checks.push({ part: "background", status: "not-done", summary: "The background was not changed.", reason: notes.backgroundReason ?? UNEVEN_BACKDROP_REASON });
    } else {
      const word = backgroundWord(b.asked);
      const shadow = b.shadowShare > 0.005 ? ` A shadow covering ${pct(b.shadowShare)} of the backdrop was kept.` : b.shadowRemoved > 0 ? " The backdrop's shadow was removed with it." : "";
      const summary = `${pct(b.backdropShare)} of the background is now ${word}.${shadow}`;
      if (b.backdropShare >= BACKDROP_DONE_SHARE && b.maskConfidence >= MIN_MASK_CONFIDENCE) checks.push({ part: "background", status: "done", summary });
      else if (b.backdropShare >= BACKDROP_DONE_SHARE) {
        checks.push({
          part: "background",
          status: "not-done",
          summary: `The product could not be told apart from the backdrop with confidence (${Math.round(b.maskConfidence * 100)} %), so the background was left as it was.`,
          reason: notes.backgroundReason ?? LOW_CONFIDENCE_REASON,
        });
      } else {
        const reason = notes.backgroundReason ?? (b.busyBackdrop ? BUSY_BACKDROP_REASON : UNEVEN_BACKDROP_REASON);
        checks.push({ part: "background", status: "not-done", summary: `Only ${pct(b.backdropShare)} of the background could be made ${word}, so the background was left as it was.`, reason });
      }
    }
  }
  const brightness = op("brightness");
  if (brightness || has("levels")) {
    const l = m.light;
    const stops = l?.stops ?? 0;
    const moved = l ? `Exposure ${stops >= 0 ? "+" : ""}${stops.toFixed(2)} stops (mean brightness ${l.before} to ${l.after}).` : "Exposure was not measured.";
    if (brightness && brightness.amount > 0 && stops < MIN_EXPOSURE_STOPS)
      checks.push({ part: "light", status: "not-done", summary: moved, reason: "The photo was already bright: brightening changed its exposure by less than 0.05 stops." });
    else if (brightness && brightness.amount < 0 && stops > -MIN_EXPOSURE_STOPS)
      checks.push({ part: "light", status: "not-done", summary: moved, reason: "The photo was already dark: darkening changed its exposure by less than 0.05 stops." });
    else checks.push({ part: "light", status: "done", summary: moved });
  }
  const contrast = op("contrast");
  if (contrast) {
    const l = m.light;
    const change = l && l.contrastBefore > 0 ? l.contrastAfter / l.contrastBefore - 1 : 0;
    const summary = l ? `Contrast ${change >= 0 ? "+" : ""}${Math.round(change * 100)} % (spread ${l.contrastBefore} to ${l.contrastAfter}).` : "Contrast was not measured.";
    const ok = contrast.amount > 0 ? change >= MIN_CONTRAST_CHANGE : change <= -MIN_CONTRAST_CHANGE;
    checks.push(ok ? { part: "contrast", status: "done", summary } : { part: "contrast", status: "not-done", summary, reason: "The contrast changed by less than 2 %." });
  }
  if (has("whiteBalance") || has("warmth")) checks.push({ part: "colour", status: "done", summary: notes.colourNote ?? "The light's colour was adjusted; the product keeps its hue." });
  if (has("sharpen")) {
    const ratio = m.sharpness?.ratio ?? 1;
    const summary = `Edge detail ${ratio >= 1 ? "+" : ""}${Math.round((ratio - 1) * 100)} %.`;
    checks.push(
      ratio >= MIN_SHARPNESS_RATIO ? { part: "sharpness", status: "done", summary } : { part: "sharpness", status: "not-done", summary, reason: "The photo has too little fine detail to sharpen." },
    );
  }
  if (has("denoise")) checks.push({ part: "cleanup", status: "done", summary: "Noise and specks were smoothed with a median filter." });
  return checks;
}

/** The canvas check, from the size of the finished file. */
export function canvasCheck(plan: EditPlan, m: EditMeasurements): EditCheck | null {
  const preset = plan.preset;
  const c = m.canvas;
  if (!preset || !c) return null;
  const longest = Math.max(c.width, c.height);
  const sizeOk = preset.side ? c.width === preset.side && c.height === preset.side : longest >= preset.minSide;
  const squareOk = !preset.square || c.square;
  const pad = c.padding;
  const padding = pad.top + pad.bottom + pad.left + pad.right > 0 ? `, padded ${pad.left} px left and right, ${pad.top} px top and bottom` : "";
  const summary = `${c.width} x ${c.height} px${padding}.`;
  if (sizeOk && squareOk) return { part: "canvas", status: "done", summary };
  return { part: "canvas", status: "not-done", summary, reason: `The result could not be brought to ${preset.side ? `${preset.side} x ${preset.side}` : `at least ${preset.minSide}`} px here.` };
}

/** Why a model's result with a changed product is not used (decision 0040). */
const PRODUCT_CHANGED_REASON = "Etsy asks that listing photos show the actual item, so a picture in which the model redrew the product is not used.";

const MODEL_BACKDROP_REASON = "The model's answer left part of the backdrop as it was.";
const MODEL_UNSURE_REASON = "The product could not be found in the photo or in the model's answer, so the answer could not be checked.";

/**
 * A model editor's checks (decision 0040): the built-in editor's checks from the same figures, with
 * the light's colour and the clean-up measured rather than taken on trust, and the product's own check
 * first: changed beyond MAX_PRODUCT_CHANGE, the result is not the seller's item.
 */
export function modelChecksFor(plan: EditPlan, m: EditMeasurements): EditCheck[] {
  // The built-in editor's reasons for a background not done name its own limits; a model's are its own.
  const checks = checksFor(plan, m, {})
    .filter((c) => c.part !== "colour" && c.part !== "cleanup")
    .map((c) =>
      c.part === "background" && c.status === "not-done" ? { ...c, reason: m.background && m.background.backdropShare >= BACKDROP_DONE_SHARE ? MODEL_UNSURE_REASON : MODEL_BACKDROP_REASON } : c,
    );
  const has = (op: Operation["op"]) => plan.operations.some((o) => o.op === op);
  const warmth = plan.operations.find((o): o is Extract<Operation, { op: "warmth" }> => o.op === "warmth");
  const c = m.colour;
  if (c && (warmth || has("whiteBalance"))) {
    const moved = c.warmthAfter - c.warmthBefore;
    const summary = `Red-blue balance ${c.warmthBefore} to ${c.warmthAfter}; colour cast ${c.castBefore} to ${c.castAfter}.`;
    const warmOk = !warmth || (warmth.amount > 0 ? moved >= 1.5 : moved <= -1.5);
    const balanceOk = !has("whiteBalance") || c.castAfter <= Math.max(4, c.castBefore - 1);
    checks.push(
      warmOk && balanceOk ? { part: "colour", status: "done", summary } : { part: "colour", status: "not-done", summary, reason: "The light's colour did not change the way that was asked." },
    );
  }
  if (has("denoise")) {
    const ratio = m.noise?.ratio ?? 1;
    const summary = `Fine detail of the backdrop ${ratio >= 1 ? "+" : ""}${Math.round((ratio - 1) * 100)} %.`;
    checks.push(ratio <= 0.98 ? { part: "cleanup", status: "done", summary } : { part: "cleanup", status: "not-done", summary, reason: "The noise was not reduced." });
  }
  const change = m.productChange;
  if (change) {
    const share = pct(change.changedShare);
    checks.unshift(
      change.changedShare <= MAX_PRODUCT_CHANGE
        ? { part: "product", status: "done", summary: `The product itself is unchanged: ${share} of it differs from the photo.` }
        : { part: "product", status: "not-done", summary: `The model changed the product itself: ${share} of it differs from the photo.`, reason: PRODUCT_CHANGED_REASON },
    );
  }
  return checks;
}

/**
 * The edit's status and charge. done: every part done and nothing refused; partial: some done; not
 * done: none. Charged only when at least one part was done and every part the editor tried was done
 * (a part refused before editing, shown in the plan, is never tried and never charged for).
 */
export function verdict(plan: EditPlan, checks: EditCheck[], notApplied: NotApplied[]): { status: EditStatus; charged: boolean } {
  // A model that changed the product itself did nothing usable, whatever else it did (decision 0040).
  if (checks.some((c) => c.part === "product" && c.status === "not-done")) return { status: "not-done", charged: false };
  // Steps the plan added (the marketplace canvas, auto levels) do not make an edit done on their own.
  const asked = new Set(plan.requested.map((op) => PART_OF[op]));
  // The product's own check (a model's result) guards the edit; it is not a part that was asked.
  const done = checks.filter((c) => c.status === "done" && c.part !== "product" && (asked.size === 0 || asked.has(c.part))).length;
  const failed = checks.filter((c) => c.status === "not-done").length;
  const status: EditStatus = done === 0 ? "not-done" : failed === 0 && notApplied.length === 0 ? "done" : "partial";
  return { status, charged: done > 0 && failed === 0 };
}

const PART_OF: Record<Operation["op"], EditPart> = {
  background: "background",
  brightness: "light",
  levels: "light",
  contrast: "contrast",
  whiteBalance: "colour",
  warmth: "colour",
  sharpen: "sharpness",
  denoise: "cleanup",
};

/** The sentence of an edit that did nothing asked: each part's figure and reason, and no charge. */
export function notDoneMessage(checks: EditCheck[]): string {
  const failed = checks.filter((c) => c.status === "not-done");
  const parts = failed.map((c) => `${c.summary}${c.reason ? ` ${c.reason}` : ""}`).join(" ");
  return `The image was not edited: ${parts ? `${parts.charAt(0).toLowerCase()}${parts.slice(1)} ` : ""}The original was kept and nothing was charged.`;
}

const CATEGORY_NOUN: Record<Category, string> = {
  jewelry: "piece of jewelry",
  clothing: "clothing item",
  decor: "home decor piece",
  art: "artwork",
  crafts: "handmade craft piece",
  accessories: "accessory",
};

/**
 * Alt text for the edited photo (at most 130 characters): the product's name as the seller gave it,
 * else the category's noun; its measured colour when the product was found; the background only as
 * measured. Nothing that was not asked, given or measured.
 */
export function altTextFor(plan: EditPlan, m: EditMeasurements | null, checks: EditCheck[], productName?: string): string {
  const name = productName?.trim().replace(/\s+/g, " ").slice(0, 80);
  const colour = m?.product?.colourName;
  const subject = capital(name ? (colour && !name.toLowerCase().includes(colour) ? `${colour} ${name}` : name) : `${colour ? `${colour} ` : ""}${CATEGORY_NOUN[plan.category]}`);
  const background = checks.find((c) => c.part === "background");
  let on = "";
  if (background?.status === "done" && m?.background) {
    const asked = m.background.asked;
    on = asked === "transparent" ? " on a transparent background" : asked === "#FFFFFF" ? " on a plain white background" : " on a plain coloured background";
  }
  const text = `${subject}${on}`;
  return text.length <= 130 ? text : `${text.slice(0, 129).trimEnd()}…`;
}

const capital = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
