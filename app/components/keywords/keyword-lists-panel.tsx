import { ArrowRightIcon, FolderOpenIcon, ListIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import type { KeywordListSummary } from "../../../schema/api/keyword-lists";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/lib/i18n";

/** 'My keyword lists': each saved list with Open, Send to Create Listing and Delete. */
export function KeywordListsPanel({
  lists,
  status,
  busyId,
  onOpen,
  onSend,
  onDelete,
  onRetry,
}: {
  lists: KeywordListSummary[];
  status: "loading" | "ready" | "error";
  busyId: string | null;
  onOpen: (list: KeywordListSummary) => void;
  onSend: (list: KeywordListSummary) => void;
  onDelete: (list: KeywordListSummary) => void;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Card className="gap-4" data-testid="keyword-lists">
      <CardHeader className="gap-1">
        <CardTitle className="flex items-center gap-2">
          <ListIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {t("lists.panel.title")}
        </CardTitle>
        <CardDescription>{t("lists.panel.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {status === "loading" ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t("lists.panel.loading")}>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : status === "error" ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground" role="alert">
            {t("lists.panel.error")}
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RotateCcwIcon aria-hidden="true" />
              {t("app.tryAgain")}
            </Button>
          </div>
        ) : lists.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="keyword-lists-empty">
            {t("lists.panel.empty")}
          </p>
        ) : (
          <ul className="grid divide-y" aria-label={t("lists.panel.title")}>
            {lists.map((list) => (
              <li key={list.id} className="flex flex-col gap-2 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="saved-list" data-name={list.name}>
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{list.name}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">{t("lists.panel.count", { count: list.count })}</p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Button size="sm" variant="outline" onClick={() => onOpen(list)} disabled={busyId !== null} aria-label={t("lists.panel.openNamed", { name: list.name })} data-testid="open-list">
                    <FolderOpenIcon aria-hidden="true" />
                    {t("lists.panel.open")}
                  </Button>
                  <Button size="sm" onClick={() => onSend(list)} disabled={busyId !== null || list.count === 0} aria-label={t("lists.panel.sendNamed", { name: list.name })} data-testid="send-list">
                    {t("lists.panel.send")}
                    <ArrowRightIcon aria-hidden="true" />
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onDelete(list)} disabled={busyId !== null} aria-label={t("lists.panel.deleteNamed", { name: list.name })} data-testid="delete-list">
                    <Trash2Icon aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">{t("lists.panel.delete")}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
