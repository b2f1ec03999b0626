/**
 * What an edit measured on its own result, in words (decision 0032): "98 % of the background is now
 * white", the shadow, the product mask, exposure, sharpness and canvas, each marked done or not with
 * the reason; whether the edit was charged; and the alt text offered for the edited photo.
 */
import { CheckCircle2Icon, CopyIcon, XCircleIcon } from "lucide-react";
import type { EditCheck, EditMeasurements } from "../../../schema/api/images";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { MessageKey } from "~/lib/i18n";
import { useT } from "~/lib/i18n";
import type { Translate } from "./messages";

/** A share as the screens say it: one decimal, never rounded up past what was measured. */
const percent = (share: number) => String(Math.floor(share * 1000) / 10);
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value}`;

const REASON_KEYS: [string, MessageKey][] = [
  ["too busy for the built-in editor", "images.check.reason.busy"],
  ["not plain enough around the product", "images.check.reason.uneven"],
  ["too close to the backdrop's colour", "images.check.reason.unsure"],
  ["the model redrew the product", "images.check.reason.productChanged"],
  ["The model's answer left part of the backdrop", "images.check.reason.modelBackdrop"],
  ["could not be found in the photo or in the model's answer", "images.check.reason.modelUnsure"],
];

function reasonText(t: Translate, reason: string) {
  const known = REASON_KEYS.find(([words]) => reason.includes(words));
  return known ? t(known[1]) : reason;
}

/** The words of one check, composed from the figures in the screen's language. */
export function checkText(t: Translate, check: EditCheck, m: EditMeasurements | null): string {
  const b = m?.background;
  switch (check.part) {
    case "background": {
      if (!b) return check.summary;
      const colour = t(b.asked === "transparent" ? "images.check.colour.transparent" : b.asked === "#FFFFFF" ? "images.check.colour.white" : "images.check.colour.other");
      if (check.status === "done") {
        const shadow = b.shadowShare > 0.005 ? t("images.check.shadow.kept", { percent: percent(b.shadowShare) }) : b.shadowRemoved > 0 ? t("images.check.shadow.removed") : "";
        return [
          t("images.check.background.done", { percent: percent(b.backdropShare), colour }),
          shadow,
          t("images.check.mask", { area: percent(b.productArea), confidence: Math.round(b.maskConfidence * 100) }),
        ]
          .filter(Boolean)
          .join(" ");
      }
      if (b.backdropShare >= 0.95) return t("images.check.background.unsure", { percent: Math.round(b.maskConfidence * 100) });
      return t("images.check.background.notDone", { percent: percent(b.backdropShare), colour });
    }
    case "light":
      return m?.light ? t("images.check.light", { stops: signed(Number(m.light.stops.toFixed(2))), before: Math.round(m.light.before), after: Math.round(m.light.after) }) : check.summary;
    case "contrast":
      return m?.light && m.light.contrastBefore > 0 ? t("images.check.contrast", { change: signed(Math.round((m.light.contrastAfter / m.light.contrastBefore - 1) * 100)) }) : check.summary;
    case "sharpness":
      return m?.sharpness ? t("images.check.sharpness", { change: signed(Math.round((m.sharpness.ratio - 1) * 100)) }) : check.summary;
    case "colour":
      return t(check.status === "done" ? "images.check.colourBalance" : "images.check.colourNotDone");
    case "cleanup":
      return t(check.status === "done" ? "images.check.cleanup" : "images.check.cleanupNotDone");
    case "product":
      // A model's result only (decision 0040): how much of the product differs from the photo.
      if (!m?.productChange) return check.summary;
      return t(check.status === "done" ? "images.check.product.same" : "images.check.product.changed", { percent: percent(m.productChange.changedShare) });
    case "canvas": {
      const c = m?.canvas;
      if (!c) return check.summary;
      const padded = c.padding.top + c.padding.bottom + c.padding.left + c.padding.right > 0;
      return padded ? t("images.check.canvas", { width: c.width, height: c.height, left: c.padding.left, top: c.padding.top }) : t("images.check.canvasPlain", { width: c.width, height: c.height });
    }
  }
}

/** Each part of the edit with its measured figure: done (tick) or not done (cross, with the reason). */
export function EditChecks({ checks, measurements, charged }: { checks: EditCheck[]; measurements: EditMeasurements | null; charged?: boolean }) {
  const t = useT();
  if (checks.length === 0) return null;
  return (
    <div className="grid gap-2 text-sm" data-testid="edit-checks">
      <p className="font-medium">{t("images.check.title")}</p>
      <ul className="grid gap-1.5">
        {checks.map((check) => (
          <li key={check.part} className="flex gap-2" data-testid={`check-${check.part}`} data-status={check.status}>
            {check.status === "done" ? (
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <span>
              {checkText(t, check, measurements)}
              {check.status === "not-done" && check.reason ? <span className="block text-muted-foreground">{reasonText(t, check.reason)}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {charged !== undefined && (
        <p className="text-xs text-muted-foreground" data-testid="edit-charge">
          {t(charged ? "images.check.charged" : "images.check.notCharged")}
        </p>
      )}
    </div>
  );
}

/** The alt text offered for the edited photo, with a copy button. */
export function AltText({ text }: { text: string }) {
  const t = useT();
  if (!text) return null;
  async function copy() {
    await navigator.clipboard?.writeText(text).catch(() => {});
    toast({ title: t("images.altText.copied"), variant: "success" });
  }
  return (
    <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid="alt-text">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">{t("images.altText.title")}</p>
        <Button type="button" variant="ghost" size="sm" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          {t("images.altText.copy")}
        </Button>
      </div>
      <p data-testid="alt-text-value">{text}</p>
      <p className="text-xs text-muted-foreground">{t("images.altText.hint")}</p>
    </div>
  );
}
