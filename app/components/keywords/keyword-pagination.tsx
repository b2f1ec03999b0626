import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import { inBrowser } from "~/lib/utils";
import { SEARCH_FORM_ID } from "./keyword-search-form";

/**
 * Working pagination (the SPEC's static pages 1-3 did nothing): previous, numbered pages, next. Each
 * button posts the search form again with its page (`view_page`) when the page has not run (decision
 * 0072: the search answers from its 24-hour cache, spending nothing); once it runs, the click pages here.
 */
export function KeywordPagination({ page, pages, from, to, total, onPage }: { page: number; pages: number; from: number; to: number; total: number; onPage: (page: number) => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="page-range">
        {t("seo.pagination.range", { from, to, total })}
      </p>
      {pages > 1 && (
        <nav aria-label={t("seo.pagination.label")} className="flex items-center gap-1">
          <Button
            type="submit"
            form={SEARCH_FORM_ID}
            name="view_page"
            value={page - 1}
            variant="outline"
            size="sm"
            onClick={inBrowser(() => onPage(page - 1))}
            disabled={page <= 1}
            aria-label={t("seo.pagination.previous")}
          >
            <ChevronLeftIcon aria-hidden="true" />
            <span className="hidden sm:inline">{t("seo.pagination.previous")}</span>
          </Button>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Button
              key={n}
              variant={n === page ? "default" : "ghost"}
              size="sm"
              className="w-8 px-0 tabular-nums"
              type="submit"
              form={SEARCH_FORM_ID}
              name="view_page"
              value={n}
              onClick={inBrowser(() => onPage(n))}
              aria-label={t("seo.pagination.page", { page: n })}
              aria-current={n === page ? "page" : undefined}
            >
              {n}
            </Button>
          ))}
          <Button
            type="submit"
            form={SEARCH_FORM_ID}
            name="view_page"
            value={page + 1}
            variant="outline"
            size="sm"
            onClick={inBrowser(() => onPage(page + 1))}
            disabled={page >= pages}
            aria-label={t("seo.pagination.next")}
          >
            <span className="hidden sm:inline">{t("seo.pagination.next")}</span>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
