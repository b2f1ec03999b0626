import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { KEYWORD_LIST_LIMITS, type KeywordListSummary, type SavedKeyword } from "../../../schema/api/keyword-lists";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useT } from "~/lib/i18n";
import type { SeoActionAnswer } from "~/lib/keyword-actions";
import { listNameError } from "~/lib/keyword-validation";
import { cn } from "~/lib/utils";
import { keywordFailureText } from "./keyword-failure";
import { SEO_ROUTE } from "./keyword-lists-panel";

/**
 * 'Save to list': the selected keywords go to a new named list ('create'), or are added to one the
 * seller has ('add', merged on the server); both are the SEO route's action, sent with a fetcher, and
 * the lists are read again after it.
 */
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
  onSaved: (list: KeywordListSummary) => void;
}) {
  const t = useT();
  const nameId = useId();
  const pickId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<"new" | "existing">("new");
  const [name, setName] = useState("");
  const [picked, setPick] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fetcher = useFetcher<SeoActionAnswer>();
  const busy = fetcher.state !== "idle";

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

  // The action's answer, once it has come back: refused says why; saved closes the dialog (below).
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data && !fetcher.data.ok) setError(keywordFailureText(fetcher.data.error, t));
  }
  const closed = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || closed.current === answer) return;
    closed.current = answer;
    if (answer.ok && (answer.intent === "create" || answer.intent === "add")) {
      onSaved(answer.list);
      onOpenChange(false);
    }
  }, [fetcher.state, fetcher.data, onSaved, onOpenChange]);

  function save() {
    setError(null);
    if (mode === "new") {
      const problem = listNameError(name);
      if (problem) return setError(t(problem.key, problem.vars));
    }
    const chosen = JSON.stringify(keywords.slice(0, KEYWORD_LIST_LIMITS.keywordsMax));
    void fetcher.submit(mode === "new" ? { intent: "create", name: name.trim(), keywords: chosen } : { intent: "add", id: pick, keywords: chosen }, { method: "post", action: SEO_ROUTE });
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
            save();
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
