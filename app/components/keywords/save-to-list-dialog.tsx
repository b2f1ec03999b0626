import { useId, useState } from "react";
import { KEYWORD_LIST_LIMITS, type KeywordList, type KeywordListSummary, type SavedKeyword } from "../../../schema/api/keyword-lists";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { listNameError } from "~/lib/keyword-validation";
import { cn } from "~/lib/utils";
import { createKeywordList, fetchKeywordList, replaceKeywords } from "~/lib/api/keyword-lists";
import { mergeKeywords } from "./saved-keywords";

/** 'Save to list': the selected keywords go to a new named list, or are added to one the seller has. */
export function SaveToListDialog({
  open,
  onOpenChange,
  keywords,
  lists,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  keywords: SavedKeyword[];
  lists: KeywordListSummary[];
  onSaved: (list: KeywordList) => void;
}) {
  const t = useT();
  const nameId = useId();
  const pickId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<"new" | "existing">("new");
  const [name, setName] = useState("");
  const [picked, setPick] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts afresh (state adjusted while rendering, when `open` turns true). The lists may be
  // read again while the dialog is open (the page's data revalidating after a search): that keeps what
  // the seller typed, and a list that went is unpicked.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMode("new");
      setName("");
      setPick("");
      setError(null);
    }
  }
  const pick = lists.some((list) => list.id === picked) ? picked : (lists[0]?.id ?? "");

  async function save() {
    setError(null);
    if (mode === "new") {
      const problem = listNameError(name);
      if (problem) return setError(t(problem.key, problem.vars));
    }
    setBusy(true);
    try {
      let saved: KeywordList;
      if (mode === "new") {
        saved = await createKeywordList(name.trim(), keywords.slice(0, KEYWORD_LIST_LIMITS.keywordsMax));
      } else {
        const current = await fetchKeywordList(pick);
        const merged = mergeKeywords(current.keywords, keywords);
        if (!merged) {
          setError(t("lists.dialog.tooMany", { max: KEYWORD_LIST_LIMITS.keywordsMax }));
          return;
        }
        saved = await replaceKeywords(pick, merged);
      }
      onSaved(saved);
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, undefined, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent closeLabel={t("lists.dialog.cancel")} data-testid="save-list-dialog">
        <DialogHeader>
          <DialogTitle>{t("lists.dialog.title")}</DialogTitle>
          <DialogDescription>{t("lists.dialog.description", { n: keywords.length })}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {lists.length > 0 && (
            <div role="radiogroup" aria-label={t("lists.dialog.title")} className="inline-flex w-fit flex-wrap rounded-lg border bg-muted p-0.5">
              {(["new", "existing"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={mode === m}
                  onClick={() => {
                    setMode(m);
                    setError(null);
                  }}
                  data-testid={`save-mode-${m}`}
                  className={cn(
                    "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    mode === m ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                  )}
                >
                  {m === "new" ? t("lists.dialog.new") : t("lists.dialog.existing")}
                </button>
              ))}
            </div>
          )}
          {mode === "new" ? (
            <div className="grid gap-2">
              <Label htmlFor={nameId}>{t("lists.dialog.name")}</Label>
              <Input
                id={nameId}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t("lists.dialog.namePlaceholder")}
                maxLength={KEYWORD_LIST_LIMITS.nameMax + 20}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                autoFocus
                data-testid="list-name"
              />
            </div>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={pickId}>{t("lists.dialog.pick")}</Label>
              <select
                id={pickId}
                value={pick}
                onChange={(e) => setPick(e.target.value)}
                className="h-9 w-full rounded-md border bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                data-testid="list-pick"
              >
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({t("lists.panel.count", { count: l.count })})
                  </option>
                ))}
              </select>
            </div>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="save-list-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
              {t("lists.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={busy || keywords.length === 0} data-testid="save-list-submit">
              {busy ? t("lists.dialog.saving") : t("lists.dialog.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
