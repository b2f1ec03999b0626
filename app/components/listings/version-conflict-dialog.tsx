import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "~/components/ui/alert-dialog";
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
