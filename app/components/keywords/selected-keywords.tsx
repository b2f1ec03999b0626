import { ArrowRightIcon, BookmarkPlusIcon, XIcon } from "lucide-react";
import { CopyButton } from "~/components/copy-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useT } from "~/lib/i18n";
import type { KeywordRow } from "./keyword-model";

/** The Selected Keywords chip list: removal per chip, clear all, and the hand-over to Create Listing. */
export function SelectedKeywords({
  selected,
  onRemove,
  onClear,
  onUse,
  onSave,
  busy,
}: {
  selected: KeywordRow[];
  onRemove: (id: string) => void;
  onClear: () => void;
  onUse: () => void;
  /** 'Save to list' for these keywords. */
  onSave?: () => void;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Card className="gap-4" data-testid="selected-keywords">
      <CardHeader className="gap-1">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t("seo.selected.title")}
          <Badge variant="secondary" className="tabular-nums" aria-live="polite">
            {t("seo.selected.count", { count: selected.length })}
          </Badge>
        </CardTitle>
        <CardDescription>{t("seo.selected.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {selected.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("seo.selected.empty")}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t("seo.selected.title")}>
            {selected.map((k) => (
              <li key={k.id}>
                <span className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground" data-testid="selected-chip">
                  {k.keyword || t("seo.selected.unknown")}
                  <button
                    type="button"
                    onClick={() => onRemove(k.id)}
                    className="rounded-full noscript:hidden p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    aria-label={t("seo.selected.remove", { keyword: k.keyword || t("seo.selected.unknown") })}
                  >
                    <XIcon className="size-3.5" aria-hidden="true" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {/* Its buttons need the page's JavaScript; without it the results' plain form saves and sends the ticked rows (decisions 0057, 0074). */}
        <div className="flex flex-col-reverse gap-2 noscript:hidden sm:flex-row sm:justify-end">
          {selected.length > 0 && (
            <>
              <Button variant="ghost" onClick={onClear} disabled={busy}>
                {t("seo.selected.clear")}
              </Button>
              {/* Sellers often paste tags straight into Etsy's tag field, which takes a comma list. */}
              <CopyButton text={selected.map((k) => k.keyword).join(", ")} label={t("seo.selected.copy")} showLabel className="h-9" />
              {onSave && (
                <Button variant="outline" onClick={onSave} disabled={busy} data-testid="selected-save-to-list">
                  <BookmarkPlusIcon aria-hidden="true" />
                  {t("lists.save")}
                </Button>
              )}
            </>
          )}
          <Button onClick={onUse} disabled={busy || selected.length === 0} data-testid="use-selected">
            {t("seo.selected.use")}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
