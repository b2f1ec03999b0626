import { AlertCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { useActionData, useLocation } from "react-router";
import type { ListingDetail } from "../../../schema/api/listings";
import type { AuditFinding } from "../../../shared/audit";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { ApiError, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { listingOf, useListingAction, type ListingActionAnswer } from "~/lib/listing-actions";
import { AuditReportView } from "./audit-report";

/**
 * A saved listing's audit (the server's report) with one-click fixes: a fix is the listing route's
 * `fix` action (/listings/:id, the version the screen read, so a concurrent edit is not overwritten;
 * recorded in the history as a "fix"), which answers the listing audited again; the screen's loaders
 * read again after it. The screen shows the answer (onUpdated) and, when a fix fails, reads the
 * listing again (onFailed). Before the page runs (or without JavaScript) each Fix posts the same
 * action as a document with this page's address as `back`, and the action sends the seller back to
 * it fixed (decision 0062); a refused one comes back with the action's answer, said here.
 */
export function ListingAudit({ listing, onUpdated, onFailed }: { listing: ListingDetail; onUpdated?: (listing: ListingDetail) => void; onFailed?: () => void }) {
  const t = useT();
  const formId = useId();
  const { pathname } = useLocation();
  const fixer = useListingAction(listing.id);
  const [fixing, setFixing] = useState<string | null>(null);
  const posted = useActionData() as ListingActionAnswer | undefined;
  const refused = posted && !posted.ok && posted.intent === "fix" ? posted : null;
  if (!listing.audit) return null;

  const onFix = async (finding: AuditFinding) => {
    if (!finding.fix) return;
    setFixing(finding.id);
    const before = listing.audit.score;
    try {
      const updated = listingOf(await fixer.run("fix", { patch: finding.fix.patch, version: listing.version }));
      onUpdated?.(updated);
      toast({ title: t("audit.report.fixed", { from: before, to: updated.audit.score }), variant: "success" });
    } catch (error) {
      toast({ title: t("audit.report.fixFailed"), description: errorMessage(error, undefined, t), variant: "destructive" });
      onFailed?.();
    } finally {
      setFixing(null);
    }
  };

  return (
    <Card data-testid="listing-audit">
      <CardContent className="grid gap-4">
        <form id={formId} method="post" action={`/listings/${encodeURIComponent(listing.id)}`} hidden>
          <input type="hidden" name="intent" value="fix" />
          <input type="hidden" name="back" value={pathname} />
        </form>
        {refused && (
          <Alert variant="destructive" data-testid="audit-fix-refused">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{t("audit.report.fixFailed")}</AlertTitle>
            <AlertDescription>{errorMessage(new ApiError(refused.error.message, refused.status, { success: false, ...refused.error }), undefined, t)}</AlertDescription>
          </Alert>
        )}
        <AuditReportView
          report={listing.audit}
          onFix={onFix}
          fixPost={{ form: formId, value: (finding) => JSON.stringify({ patch: finding.fix?.patch ?? {}, version: listing.version }) }}
          fixing={fixing}
        />
      </CardContent>
    </Card>
  );
}
