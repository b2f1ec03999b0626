import { useState } from "react";
import type { ListingDetail } from "../../../schema/api/listings";
import type { AuditFinding } from "../../../shared/audit";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { listingOf, useListingAction } from "~/lib/listing-actions";
import { AuditReportView } from "./audit-report";

/**
 * A saved listing's audit (the server's report) with one-click fixes: a fix is the listing route's
 * `fix` action (/listings/:id, the version the screen read, so a concurrent edit is not overwritten;
 * recorded in the history as a "fix"), which answers the listing audited again; the screen's loaders
 * read again after it. The screen shows the answer (onUpdated) and, when a fix fails, reads the
 * listing again (onFailed).
 */
export function ListingAudit({ listing, onUpdated, onFailed }: { listing: ListingDetail; onUpdated?: (listing: ListingDetail) => void; onFailed?: () => void }) {
  const t = useT();
  const fixer = useListingAction(listing.id);
  const [fixing, setFixing] = useState<string | null>(null);
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
      <CardContent>
        <AuditReportView report={listing.audit} onFix={onFix} fixing={fixing} />
      </CardContent>
    </Card>
  );
}
