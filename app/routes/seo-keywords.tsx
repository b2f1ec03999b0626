import { LogInIcon, RotateCcwIcon, SearchXIcon, SparklesIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { KeywordList, KeywordListSummary } from "../../schema/api/keyword-lists";
import type { KeywordSearchResult } from "../../schema/api/keywords";
import { listToRows, toSavedKeyword } from "~/components/keywords/saved-keywords";
import { KeywordListsPanel } from "~/components/keywords/keyword-lists-panel";
import { SaveToListDialog } from "~/components/keywords/save-to-list-dialog";
import { KeywordResults, type Filter } from "~/components/keywords/keyword-results";
import { csvFileName, handOverKeywords, nextSort, sortRows, toCsv, toRows, toSelectedKeywords, type KeywordRow, type SortKey, type SortState } from "~/components/keywords/keyword-model";
import { KeywordSearchForm } from "~/components/keywords/keyword-search-form";
import { KeywordTableSkeleton } from "~/components/keywords/keyword-table";
import { DEFAULT_FORM } from "~/components/keywords/search-form";
import { SelectedKeywords } from "~/components/keywords/selected-keywords";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { UsageCard } from "~/components/usage-card";
import { deleteKeywordList, fetchKeywordList, fetchKeywordLists } from "~/lib/api/keyword-lists";
import { classifySearchError, searchKeywords, type SearchFailure, type SearchForm } from "~/lib/api/keywords";
import { type MessageKey, useT, type Vars } from "~/lib/i18n";
import { productNameError } from "~/lib/keyword-validation";
import { useRefreshQuota } from "~/lib/quota";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/seo-keywords";
import * as keywordsStrings from "~/lib/i18n/catalog/keywords";
import * as keywordListsStrings from "~/lib/i18n/catalog/keyword-lists";
import * as plansStrings from "~/lib/i18n/catalog/plans";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [keywordsStrings, keywordListsStrings, plansStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "seo.metaTitle") }];
}

type Meta = Omit<KeywordSearchResult, "keywords">;

interface Session {
  form: SearchForm;
  searched: string;
  meta: Meta;
  rows: KeywordRow[];
  picked: KeywordRow[];
}

/** The last search survives a trip to another screen in this tab (e.g. the 'analyze trend' link and back). */
const SESSION_KEY = "listora.seo.lastSearch";

function readSession(): Session | null {
  try {
    const raw = typeof window === "undefined" ? null : window.sessionStorage.getItem(SESSION_KEY);
    const value = raw ? (JSON.parse(raw) as Session) : null;
    return value && Array.isArray(value.rows) && Array.isArray(value.picked) && value.meta ? value : null;
  } catch {
    return null;
  }
}

/**
 * On arrival: the saved keyword lists (null when they cannot be read: the panel offers a retry) and the
 * last search of this tab. A search spends a unit of the day, so it stays the user's own action.
 */
export async function clientLoader() {
  const lists = await fetchKeywordLists().catch(() => null);
  return { lists, session: readSession() };
}

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="grid gap-6" aria-busy="true">
      <PageHeader title={t("seo.title")} description={t("seo.description")} />
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}

