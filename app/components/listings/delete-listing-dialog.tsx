import { useState, type ReactNode } from "react";
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
import { Button, buttonVariants } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { useListingAction } from "~/lib/listing-actions";

/**
 * A delete button that asks first. The listing route's action deletes it; the screen's loaders read
 * again after it (My Listings drops the card). onDeleted runs only when the server removed the listing.
 * With `trigger` the dialog opens from it; without one it is open while mounted and `onClose` ends it
 * (My Listings keeps one dialog for its 50 cards instead of one per card, focus going back to
 * `returnFocus`).
 */
export function DeleteListingDialog({
  id,
  title,
  trigger,
  onDeleted,
  onClose,
  returnFocus,
}: {
  id: string;
  title: string;
  trigger?: ReactNode;
  onDeleted?: () => void;
  onClose?: () => void;
  returnFocus?: HTMLElement | null;
}) {
  const t = useT();
  const [openState, setOpenState] = useState(false);
  const open = trigger ? openState : true;
  const setOpen = (next: boolean) => (trigger ? setOpenState(next) : !next && onClose?.());
  const action = useListingAction(id);
  const busy = action.busy;

  async function confirm(event: React.MouseEvent) {
    // Keep the dialog open until the server answers.
    event.preventDefault();
    try {
      await action.run("delete");
      setOpen(false);
      toast({ title: t("listings.deleted"), variant: "success" });
      onDeleted?.();
    } catch (error) {
      console.error("Delete failed", error);
      toast({ title: t("listings.deleteFailed"), variant: "destructive" });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (trigger || !returnFocus?.isConnected) return;
          event.preventDefault();
          returnFocus.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{t("listings.deleteTitle")}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{t("listings.deleteBody", { title })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("listings.deleteCancel")}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={confirm} disabled={busy} data-testid="confirm-delete">
            {t("listings.deleteConfirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The same question on the page itself, when the address asks it (?delete=…): what a Delete button does
 * before the page's JavaScript runs, or without it (decision 0067). Delete posts the listing route's
 * action, which lands on My Listings (the view `back`, its search, sort and page) saying so; Cancel goes
 * back to `cancelTo`.
 */
export function DeleteConfirmPanel({ id, title, cancelTo, back = "/listings" }: { id: string; title: string; cancelTo: string; back?: string }) {
  const t = useT();
  const headingId = `delete-confirm-${id}`;
  return (
    <section role="alertdialog" aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:p-5" data-testid="delete-confirm">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("listings.deleteTitle")}
      </h2>
      <p className="text-sm break-words text-muted-foreground">{t("listings.deleteBody", { title })}</p>
      <Form method="post" action={`/listings/${encodeURIComponent(id)}`} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="back" value={back} />
        <Button asChild variant="outline">
          <Link to={cancelTo}>{t("listings.deleteCancel")}</Link>
        </Button>
        <Button type="submit" variant="destructive" data-testid="confirm-delete">
          {t("listings.deleteConfirm")}
        </Button>
      </Form>
    </section>
  );
}
