import { AlertTriangleIcon, CheckIcon, RefreshCwIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { acceptProposal, isStaleProposal, rejectProposal } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";

export type Decision = "accepted" | "rejected";

/**
 * Accept or Reject one listing's pending proposal. A 409 means the listing changed after the proposal
 * was written: the seller is told so and offered to read the listing again.
 */
export function ProposalActions({ listingId, title, onDecided, onReload }: { listingId: string; title: string; onDecided: (decision: Decision) => void; onReload: () => Promise<unknown> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<"accept" | "reject" | "reload" | null>(null);
  const [stale, setStale] = useState(false);

  async function decide(decision: "accept" | "reject") {
    setBusy(decision);
    try {
      await (decision === "accept" ? acceptProposal(listingId) : rejectProposal(listingId));
      onDecided(decision === "accept" ? "accepted" : "rejected");
    } catch (error) {
      if (isStaleProposal(error)) setStale(true);
      else toast({ title: t("shop.review.failed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function reload() {
    setBusy("reload");
    try {
      await onReload();
      setStale(false);
    } finally {
      setBusy(null);
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
            <Button variant="outline" size="sm" className="mt-2" onClick={reload} disabled={busy !== null} data-testid="proposal-reload">
              <RefreshCwIcon aria-hidden="true" />
              {t("shop.review.reload")}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => decide("accept")} disabled={busy !== null || stale} aria-label={t("shop.review.acceptLabel", { title })} data-testid="proposal-accept">
          <CheckIcon aria-hidden="true" />
          {busy === "accept" ? t("shop.review.accepting") : t("shop.review.accept")}
        </Button>
        <Button variant="outline" onClick={() => decide("reject")} disabled={busy !== null} aria-label={t("shop.review.rejectLabel", { title })} data-testid="proposal-reject">
          <XIcon aria-hidden="true" />
          {busy === "reject" ? t("shop.review.rejecting") : t("shop.review.reject")}
        </Button>
      </div>
    </div>
  );
}
