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

/**
 * 'Selected Keywords': the shared list with a remove button per keyword, plus manual entry. With
 * `formId` (Create's Generate form) the field and the buttons belong to that form, so without
 * JavaScript Add and Remove post it and the server answers the form changed (decision 0062); once
 * hydrated they change the browser's list and stop the post.
 */
export function KeywordPicker({
  formId,
  keywords,
  known = true,
  onAdd,
  onRemove,
  disabled,
}: {
  formId?: string;
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

  const empty = (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-4 py-3 text-sm text-muted-foreground" data-testid="keyword-list-empty">
      <span>{t("create.keywords.empty")}</span>
      <Button asChild variant="link" size="sm" className="h-auto px-0 has-[>svg]:px-0">
        <Link to="/seo-keywords">
          <SearchIcon aria-hidden="true" />
          {t("create.keywords.findMore")}
        </Link>
      </Button>
    </div>
  );

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
              name={formId ? "newKeyword" : undefined}
              form={formId}
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
            <Button
              type={formId ? "submit" : "button"}
              form={formId}
              name={formId ? "edit" : undefined}
              value={formId ? "add" : undefined}
              variant="secondary"
              onClick={(e) => {
                e.preventDefault();
                add();
              }}
              disabled={disabled}
            >
              <PlusIcon aria-hidden="true" />
              {t("create.keywords.add")}
            </Button>
          </div>
        </div>
        {!known ? (
          <>
            <Skeleton className="h-11 w-full noscript:hidden" data-testid="keyword-list-pending" />
            {/* Without JavaScript this browser's stored list is not read: the form holds no keywords. */}
            <noscript>{empty}</noscript>
          </>
        ) : keywords.length === 0 ? (
          empty
        ) : (
          <ul className="flex flex-wrap gap-2" aria-live="polite" data-testid="keyword-list">
            {keywords.map((keyword) => {
              const label = keyword.keyword ?? t("create.keywords.unknown");
              return (
                <li key={keyword.id}>
                  <Badge variant="secondary" className="h-7 max-w-full gap-1 py-0 pr-0.5 pl-2.5 text-sm font-normal">
                    <span className="truncate">{label}</span>
                    <button
                      type={formId && keyword.keyword ? "submit" : "button"}
                      form={formId}
                      name={formId && keyword.keyword ? "edit" : undefined}
                      value={formId && keyword.keyword ? `remove:${keyword.keyword}` : undefined}
                      onClick={(e) => {
                        e.preventDefault();
                        onRemove(keyword.id);
                      }}
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
