import { AlertTriangleIcon, CheckCircle2Icon, LogInIcon, RotateCcwIcon, SearchXIcon, SparklesIcon } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher, useNavigate, useNavigation, useSubmit } from "react-router";
import type { KeywordListSummary } from "../../schema/api/keyword-lists";
import { listToRows, tickedRows, toSavedKeyword } from "~/components/keywords/saved-keywords";
import { keywordFailureText } from "~/components/keywords/keyword-failure";
import { KeywordListsPanel, SEO_ROUTE } from "~/components/keywords/keyword-lists-panel";
import { readLastSearch, RESTORE_SCRIPT, RESTORING_ATTRIBUTE, writeLastSearch, type Shown } from "~/components/keywords/last-search";
import { SaveToListDialog } from "~/components/keywords/save-to-list-dialog";
import { KeywordResults } from "~/components/keywords/keyword-results";
import { handOverKeywords, keywordCsvFile, nextSort, tableView, toRows, toSelectedKeywords, type Filter, type KeywordRow, type SortKey, type SortState } from "~/components/keywords/keyword-model";
import { KeywordSearchForm } from "~/components/keywords/keyword-search-form";
import { KeywordTableSkeleton } from "~/components/keywords/keyword-table";
import { DEFAULT_FORM } from "~/components/keywords/search-form";
import { SelectedKeywords } from "~/components/keywords/selected-keywords";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { UsageCard } from "~/components/usage-card";
import { classifySearchFailure, type SearchFailure, type SearchForm } from "~/lib/api/keywords";
import { type MessageKey, useT, type Vars } from "~/lib/i18n";
import type { SeoActionAnswer, SeoLoaderData } from "~/lib/keyword-actions";
import { loadSeoKeywords, seoKeywordsAction } from "~/lib/keywords.server";
import { productNameError } from "~/lib/keyword-validation";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/seo-keywords";
import * as keywordsStrings from "~/lib/i18n/catalog/keywords";
import * as keywordListsStrings from "~/lib/i18n/catalog/keyword-lists";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import * as authStrings from "~/lib/i18n/catalog/auth";
import { useOncePer } from "~/lib/use-once-per";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [authStrings, keywordsStrings, keywordListsStrings, plansStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "seo.metaTitle") }];
}

/** The seller's saved keyword lists (and ?list=<id> with its keywords), read at the edge (decision 0050). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSeoKeywords(request, context);
}

/** A search (it may spend a unit of the day, so it is a POST) and the saved lists' writes. */
export function action({ request, context }: Route.ActionArgs) {
  return seoKeywordsAction(request, context);
}

/**
 * In the browser the server's action runs as it is; when the page cannot reach it at all, the answer
 * says so (SPEC §8 'Something went wrong while fetching keywords.') instead of the error screen.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<SeoActionAnswer> {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return { ok: false, intent: intent === "search" ? "search" : null, error: { code: "network", message: "", status: 0 } };
  }
}

function shownOf(answer: Extract<SeoActionAnswer, { intent: "search"; ok: true }>): Shown {
  const { keywords, ...meta } = answer.result;
  return { meta, searched: answer.form.productName.trim(), rows: toRows(keywords) };
}

/** A search answer's failure, unless it is the product name's (shown under the field instead). */
function failureOf(answer: SeoActionAnswer | undefined): SearchFailure | null {
  if (!answer || answer.ok || answer.intent !== "search" || answer.error.field === "product_name") return null;
  return classifySearchFailure(answer.error);
}

const useClientLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export default function SeoKeywords({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const nonce = useNonce();
  const { lists, openList, openListMissing, csvNotCached } = loaderData as SeoLoaderData;
  const answer = actionData?.intent === "search" ? actionData : undefined;

  const [form, setForm] = useState<SearchForm>(answer?.form ?? csvNotCached ?? DEFAULT_FORM);
  const [nameError, setNameError] = useState<{ key: MessageKey; vars?: Vars } | null>(() =>
    answer && !answer.ok && answer.error.field === "product_name" ? productNameError(answer.form?.productName ?? "") : null,
  );
  const [shown, setShown] = useState<Shown | null>(answer?.ok ? shownOf(answer) : null);
  const [failure, setFailure] = useState<SearchFailure | null>(failureOf(answer));
  const [picked, setPicked] = useState<KeywordRow[]>(() =>
    openList ? listToRows(openList, answer?.ok ? shownOf(answer).rows : []) : answer?.ok && answer.ticked ? tickedRows(shownOf(answer).rows, answer.ticked) : [],
  );
  // A page, sort or filter button posted without JavaScript (decisions 0072, 0074) answers the table's view with the search.
  const [sort, setSort] = useState<SortState | null>(answer?.ok ? (answer.view?.sort ?? null) : null);
  const [filter, setFilter] = useState<Filter>(answer?.ok ? (answer.view?.filter ?? "all") : "all");
  const [page, setPage] = useState(answer?.ok ? (answer.view?.page ?? 1) : 1);
  const [handingOver, setHandingOver] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const rows = useMemo(() => shown?.rows ?? [], [shown]);

  // A new search's answer (the action's): its rows replace the results; the selection stays.
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer) {
      if (answer.form) setForm(answer.form);
      setFailure(failureOf(answer));
      setNameError(!answer.ok && answer.error.field === "product_name" ? productNameError(answer.form?.productName ?? "") : null);
      if (answer.ok) {
        setShown(shownOf(answer));
        setSort(answer.view?.sort ?? null);
        setFilter(answer.view?.filter ?? "all");
        setPage(answer.view?.page ?? 1);
        // Posted without JavaScript, the ticked boxes were the selection; a page that ran keeps its own.
        if (answer.ticked) setPicked(tickedRows(shownOf(answer).rows, answer.ticked));
      }
    }
  }

  // The quota's notice (SPEC §8 'Quota Exceeded'), once per answer.
  useOncePer(answer, (answer) => {
    const kind = failureOf(answer);
    if (kind?.kind === "quota") toast({ title: t("seo.error.quotaTitle"), description: t("seo.error.quota", { limit: kind.limit, plan: kind.plan }), variant: "destructive" });
  });

  // Back in this tab without a new answer: the last search and selection, as they were (before the first
  // paint). After a reload the server's HTML hid the part this changes (RESTORE_SCRIPT): it shows now, at
  // once with what it restores (a layout effect's updates are drawn in the same frame), so nothing moves.
  const area = useRef<HTMLDivElement>(null);
  const restored = useRef(false);
  useClientLayoutEffect(() => {
    area.current?.removeAttribute(RESTORING_ATTRIBUTE);
    if (restored.current) return;
    restored.current = true;
    if (answer) return;
    const session = readLastSearch();
    if (!session) return;
    setForm(session.form);
    setShown({ meta: session.meta, searched: session.searched, rows: session.rows });
    if (!openList) setPicked(session.picked);
  }, [answer, openList]);

  useEffect(() => {
    if (shown) writeLastSearch({ form, ...shown, picked });
  }, [form, shown, picked]);

  // The table shows each row's selection from the picked list, which may also hold earlier searches' keywords.
  const { all: allRows, selected: selectedRows } = useMemo(() => tableView(rows, picked, sort), [rows, picked, sort]);
  const view = filter === "selected" ? selectedRows : allRows;

  const searching = navigation.state === "submitting" && navigation.formAction?.startsWith(SEO_ROUTE) === true && navigation.formData?.get("intent") === "search";
  const status = searching ? "loading" : failure ? "error" : shown ? "done" : "idle";

  function setSelected(ids: string[], selected: boolean) {
    setPicked((current) => {
      if (!selected) return current.filter((k) => !ids.includes(k.id));
      const have = new Set(current.map((k) => k.id));
      const added = rows.filter((r) => ids.includes(r.id) && !have.has(r.id)).map((r) => ({ ...r, selected: true }));
      return [...current, ...added];
    });
  }

  /** Checks the name before the form posts; a bad one stops the post and takes the focus. */
  function checkName(): boolean {
    const error = productNameError(form.productName);
    setNameError(error);
    if (error) document.querySelector<HTMLInputElement>('input[name="product_name"]')?.focus();
    return !error;
  }

  function searchAgain() {
    if (!checkName()) return;
    void submit({ intent: "search", product_name: form.productName, category: form.category, country: form.country, platform: form.platform }, { method: "post", action: SEO_ROUTE });
  }

  function onSort(key: SortKey) {
    setSort((current) => nextSort(current, key));
    setPage(1);
  }

  function onDownload() {
    // The same file the edge makes when the page has not run (decision 0074).
    const file = keywordCsvFile(view, { searched: shown?.searched ?? "", country: shown?.meta.country ?? form.country, platform: shown?.meta.platform ?? form.platform });
    const url = URL.createObjectURL(new Blob([file.text], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: t("seo.csv.started"), description: t("seo.csv.startedDescription", { count: view.length, file: file.name }), variant: "success" });
  }

  function onUse() {
    if (picked.length === 0) return;
    setHandingOver(true);
    handOverKeywords(safeLocalStorage(), STORAGE.selectedKeywords, toSelectedKeywords(picked.map((k) => ({ ...k, selected: true }))), () => navigate("/create"));
  }

  function onSaved(list: KeywordListSummary) {
    toast({ title: t("lists.saved", { name: list.name }), description: t("lists.savedDescription", { count: list.count }), variant: "success" });
  }

  // Open reads one list through the route's loader (?list=<id>): a read, not a write.
  const opener = useFetcher<SeoLoaderData>();
  const [readingId, setReadingId] = useState<string | null>(null);
  const reading = opener.state !== "idle" ? readingId : null;
  const openSaved = (list: KeywordListSummary) => {
    setReadingId(list.id);
    void opener.load(`${SEO_ROUTE}?list=${encodeURIComponent(list.id)}`);
  };

  // An opened list becomes the selection (its keywords that are rows of this search are ticked there).
  const [seenOpened, setSeenOpened] = useState(opener.data);
  if (opener.state === "idle" && opener.data !== seenOpened) {
    setSeenOpened(opener.data);
    if (opener.data?.openList) setPicked(listToRows(opener.data.openList, rows));
  }
  const noticed = useRef<SeoLoaderData | undefined>(undefined);
  useEffect(() => {
    const answer = opener.data;
    if (opener.state !== "idle" || !answer || noticed.current === answer) return;
    noticed.current = answer;
    const list = answer.openList;
    if (!list) return void toast({ title: t("lists.panel.failed"), variant: "destructive" });
    toast({ title: t("lists.panel.opened", { name: list.name, count: list.count }) });
    document.querySelector('[data-testid="selected-keywords"]')?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, [opener.state, opener.data, t]);

  const failureText = failure
    ? failure.kind === "unauthorized"
      ? t("seo.error.unauthorized")
      : failure.kind === "unverified"
        ? t("verifyBanner.required")
        : failure.kind === "quota"
          ? t("seo.error.quota", { limit: failure.limit, plan: failure.plan })
          : failure.kind === "status"
            ? t("seo.error.status", { n: failure.status })
            : t("seo.error.generic")
    : "";

  return (
    <div className="grid gap-6">
      <PageHeader title={t("seo.title")} description={t("seo.description")} />
      <UsageCard feature="seo-analysis" />
      {/* The part the tab's last search restores (decision 0065): hidden from the first paint until restored. */}
      <div ref={area} className="relative grid gap-6 data-restoring:invisible" data-testid="seo-restore-area" suppressHydrationWarning>
        {!answer && <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />}
        {/* Meanwhile a skeleton over it says the search is on its way; it takes no room, so nothing moves when it goes. */}
        {!answer && (
          <Card className="absolute inset-x-0 top-0 hidden in-data-restoring:visible in-data-restoring:flex" aria-hidden="true" data-testid="seo-restoring">
            <CardContent>
              <KeywordTableSkeleton />
            </CardContent>
          </Card>
        )}
        <KeywordSearchForm
          form={form}
          onChange={(next) => {
            setForm(next);
            if (nameError) setNameError(productNameError(next.productName));
          }}
          onBlurName={() => setNameError(productNameError(form.productName))}
          onSubmit={checkName}
          nameError={nameError ? t(nameError.key, nameError.vars) : null}
          busy={status === "loading"}
        />

        <div aria-live="polite" className="sr-only">
          {status === "loading" ? t("seo.results.loading") : status === "done" ? t("seo.results.count", { count: rows.length }) : ""}
        </div>

        {actionData && actionData.intent !== "search" && <ListWriteNotice answer={actionData} />}

        {csvNotCached && !answer && (
          <Alert variant="warning" data-testid="csv-not-cached">
            <AlertTriangleIcon aria-hidden="true" />
            <AlertTitle>{t("seo.csv.notCachedTitle")}</AlertTitle>
            <AlertDescription>{t("seo.csv.notCached")}</AlertDescription>
          </Alert>
        )}

        {openListMissing && (
          <Alert variant="warning" data-testid="open-list-missing">
            <AlertTriangleIcon aria-hidden="true" />
            <AlertTitle>{t("lists.missing.title")}</AlertTitle>
            <AlertDescription>{t("lists.missing.description")}</AlertDescription>
          </Alert>
        )}

        {status === "loading" && (
          <Card aria-busy="true" aria-label={t("seo.results.loading")}>
            <CardContent>
              <KeywordTableSkeleton />
            </CardContent>
          </Card>
        )}

        {status === "error" && failure && (
          <Alert variant="destructive" data-testid="seo-error">
            <AlertTitle>{failure.kind === "quota" ? t("seo.error.quotaTitle") : t("seo.error.title")}</AlertTitle>
            <AlertDescription>
              <p>{failureText}</p>
              {failure.kind === "unauthorized" ? (
                <Button asChild variant="outline" size="sm" className="mt-2">
                  <Link to="/login">
                    <LogInIcon aria-hidden="true" />
                    {t("auth.login.submit")}
                  </Link>
                </Button>
              ) : failure.kind !== "quota" ? (
                <Button variant="outline" size="sm" className="mt-2" onClick={searchAgain}>
                  <RotateCcwIcon aria-hidden="true" />
                  {t("app.tryAgain")}
                </Button>
              ) : null}
            </AlertDescription>
          </Alert>
        )}

        {status === "idle" && (
          <Card className="border-dashed shadow-none" data-testid="seo-start">
            <CardContent className="flex flex-col items-center gap-2 py-4 text-center">
              <SparklesIcon className="size-8 text-primary" aria-hidden="true" />
              <h2 className="font-semibold">{t("seo.start.title")}</h2>
              <p className="max-w-xl text-sm text-muted-foreground">{t("seo.start.description")}</p>
            </CardContent>
          </Card>
        )}

        {status === "done" && shown && rows.length === 0 && (
          <Alert data-testid="no-keywords">
            <SearchXIcon aria-hidden="true" />
            <AlertTitle>{t("seo.empty.title")}</AlertTitle>
            <AlertDescription>{t("seo.empty.description")}</AlertDescription>
          </Alert>
        )}

        {status === "done" && shown && rows.length > 0 && (
          <KeywordResults
            meta={shown.meta}
            productName={shown.searched}
            search={{ productName: shown.searched, category: shown.meta.category ?? "", country: shown.meta.country, platform: shown.meta.platform }}
            rows={allRows}
            selectedRows={selectedRows}
            filter={filter}
            onFilter={(f) => {
              setFilter(f);
              setPage(1);
            }}
            sort={sort}
            onSort={onSort}
            page={page}
            onPage={setPage}
            onToggle={(id, selected) => setSelected([id], selected)}
            onTogglePage={setSelected}
            onDownload={onDownload}
            onUse={onUse}
            onSave={() => setSaveOpen(true)}
            lists={lists}
          />
        )}

        {(rows.length > 0 || picked.length > 0) && (
          <SelectedKeywords selected={picked} onRemove={(id) => setSelected([id], false)} onClear={() => setPicked([])} onUse={onUse} onSave={() => setSaveOpen(true)} busy={handingOver} />
        )}

        <KeywordListsPanel lists={lists} busyId={reading} onOpen={openSaved} />

        <SaveToListDialog open={saveOpen} onOpenChange={setSaveOpen} keywords={picked.map(toSavedKeyword)} lists={lists ?? []} onSaved={onSaved} />
      </div>
    </div>
  );
}

