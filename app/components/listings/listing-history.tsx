import { HistoryIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { useI18n } from "~/lib/i18n";
import { conflictListing, type ListingDetail, type ListingVersionInfo } from "~/lib/api/listings";
import { useListingAction } from "~/lib/listing-actions";
import type { ListingSales } from "~/lib/api/shop";
import { HistorySalesNote, VersionSales } from "./version-sales";

const REASONS = ["saved", "generated", "edit", "regenerated", "restore", "fix", "import", "accept"] as const;
const isReason = (reason: string): reason is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(reason);

function formatDateTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

interface HistoryProps {
  listing: ListingDetail;
  /** The versions the screen loaded with the listing, newest first; null when they could not be read. */
  versions: ListingVersionInfo[] | null;
  /** A restore succeeded (the new version) or met a newer listing (what it is now). */
  onRestored: (listing: ListingDetail) => void;
  onConflict: (current: ListingDetail) => void;
  /** A shop listing's sales and each change's before/after (undefined for other listings). */
  sales?: ListingSales | null;
}

/** The listing's versions, newest first, each restorable (after a confirmation) as a new version. */
export function ListingHistory({ listing, versions, onRestored, onConflict, sales }: HistoryProps) {
  const { t, language } = useI18n();

  return (
    <Card className="gap-4" data-testid="section-history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <HistoryIcon className="size-4" aria-hidden="true" />
          <h2>{t("history.title")}</h2>
        </CardTitle>
        <CardDescription>{t("history.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        {versions === null ? (
          <p className="text-sm text-destructive">{t("history.failed")}</p>
        ) : versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("history.empty")}</p>
        ) : (
          <ol className="grid gap-2">
            {versions.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2" data-testid="history-version">
                <div className="grid min-w-0 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span>{t("history.version", { n: version.version })}</span>
                    <Badge variant="secondary" className="font-normal">
                      {isReason(version.reason) ? t(`history.reason.${version.reason}`) : version.reason}
                    </Badge>
                    {version.version === listing.version && <Badge variant="outline">{t("history.current")}</Badge>}
                  </div>
                  <time dateTime={version.createdAt} className="text-xs text-muted-foreground">
                    {formatDateTime(version.createdAt, language)}
                  </time>
                  <p className="truncate text-xs text-muted-foreground">{version.snapshot.title}</p>
                </div>
                {version.version !== listing.version && <RestoreButton listing={listing} version={version} onRestored={onRestored} onConflict={onConflict} />}
                <VersionSales sales={sales} version={version.version} />
              </li>
            ))}
          </ol>
        )}
        <HistorySalesNote sales={sales} />
      </CardContent>
    </Card>
  );
}

function RestoreButton({ listing, version, onRestored, onConflict }: Omit<HistoryProps, "versions" | "sales"> & { version: ListingVersionInfo }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // The listing route's action restores it; the screen reads the listing and its versions again after.
  const action = useListingAction(listing.id);
  const busy = action.busy;

  async function confirm(event: React.MouseEvent) {
    event.preventDefault();
    try {
      const result = await action.run("restore", { versionId: version.id, version: listing.version });
      setOpen(false);
      toast({ title: t("history.restored", { n: version.version }), variant: "success" });
      if (result.listing) onRestored(result.listing);
    } catch (error) {
      const current = conflictListing(error);
      if (current) {
        // Someone changed the listing meanwhile: show what it is now; the seller can restore again.
        onConflict(current);
        setOpen(false);
      }
      toast({ title: t("history.restoreFailed"), description: current ? t("conflict.title") : undefined, variant: "destructive" });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {/* Without JavaScript, Restore asks this page for the confirmation (?restore=<version id>, decision 0068); with it, the dialog asks. */}
      <form method="get" className="contents" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="restore" value={version.id} />
        <AlertDialogTrigger asChild>
          <Button type="submit" variant="outline" size="sm" aria-label={t("history.restoreLabel", { n: version.version })} data-testid="history-restore">
            <RotateCcwIcon aria-hidden="true" />
            {t("history.restore")}
          </Button>
        </AlertDialogTrigger>
      </form>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("history.confirmTitle", { n: version.version })}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{t("history.confirmBody", { title: version.snapshot.title })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("history.cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={busy} data-testid="confirm-restore">
            {t("history.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The restore question on the page itself, when the address asks it (?restore=<version id>): what
 * Restore does before the page's JavaScript runs (decision 0068). Restore posts the listing route's
 * action with the version the page shows, which lands on the listing saying which version came back;
 * Cancel goes back to `cancelTo`.
 */
export function RestoreConfirmPanel({ listing, version, cancelTo }: { listing: ListingDetail; version: { id: string; version: number; title: string }; cancelTo: string }) {
  const { t } = useI18n();
  const path = `/listings/${encodeURIComponent(listing.id)}`;
  return (
    <section role="alertdialog" aria-labelledby="restore-confirm-title" className="grid gap-3 rounded-xl border bg-muted/40 p-4 sm:p-5" data-testid="restore-confirm">
      <h2 id="restore-confirm-title" className="text-lg font-semibold">
        {t("history.confirmTitle", { n: version.version })}
      </h2>
      <p className="text-sm break-words text-muted-foreground">{t("history.confirmBody", { title: version.title })}</p>
      <Form method="post" action={path} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="payload" value={JSON.stringify({ versionId: version.id, version: listing.version })} />
        <input type="hidden" name="back" value={path} />
        <Button asChild variant="outline">
          <Link to={cancelTo}>{t("history.cancel")}</Link>
        </Button>
        <Button type="submit" data-testid="confirm-restore">
          <RotateCcwIcon aria-hidden="true" />
          {t("history.confirm")}
        </Button>
      </Form>
    </section>
  );
}
