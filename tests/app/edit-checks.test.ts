import { describe, expect, it } from "vitest";
import type { EditCheck, EditMeasurements } from "../../schema/api/images";
import { checkText } from "~/components/image-editor/edit-checks";
import { editFailure } from "~/components/image-editor/messages";
import { ApiError } from "~/lib/api";
import { type MessageKey, messagesFor, type Vars } from "~/lib/i18n";
import { handle as editImageRoute } from "~/routes/edit-image";

const messages = messagesFor(editImageRoute.i18n);
const t = (key: MessageKey, vars?: Vars) => messages.translate("en", key, vars);
const tr = (key: MessageKey, vars?: Vars) => messages.translate("tr", key, vars);

const measured = (background: Partial<NonNullable<EditMeasurements["background"]>>): EditMeasurements => ({
  background: {
    asked: "#FFFFFF",
    backdropShare: 0.9847,
    productArea: 0.2124,
    maskConfidence: 0.97,
    shadowPixels: 0,
    shadowShare: 0,
    shadowRemoved: 2955,
    busyBackdrop: false,
    measuredPixels: 235200,
    ...background,
  },
  light: { before: 155, after: 172.4, stops: 0.149, contrastBefore: 40, contrastAfter: 44 },
  sharpness: null,
  canvas: { width: 2000, height: 2000, square: true, padding: { top: 250, bottom: 250, left: 0, right: 0 } },
  product: null,
});

const done = (part: EditCheck["part"]): EditCheck => ({ part, status: "done", summary: "" });

describe("what an edit measured, in words (decision 0032)", () => {
  it("says how much of the background became white, never rounding up past the figure, and that the shadow went with it", () => {
    expect(checkText(t, done("background"), measured({}))).toBe(
      "98.4 % of the background is now white. The backdrop's shadow was removed with it. Product: 21.2 % of the photo, found with 97 % confidence.",
    );
    expect(checkText(tr, done("background"), measured({}))).toMatch(/^Arka planın %98\.4 kadarı artık beyaz\./);
  });

  it("says a shadow was kept, and a background that could not be changed, with the figure", () => {
    expect(checkText(t, done("background"), measured({ asked: "transparent", shadowShare: 0.021, shadowRemoved: 0 }))).toContain("A shadow covering 2.1 % of the backdrop was kept.");
    const failed: EditCheck = {
      part: "background",
      status: "not-done",
      summary: "",
      reason: "The background is too busy for the built-in editor; a cut-out provider (Photoroom or remove.bg) handles it.",
    };
    expect(checkText(t, failed, measured({ backdropShare: 0.263, busyBackdrop: true }))).toBe("Only 26.3 % of the background could be made white, so the background was left as it was.");
    expect(checkText(t, failed, measured({ backdropShare: 0.99, maskConfidence: 0.42 }))).toBe(
      "The product could not be told apart from the backdrop with confidence (42 %), so the background was left as it was.",
    );
  });

  it("says the change in exposure and the canvas", () => {
    expect(checkText(t, done("light"), measured({}))).toBe("Exposure +0.15 stops (mean brightness 155 → 172).");
    expect(checkText(t, done("canvas"), measured({}))).toBe("2000 × 2000 px, padded 0 px left and right, 250 px top and bottom.");
  });

  it("reads a 422 edit-not-done as 'Image Not Edited' with the figures and the refused parts, not as a retryable failure", () => {
    const body = {
      message: "The image was not edited: ...",
      code: "edit-not-done",
      checks: [{ part: "background", status: "not-done", summary: "", reason: "too busy" }],
      measurements: measured({ backdropShare: 0.03 }),
      notApplied: [{ instruction: "add a Christmas tree behind it", reason: "Etsy asks that listing photos show the actual item." }],
    };
    const failure = editFailure(t, new ApiError(body.message, 422, body), { single: true });
    expect(failure.title).toBe("Image Not Edited");
    expect(failure.message).toBe("The result did not do what was asked, so the original was kept and nothing was charged.");
    expect(failure.measured?.checks).toHaveLength(1);
    expect(failure.notApplied?.[0].instruction).toBe("add a Christmas tree behind it");
  });
});
