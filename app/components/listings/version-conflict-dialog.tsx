import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "~/components/ui/alert-dialog";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import type { ListingDetail } from "~/lib/api/listings";

/**
 * Shown when a save answered 409: the listing changed since the editor opened. Reload takes the
 * current listing (the edit is dropped); Overwrite saves the edit again over the current version.
 */
export function VersionConflictDialog({ current, busy, onReload, onOverwrite }: { current: ListingDetail | null; busy: boolean; onReload: () => void; onOverwrite: () => void }) {
  const t = useT();
  return (
    <AlertDialog open={!!current}>
      <AlertDialogContent data-testid="conflict-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("conflict.title")}</AlertDialogTitle>
          <AlertDialogDescription className="grid gap-2 break-words">
            <span>{t("conflict.body", { version: current?.version ?? "" })}</span>
            {current && <span className="font-medium text-foreground">{t("conflict.theirTitle", { title: current.title })}</span>}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onReload} disabled={busy} data-testid="conflict-reload">
            {t("conflict.reload")}
          </AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              onOverwrite();
            }}
            disabled={busy}
            data-testid="conflict-overwrite"
          >
            {t("conflict.overwrite")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The same question on the page, when a save posted before the page ran met a newer listing (decision
 * 0068): Reload is a link to the listing as it is now (the edit is dropped), Overwrite posts the editor's
 * form again over the current version (`overwrite`).
 */
export function VersionConflictPanel({ current, editorForm, reloadTo }: { current: ListingDetail; editorForm: string; reloadTo: string }) {
  const t = useT();
  return (
    <section role="alertdialog" aria-labelledby="conflict-panel-title" className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:p-5" data-testid="conflict-panel">
      <h2 id="conflict-panel-title" className="text-lg font-semibold">
        {t("conflict.title")}
      </h2>
      <div className="grid gap-2 text-sm break-words text-muted-foreground">
        <p>{t("conflict.body", { version: current.version })}</p>
        <p className="font-medium text-foreground">{t("conflict.theirTitle", { title: current.title })}</p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={reloadTo} data-testid="conflict-reload">
            {t("conflict.reload")}
          </Link>
        </Button>
        <Button type="submit" form={editorForm} name="overwrite" value={current.version} data-testid="conflict-overwrite">
          {t("conflict.overwrite")}
        </Button>
      </div>
    </section>
  );
}