export default function SeoKeywords({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const refreshQuota = useRefreshQuota();
  const revalidator = useRevalidator();
  const { session } = loaderData;
  const lists = loaderData.lists ?? [];

  const [form, setForm] = useState<SearchForm>(session?.form ?? DEFAULT_FORM);
  const [nameError, setNameError] = useState<{ key: MessageKey; vars?: Vars } | null>(null);
  const [status, setStatus] = useState<"idle" | "loading" | "done" | "error">(session ? "done" : "idle");
  const [failure, setFailure] = useState<SearchFailure | null>(null);
  const [meta, setMeta] = useState<Meta | null>(session?.meta ?? null);
  const [searched, setSearched] = useState(session?.searched ?? "");
  const [rows, setRows] = useState<KeywordRow[]>(session?.rows ?? []);
  const [picked, setPicked] = useState<KeywordRow[]>(session?.picked ?? []);
  const [sort, setSort] = useState<SortState | null>(null);
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const [handingOver, setHandingOver] = useState(false);
  const [listBusy, setListBusy] = useState<string | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const listsStatus = loaderData.lists ? "ready" : revalidator.state === "loading" ? "loading" : "error";
  /** The lists are read again by the loader after a change (or a retry). */
  const loadLists = () => revalidator.revalidate();

  useEffect(() => {
    if (!meta) return;
    try {
      window.sessionStorage.setItem(SESSION_KEY, JSON.stringify({ form, searched, meta, rows, picked } satisfies Session));
    } catch {
      /* storage full or blocked: the screen still works, it just forgets */
    }
  }, [form, searched, meta, rows, picked]);

  const pickedIds = useMemo(() => new Set(picked.map((k) => k.id)), [picked]);
  // The table shows each row's selection from the picked list, which may also hold earlier searches' keywords.
  const allRows = useMemo(
    () =>
      sortRows(
        rows.map((r) => ({ ...r, selected: pickedIds.has(r.id) })),
        sort,
      ),
    [rows, pickedIds, sort],
  );
  const selectedRows = useMemo(
    () =>
      sortRows(
        picked.map((r) => ({ ...r, selected: true })),
        sort,
      ),
    [picked, sort],
  );
  const view = filter === "selected" ? selectedRows : allRows;

  function setSelected(ids: string[], selected: boolean) {
    setPicked((current) => {
      if (!selected) return current.filter((k) => !ids.includes(k.id));
      const have = new Set(current.map((k) => k.id));
      const added = rows.filter((r) => ids.includes(r.id) && !have.has(r.id)).map((r) => ({ ...r, selected: true }));
      return [...current, ...added];
    });
  }

  async function onSubmit() {
    const error = productNameError(form.productName);
    setNameError(error);
    if (error) {
      document.querySelector<HTMLInputElement>('input[name="product_name"]')?.focus();
      return;
    }
    setStatus("loading");
    setFailure(null);
    try {
      const result = await searchKeywords(form);
      const { keywords, ...rest } = result;
      setRows(toRows(keywords));
      setMeta(rest);
      setSearched(form.productName.trim());
      setSort(null);
      setFilter("all");
      setPage(1);
      setStatus("done");
      void refreshQuota("seo-analysis");
    } catch (error) {
      const kind = classifySearchError(error);
      setFailure(kind);
      setStatus("error");
      if (kind.kind === "quota") {
        toast({ title: t("seo.error.quotaTitle"), description: t("seo.error.quota", { limit: kind.limit, plan: kind.plan }), variant: "destructive" });
        void refreshQuota("seo-analysis");
      }
    }
  }

  function onSort(key: SortKey) {
    setSort((current) => nextSort(current, key));
    setPage(1);
  }

  function onDownload() {
    const csv = toCsv(view);
    const file = csvFileName(searched || "keywords", meta?.country ?? form.country, meta?.platform ?? form.platform);
    // A byte-order mark so spreadsheet apps read non-ASCII keywords as UTF-8.
    const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: t("seo.csv.started"), description: t("seo.csv.startedDescription", { count: view.length, file }), variant: "success" });
  }

  function onUse() {
    if (picked.length === 0) return;
    setHandingOver(true);
    handOverKeywords(safeLocalStorage(), STORAGE.selectedKeywords, toSelectedKeywords(picked.map((k) => ({ ...k, selected: true }))), () => navigate("/create"));
  }

  function onSaved(list: KeywordList) {
    toast({ title: t("lists.saved", { name: list.name }), description: t("lists.savedDescription", { count: list.count }), variant: "success" });
    void loadLists();
  }

  /** Runs a list action with its buttons held, and says so when it fails. */
  async function withList(list: KeywordListSummary, action: () => Promise<void>) {
    setListBusy(list.id);
    try {
      await action();
    } catch {
      toast({ title: t("lists.panel.failed"), variant: "destructive" });
      void loadLists();
    } finally {
      setListBusy(null);
    }
  }

  const onOpenList = (summary: KeywordListSummary) =>
    withList(summary, async () => {
      const list = await fetchKeywordList(summary.id);
      setPicked(listToRows(list, rows));
      toast({ title: t("lists.panel.opened", { name: list.name, count: list.count }) });
      document.querySelector('[data-testid="selected-keywords"]')?.scrollIntoView({ behavior: "smooth", block: "nearest" });
    });

  const onSendList = (summary: KeywordListSummary) =>
    withList(summary, async () => {
      const list = await fetchKeywordList(summary.id);
      setHandingOver(true);
      handOverKeywords(safeLocalStorage(), STORAGE.selectedKeywords, toSelectedKeywords(listToRows(list, rows)), () => navigate("/create"));
    });

  const onDeleteList = (summary: KeywordListSummary) =>
    withList(summary, async () => {
      await deleteKeywordList(summary.id);
      toast({ title: t("lists.panel.deleted", { name: summary.name }) });
      await loadLists();
    });

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
      <KeywordSearchForm
        form={form}
        onChange={(next) => {
          setForm(next);
          if (nameError) setNameError(productNameError(next.productName));
        }}
        onBlurName={() => setNameError(productNameError(form.productName))}
        onSubmit={onSubmit}
        nameError={nameError ? t(nameError.key, nameError.vars) : null}
        busy={status === "loading"}
      />

      <div aria-live="polite" className="sr-only">
        {status === "loading" ? t("seo.results.loading") : status === "done" ? t("seo.results.count", { count: rows.length }) : ""}
      </div>

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
              <Button variant="outline" size="sm" className="mt-2" onClick={onSubmit}>
                <RotateCcwIcon aria-hidden="true" />
                {t("app.tryAgain")}
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      )}

      {status === "idle" && (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-2 py-4 text-center">
            <SparklesIcon className="size-8 text-primary" aria-hidden="true" />
            <h2 className="font-semibold">{t("seo.start.title")}</h2>
            <p className="max-w-xl text-sm text-muted-foreground">{t("seo.start.description")}</p>
          </CardContent>
        </Card>
      )}

      {status === "done" && meta && rows.length === 0 && (
        <Alert data-testid="no-keywords">
          <SearchXIcon aria-hidden="true" />
          <AlertTitle>{t("seo.empty.title")}</AlertTitle>
          <AlertDescription>{t("seo.empty.description")}</AlertDescription>
        </Alert>
      )}

      {status === "done" && meta && rows.length > 0 && (
        <KeywordResults
          meta={meta}
          productName={searched}
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
        />
      )}

      {(rows.length > 0 || picked.length > 0) && (
        <SelectedKeywords selected={picked} onRemove={(id) => setSelected([id], false)} onClear={() => setPicked([])} onUse={onUse} onSave={() => setSaveOpen(true)} busy={handingOver} />
      )}

      <KeywordListsPanel lists={lists} status={listsStatus} busyId={listBusy} onOpen={onOpenList} onSend={onSendList} onDelete={onDeleteList} onRetry={() => void loadLists()} />

      <SaveToListDialog open={saveOpen} onOpenChange={setSaveOpen} keywords={picked.map(toSavedKeyword)} lists={lists} onSaved={onSaved} />
    </div>
  );
}
