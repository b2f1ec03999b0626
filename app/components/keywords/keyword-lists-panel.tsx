import { ArrowRightIcon, FolderOpenIcon, ListIcon, PencilIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher, useLocation, useSearchParams } from "react-router";
import { KEYWORD_LIST_LIMITS, type KeywordListSummary } from "../../../schema/api/keyword-lists";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import type { SeoActionAnswer } from "~/lib/keyword-actions";
import { listNameError } from "~/lib/keyword-validation";
import { keywordFailureText } from "./keyword-failure";

/** Where the SEO screen's forms go: its route, whose loader answers ?list=<id> and whose action takes the writes. */
export const SEO_ROUTE = "/seo-keywords";

/** Create Listing: its loader reads ?list=<id> and hands that list over as the selected keywords (decision 0057). */
const CREATE_ROUTE = "/create";

/**
 * 'My keyword lists': each saved list with Open, Send to Create Listing, Rename and Delete. Open is a
 * GET form of the route's loader (?list=<id>), Send a GET form of Create's (/create?list=<id>), Rename
 * opens its field with a GET form (?rename=<id>) and posts it to the action, as Delete does: all of
 * them work before the page is hydrated and without JavaScript; the lists are read again after each write.
 */
export function KeywordListsPanel({
  lists,
  busyId,
  onOpen,
}: {
  /** null: the lists could not be read. */
  lists: KeywordListSummary[] | null;
  /** The list being opened (its buttons are held). */
  busyId: string | null;
  onOpen: (list: KeywordListSummary) => void;
}) {
  const t = useT();
  const location = useLocation();
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
        {lists === null ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground" role="alert">
            {t("lists.panel.error")}
            {/* The same address again: its loader reads the lists again (with or without JavaScript). */}
            <Button variant="outline" size="sm" asChild>
              <Link to={location.pathname + location.search} replace preventScrollReset>
                <RotateCcwIcon aria-hidden="true" />
                {t("app.tryAgain")}
              </Link>
            </Button>
          </div>
        ) : lists.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="keyword-lists-empty">
            {t("lists.panel.empty")}
          </p>
        ) : (
          <ul className="grid divide-y" aria-label={t("lists.panel.title")}>
            {lists.map((list) => (
              <SavedListRow key={list.id} list={list} held={busyId !== null} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SavedListRow({ list, held, onOpen }: { list: KeywordListSummary; held: boolean; onOpen: (list: KeywordListSummary) => void }) {
  const t = useT();
  const remove = useFetcher<SeoActionAnswer>();
  const rename = useFetcher<SeoActionAnswer>();
  // Without JavaScript the forms are document posts: their answer is the route's, a refused rename of this list among them.
  const posted = useActionData<SeoActionAnswer>();
  const refusedHere = posted && !posted.ok && posted.intent === "rename" && posted.id === list.id ? posted : null;
  const [params] = useSearchParams();
  const [renaming, setRenaming] = useState(() => refusedHere !== null || params.get("rename") === list.id);
  const [name, setName] = useState(refusedHere?.name ?? list.name);
  const [error, setError] = useState<string | null>(refusedHere ? keywordFailureText(refusedHere.error, t) : null);
  const nameId = useId();
  const errorId = useId();
  const busy = held || remove.state !== "idle" || rename.state !== "idle";

  // A rename's answer, once it has come back: saved closes the field, refused says why under it.
  const [seenRename, setSeenRename] = useState(rename.data);
  if (rename.state === "idle" && rename.data !== seenRename) {
    setSeenRename(rename.data);
    if (rename.data?.ok) {
      setRenaming(false);
      setError(null);
    } else if (rename.data) setError(keywordFailureText(rename.data.error, t));
  }

  // Each answer's notice, once.
  const noticed = useRef<{ remove?: SeoActionAnswer; rename?: SeoActionAnswer }>({});
  useEffect(() => {
    const answer = remove.data;
    if (remove.state !== "idle" || !answer || noticed.current.remove === answer) return;
    noticed.current.remove = answer;
    if (answer.ok) toast({ title: t("lists.panel.deleted", { name: list.name }) });
    else toast({ title: t("lists.panel.failed"), description: keywordFailureText(answer.error, t), variant: "destructive" });
  }, [remove.state, remove.data, list.name, t]);
  useEffect(() => {
    const answer = rename.data;
    if (rename.state !== "idle" || !answer || noticed.current.rename === answer) return;
    noticed.current.rename = answer;
    if (answer.ok && answer.intent === "rename") toast({ title: t("lists.panel.renamed", { name: answer.list.name }), variant: "success" });
  }, [rename.state, rename.data, t]);

  return (
    <li className="grid gap-2 py-2.5 first:pt-0 last:pb-0" data-testid="saved-list" data-name={list.name}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{list.name}</p>
          <p className="text-xs text-muted-foreground tabular-nums">{t("lists.panel.count", { count: list.count })}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {/* Without JavaScript this opens /seo-keywords?list=<id>, where the server renders the list as the selection. */}
          <form
            method="get"
            action={SEO_ROUTE}
            onSubmit={(event) => {
              event.preventDefault();
              onOpen(list);
            }}
          >
            <input type="hidden" name="list" value={list.id} />
            <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={t("lists.panel.openNamed", { name: list.name })} data-testid="open-list">
              <FolderOpenIcon aria-hidden="true" />
              {t("lists.panel.open")}
            </Button>
          </form>
          {/* The list goes to Create Listing as the selected keywords: Create's loader reads it (with or without JavaScript). */}
          <Form method="get" action={CREATE_ROUTE}>
            <input type="hidden" name="list" value={list.id} />
            <Button type="submit" size="sm" disabled={busy || list.count === 0} aria-label={t("lists.panel.sendNamed", { name: list.name })} data-testid="send-list">
              {t("lists.panel.send")}
              <ArrowRightIcon aria-hidden="true" />
            </Button>
          </Form>
          {/* Without JavaScript this opens ?rename=<id>, where the server renders this list's field open. */}
          <form
            method="get"
            action={SEO_ROUTE}
            onSubmit={(event) => {
              event.preventDefault();
              setRenaming((open) => !open);
              setName(list.name);
              setError(null);
            }}
          >
            <input type="hidden" name="rename" value={list.id} />
            <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-expanded={renaming} aria-label={t("lists.panel.renameNamed", { name: list.name })} data-testid="rename-list">
              <PencilIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("lists.panel.rename")}</span>
            </Button>
          </form>
          <remove.Form method="post" action={SEO_ROUTE}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={list.id} />
            <input type="hidden" name="name" value={list.name} />
            <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t("lists.panel.deleteNamed", { name: list.name })} data-testid="delete-list">
              <Trash2Icon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("lists.panel.delete")}</span>
            </Button>
          </remove.Form>
        </div>
      </div>
      {renaming && (
        <rename.Form
          method="post"
          action={SEO_ROUTE}
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          noValidate
          onSubmit={(event) => {
            const problem = listNameError(name);
            if (problem) {
              event.preventDefault();
              setError(t(problem.key, problem.vars));
            }
          }}
          data-testid="rename-form"
        >
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={list.id} />
          <label htmlFor={nameId} className="sr-only">
            {t("lists.panel.newName")}
          </label>
          <div className="grid flex-1 gap-1">
            <Input
              id={nameId}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={KEYWORD_LIST_LIMITS.nameMax + 20}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
              data-testid="rename-input"
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="rename-error">
                {error}
              </p>
            )}
          </div>
          <div className="flex gap-1.5">
            <Button type="submit" size="sm" disabled={rename.state !== "idle"} data-testid="rename-submit">
              {rename.state !== "idle" ? t("lists.dialog.saving") : t("lists.dialog.save")}
            </Button>
            {/* Without JavaScript, the screen without ?rename= (the field closed). */}
            <Button asChild size="sm" variant="ghost">
              <Link
                to={SEO_ROUTE}
                onClick={(event) => {
                  event.preventDefault();
                  setRenaming(false);
                }}
              >
                {t("lists.dialog.cancel")}
              </Link>
            </Button>
          </div>
        </rename.Form>
      )}
    </li>
  );
}
