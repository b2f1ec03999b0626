import { PlusIcon, SearchIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/lib/i18n";
import type { SelectedKeyword } from "./selected-keywords";

/** 'Selected Keywords': the shared list with a remove button per keyword, plus manual entry. */
export function KeywordPicker({
  keywords,
  known = true,
  onAdd,
  onRemove,
  disabled,
}: {
  keywords: SelectedKeyword[];
  /** False until the browser has read its stored list (the server cannot): a placeholder shows meanwhile. */
  known?: boolean;
  onAdd: (text: string) => boolean;
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState("");

  function add() {
    // SPEC §5: trimmed, ignored if empty; the input is cleared after an add (a duplicate clears too).
    if (!text.trim()) return;
    onAdd(text);
    setText("");
  }

  return (
    <Card data-testid="selected-keywords">
      <CardHeader>
        <CardTitle>{t("create.keywords.title")}</CardTitle>
        <CardDescription>{t("create.keywords.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t("create.keywords.inputLabel")}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              value={text}
              placeholder={t("create.keywords.placeholder")}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  add();
                }
              }}
              maxLength={100}
              disabled={disabled}
              autoComplete="off"
            />
            <Button type="button" variant="secondary" onClick={add} disabled={disabled}>
              <PlusIcon aria-hidden="true" />
              {t("create.keywords.add")}
            </Button>
          </div>
        </div>
        {!known ? (
          <Skeleton className="h-11 w-full" data-testid="keyword-list-pending" />
        ) : keywords.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-4 py-3 text-sm text-muted-foreground">
            <span>{t("create.keywords.empty")}</span>
            <Button asChild variant="link" size="sm" className="h-auto px-0">
              <Link to="/seo-keywords">
                <SearchIcon aria-hidden="true" />
                {t("create.keywords.findMore")}
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-live="polite" data-testid="keyword-list">
            {keywords.map((keyword) => {
              const label = keyword.keyword ?? t("create.keywords.unknown");
              return (
                <li key={keyword.id}>
                  <Badge variant="secondary" className="h-7 max-w-full gap-1 py-0 pr-0.5 pl-2.5 text-sm font-normal">
                    <span className="truncate">{label}</span>
                    <button
                      type="button"
                      onClick={() => onRemove(keyword.id)}
                      disabled={disabled}
                      aria-label={t("create.keywords.remove", { keyword: label })}
                      className="inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-background/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
                    >
                      <XIcon className="size-3.5" aria-hidden="true" />
                    </button>
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
