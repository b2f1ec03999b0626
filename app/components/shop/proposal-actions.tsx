import { AlertTriangleIcon, CheckIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { failureError, type ShopFailure } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";

export type Decision = "accepted" | "rejected";

/** What the shop screens' action answers to an accept or a reject (app/lib/shop.server.ts). */
type DecideAnswer = { intent: string; listingId?: string; error?: ShopFailure };

/** The listing changed after the proposal was written, so it cannot be applied as it is. */
const isStale = (error: ShopFailure | undefined) => !!error && error.code === "version-conflict";

/**
 * Accept or Reject one listing's pending proposal: a form the screen's route action runs (intent
 * accept|reject), after which the screen's loader reads the proposals again. A 409 means the listing
 * changed after the proposal was written: the seller is told so and offered to read the listing again.
 */
export function ProposalActions({
  listingId,
  title,
  onDecided,
  hold,
}: {
  listingId: string;
  title: string;
  onDecided: (decision: Decision) => void;
  /** The screen keeps this card on screen from the submit (true) until the answer is read (false): the loader that runs after the action may already have dropped the proposal. */
  hold: (held: boolean) => void;
}) {
  const { t } = useI18n();
  const fetcher = useFetcher<DecideAnswer>();
  const navigate = useNavigate();
  const location = useLocation();
  const [reloading, setReloading] = useState(false);
  // The action's answer as soon as it comes (the loader then reads the screen again, which may remove this card).
  const answer = fetcher.state !== "submitting" ? fetcher.data : undefined;
  // The conflict stays until the seller reads the listing again.
  const [readAgainAfter, setReadAgainAfter] = useState<DecideAnswer | undefined>(undefined);
  const stale = isStale(answer?.error) && answer !== readAgainAfter;
  const sending = fetcher.formData?.get("intent") ?? null;
  const busy = fetcher.state !== "idle" || reloading;

  const decided = useEffectEvent((result: DecideAnswer) => {
    if (!result.error) onDecided(result.intent === "accept" ? "accepted" : "rejected");
    else if (!isStale(result.error)) toast({ title: t("shop.review.failed"), description: errorMessage(failureError(result.error), undefined, t), variant: "destructive" });
    hold(false);
  });
  useEffect(() => {
    if (answer) decided(answer);
  }, [answer]);

  /** Reads the screen again (the same address: its loader runs once more). */
  async function reload() {
    setReloading(true);
    try {
      await navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
      setReadAgainAfter(answer);
    } finally {
      setReloading(false);
    }
  }

  return (
    <div className="grid gap-3">
      {stale && (
        <Alert variant="destructive" data-testid="proposal-conflict">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>{t("shop.review.conflictTitle")}</AlertTitle>
          <AlertDescription>
            <p>{t("shop.review.conflictBody")}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={reload} disabled={busy} data-testid="proposal-reload">
              <RefreshCwIcon aria-hidden="true" />
              {t("shop.review.reload")}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <fetcher.Form method="post" className="flex flex-wrap gap-2" onSubmit={() => hold(true)}>
        <input type="hidden" name="listingId" value={listingId} />
        <Button type="submit" name="intent" value="accept" disabled={busy || stale} aria-label={t("shop.review.acceptLabel", { title })} data-testid="proposal-accept">
          <CheckIcon aria-hidden="true" />
          {sending === "accept" ? t("shop.review.accepting") : t("shop.review.accept")}
        </Button>
        <Button type="submit" name="intent" value="reject" variant="outline" disabled={busy} aria-label={t("shop.review.rejectLabel", { title })} data-testid="proposal-reject">
          <XIcon aria-hidden="true" />
          {sending === "reject" ? t("shop.review.rejecting") : t("shop.review.reject")}
        </Button>
      </fetcher.Form>
    </div>
  );
}
