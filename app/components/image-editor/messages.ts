/**
 * What the image editors say (SPEC §8): the editor's name, the cut-out line, and the text for each way
 * an edit can fail, for the product editor and for the image-generation provider.
 */
import { IMAGE_MESSAGES, type CutoutInfo, type EditCheck, type EditMeasurements, type ImageProviderName, type NotApplied } from "../../../schema/api/images";
import { ApiError } from "~/lib/api";
import { NoImageError } from "~/lib/api/images";
import type { MessageKey, Translate } from "~/lib/i18n";

export type { Translate };

/** 'Local image editor (offline default)' for the embedded editor, else the server's own label. */
export function providerLabel(t: Translate, provider: ImageProviderName | null | undefined, serverLabel?: string) {
  if (!provider || provider === "local") return t("images.provider.local");
  if (serverLabel) return serverLabel;
  return provider === "openai" ? t("images.provider.openai") : t("images.provider.workersAi");
}

/** "Background removed by Photoroom · light and size by the local editor (offline)", translated. */
export function cutoutLine(t: Translate, cutout: CutoutInfo) {
  const steps = cutout.localSteps.map((step) => t(`images.cutout.step.${step}`));
  if (steps.length === 0) return t("images.cutout.byOnly", { provider: cutout.label });
  const list = steps.length === 1 ? steps[0] : `${steps.slice(0, -1).join(", ")} ${t("images.cutout.and")} ${steps[steps.length - 1]}`;
  return t("images.cutout.by", { provider: cutout.label, steps: list });
}

interface EditFailure {
  /** The notice's title: 'Quota Exceeded', 'Image Editing Failed' or 'Image Not Edited'. */
  title: string;
  message: string;
  quotaExceeded: boolean;
  /** The editor refused the instruction: what it could not do, and why. */
  notApplied?: NotApplied[];
  /** The edit was tried and measured short of what was asked (decision 0032). */
  measured?: { checks: EditCheck[]; measurements: EditMeasurements | null };
}

/** Known server texts, so a Turkish screen shows them in Turkish too. */
const SERVER_TEXT_KEYS: Record<string, MessageKey> = {
  [IMAGE_MESSAGES.tooLarge]: "images.validation.tooLarge",
  [IMAGE_MESSAGES.unreadable]: "images.validation.readFailed",
  [IMAGE_MESSAGES.notImage]: "images.validation.notImage",
  [IMAGE_MESSAGES.dimensions]: "images.validation.dimensions",
  [IMAGE_MESSAGES.missing]: "images.validation.missing",
  [IMAGE_MESSAGES.batchMissing]: "images.validation.batchMissing",
  [IMAGE_MESSAGES.tooMany]: "images.validation.tooMany",
  [IMAGE_MESSAGES.itemFailed]: "images.batch.itemFailed",
};

export function serverText(t: Translate, text: string) {
  const key = SERVER_TEXT_KEYS[text];
  return key ? t(key) : text;
}

/**
 * The product edit service's failure texts (SPEC section 8), chosen by the answer's code (decision
 * 0042). `single` adds the single editor's 'Daily limit exceeded' text for a used-up quota.
 */
export function editFailure(t: Translate, error: unknown, options: { single?: boolean } = {}): EditFailure {
  const failed = t("images.notice.failed");
  if (error instanceof ApiError) {
    const body = error.body ?? {};
    switch (error.code) {
      case "timeout":
      case "upstream-timeout":
        return { title: failed, message: t("images.error.timeout"), quotaExceeded: false };
      case "network": {
        const offline = typeof navigator !== "undefined" && navigator.onLine === false;
        return { title: failed, message: t(offline ? "images.error.network" : "images.error.noResponse"), quotaExceeded: false };
      }
      case "invalid-response":
        return { title: failed, message: t("images.error.invalidResponse"), quotaExceeded: false };
      // The offline editor could do nothing that was asked: said plainly, with each reason.
      case "instruction-not-supported": {
        const notApplied = Array.isArray(body.notApplied) ? (body.notApplied as NotApplied[]) : [];
        return { title: t("images.notice.notEdited"), message: t("images.error.nothingDone"), quotaExceeded: false, notApplied };
      }
      // The edit was tried, and its measured result did not do what was asked: nothing was charged.
      case "edit-not-done": {
        const checks = Array.isArray(body.checks) ? (body.checks as EditCheck[]) : [];
        return {
          title: t("images.notice.notEdited"),
          message: t("images.error.notDoneMeasured"),
          quotaExceeded: false,
          notApplied: Array.isArray(body.notApplied) && body.notApplied.length ? (body.notApplied as NotApplied[]) : undefined,
          measured: { checks, measurements: (body.measurements as EditMeasurements | null) ?? null },
        };
      }
      case "email-unverified":
        return { title: failed, message: t("verifyBanner.required"), quotaExceeded: false };
      case "quota-exhausted":
        if (options.single) {
          return {
            title: t("images.notice.quotaExceeded"),
            message: t("images.error.limitExceeded", { limit: error.quota?.limit ?? 10, plan: error.quota?.plan ?? "free" }),
            quotaExceeded: true,
          };
        }
        return { title: failed, message: t("images.error.limitReached"), quotaExceeded: true };
      case "not-found":
        return { title: failed, message: t("images.error.notFound"), quotaExceeded: false };
      case "rate-limited":
        return { title: failed, message: t("images.error.tooManyRequests"), quotaExceeded: false };
      case "server-error":
        return { title: failed, message: t("images.error.server"), quotaExceeded: false };
    }
    return { title: failed, message: withDetails(t, body), quotaExceeded: false };
  }
  if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return { title: failed, message: t("images.error.timeout"), quotaExceeded: false };
  }
  return { title: failed, message: error instanceof Error && error.message ? error.message : t("images.error.server"), quotaExceeded: false };
}

/** 'Other statuses: the server message plus details' (never the same sentence twice). */
function withDetails(t: Translate, body: Record<string, unknown>) {
  const message = typeof body.message === "string" ? serverText(t, body.message) : t("images.error.server");
  const details = typeof body.details === "string" ? serverText(t, body.details) : "";
  if (!details || details === message) return message;
  return `${message.replace(/[.:]\s*$/, "")}: ${details}`;
}

/** The provider as the SPEC's texts name it ('... with OpenAI gpt-image-1.5'). */
export function gptProviderName(t: Translate, provider: ImageProviderName | null | undefined, label?: string) {
  if (provider === "openai") return label || t("images.provider.openai");
  if (provider === "workers-ai") return label || t("images.provider.workersAi");
  return t("images.provider.local");
}

/** 'No image returned from …' or 'Failed to process image with …' plus the reason (SPEC §8). */
export function gptFailureMessage(t: Translate, error: unknown, provider: string) {
  if (error instanceof NoImageError) return t("images.gpt.error.noImage", { provider });
  const reason = editFailure(t, error).message;
  return t("images.gpt.error.failed", { provider, reason: reason.replace(/[.\s]+$/, "") });
}

/** The notice of a failed edit ends 'Please try again.' */
export function gptFailureNotice(t: Translate, message: string) {
  return t("images.gpt.error.notice", { message: message.replace(/[.\s]+$/, "") });
}
