import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ListingDetail } from "../../../schema/api/listings";
import type { AuditFinding } from "../../../worker/domain/audit";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { api, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { AuditReportView } from "./audit-report";

/**
 * A saved listing's audit (the server's report) with one-click fixes: a fix is written with PUT
 * (the version the screen read, so a concurrent edit is not overwritten; recorded in the history as a
 * "fix") and the server answers the listing audited again.
 */
export function ListingAudit({ listing, onUpdated }: { listing: ListingDetail; onUpdated?: (listing: ListingDetail) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [fixing, setFixing] = useState<string | null>(null);
  if (!listing.audit) return null;

  const onFix = async (finding: AuditFinding) => {
    if (!finding.fix) return;
    setFixing(finding.id);
    const before = listing.audit.score;
    try {
      const body = await api<{ data: { listing: ListingDetail } }>(`/listings/${encodeURIComponent(listing.id)}`, {
        method: "PUT",
        body: { ...finding.fix.patch, version: listing.version, reason: "fix" },
      });
      const updated = body.data.listing;
      queryClient.setQueryData<ListingDetail>(["listings", "detail", listing.id], updated);
      void queryClient.invalidateQueries({ queryKey: ["listings", "list"] });
      onUpdated?.(updated);
      toast({ title: t("audit.report.fixed", { from: before, to: updated.audit.score }), variant: "success" });
    } catch (error) {
      toast({ title: t("audit.report.fixFailed"), description: errorMessage(error), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: ["listings", "detail", listing.id] });
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