/**
 * A saved list's write posted as a document (without JavaScript, or before the page ran): its answer is
 * the route's, and the page says what the toast says once hydrated (a refused rename is told under the
 * list's field instead). With JavaScript the writes are fetchers, whose answers never land here.
 */
function ListWriteNotice({ answer }: { answer: SeoActionAnswer }) {
  const t = useT();
  if (!answer.ok) {
    if (answer.intent === "rename") return null;
    return (
      <Alert variant="destructive" data-testid="list-write-notice">
        <AlertTriangleIcon aria-hidden="true" />
        <AlertTitle>{answer.intent === "create" || answer.intent === "add" ? t("lists.saveFailed") : t("lists.panel.failed")}</AlertTitle>
        <AlertDescription>{keywordFailureText(answer.error, t)}</AlertDescription>
      </Alert>
    );
  }
  const text =
    answer.intent === "delete"
      ? { title: t("lists.panel.deleted", { name: answer.name }) }
      : answer.intent === "rename"
        ? { title: t("lists.panel.renamed", { name: answer.list.name }) }
        : answer.intent === "create" || answer.intent === "add"
          ? { title: t("lists.saved", { name: answer.list.name }), description: t("lists.savedDescription", { count: answer.list.count }) }
          : null;
  if (!text) return null;
  return (
    <Alert className="border-success/60" role="status" data-testid="list-write-notice">
      <CheckCircle2Icon className="text-success" aria-hidden="true" />
      <AlertTitle>{text.title}</AlertTitle>
      {text.description && <AlertDescription>{text.description}</AlertDescription>}
    </Alert>
  );
}
