import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, CameraIcon, SparklesIcon, TagIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { Skeleton } from "~/components/ui/skeleton";
import { formatPrice, type ShopListingRow, type ShopOrder, type ShopSort } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";
import { useIsMobile } from "~/lib/use-mobile";
import { cn } from "~/lib/utils";
import { GradeBadge } from "./grade-badge";
import { MoneyList } from "./sales";

interface ShopTableProps {
  rows: ShopListingRow[];
  sort: ShopSort;
  order: ShopOrder;
  onSort: (sort: ShopSort, order: ShopOrder) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  /** Defaults to the screen width: cards under 768 px, a table above. */
  layout?: "table" | "cards";
  /** The shop's main sales currency, shown first. */
  mainCurrency?: string | null;
}

function formatUpdated(iso: string, language: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "medium" }).format(date);
}

/** A column header that sorts: a first press sorts ascending (score: weakest first; sold and revenue: most first), a second reverses. */
function SortHeader({ column, label, sort, order, onSort, className }: { column: ShopSort; label: string; sort: ShopSort; order: ShopOrder; onSort: ShopTableProps["onSort"]; className?: string }) {
  const { t } = useI18n();
  const active = sort === column;
  const Icon = !active ? ArrowUpDownIcon : order === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th scope="col" aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"} className={cn("px-3 py-2 font-medium", className)}>
      <button
        type="button"
        onClick={() => {
          const first = column === "revenue" || column === "units" ? "desc" : "asc";
          onSort(column, active && order === first ? (first === "asc" ? "desc" : "asc") : first);
        }}
        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid={`sort-${column}`}
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden="true" />
        <span className="sr-only">{active ? t(order === "asc" ? "shop.sort.ascending" : "shop.sort.descending") : t("shop.sort.none")}</span>
      </button>
    </th>
  );
}

function ProposalBadge() {
  const { t } = useI18n();
  return (
    <Badge variant="outline" className="border-primary/40 text-primary" data-testid="proposal-badge">
      <SparklesIcon aria-hidden="true" />
      {t("shop.proposal")}
    </Badge>
  );
}

/** The shop's listings: a sortable table with a selection column, or cards on a phone. */
export function ShopTable({ rows, sort, order, onSort, selected, onToggle, onTogglePage, layout, mainCurrency }: ShopTableProps) {
  const { t, language } = useI18n();
  const mobile = useIsMobile();
  const cards = (layout ?? (mobile ? "cards" : "table")) === "cards";
  const selectedOnPage = rows.filter((r) => selected.has(r.id)).length;
  const pageState = selectedOnPage === 0 ? false : selectedOnPage === rows.length ? true : "indeterminate";
  const untitled = (row: ShopListingRow) => row.title.trim() || t("shop.untitled");

  if (cards) {
    return (
      <div className="grid gap-3" data-testid="shop-cards">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={pageState} onCheckedChange={(v) => onTogglePage(v === true)} data-testid="select-page" />
          {t("shop.select.page")}
        </label>
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="shop-row" data-id={row.id}>
              <div className="flex items-start gap-3">
                <Checkbox
                  checked={selected.has(row.id)}
                  onCheckedChange={(v) => onToggle(row.id, v === true)}
                  aria-label={t("shop.select.row", { title: untitled(row) })}
                  className="mt-1"
                  data-testid="select-row"
                />
                <div className="grid min-w-0 flex-1 gap-1">
                  <Link
                    to={`/shop/${row.id}`}
                    className="line-clamp-2 rounded-sm font-medium break-words outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    data-testid="row-title"
                  >
                    {untitled(row)}
                  </Link>
                  {row.sku && <span className="truncate text-xs text-muted-foreground">{t("shop.sku", { sku: row.sku })}</span>}
                </div>
                <GradeBadge score={row.score} grade={row.grade} className="shrink-0" />
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
                {row.priceMinor !== null && (
                  <span className="font-medium text-foreground tabular-nums" data-testid="row-price">
                    {formatPrice(row.priceMinor, row.currency, language)}
                  </span>
                )}
                <span className="inline-flex items-center gap-1" title={t("shop.col.photos")}>
                  <CameraIcon className="size-3.5" aria-hidden="true" />
                  {t(row.photoCount === 1 ? "shop.photoOne" : "shop.photos", { count: row.photoCount })}
                </span>
                <span className="inline-flex items-center gap-1" title={t("shop.col.tags")}>
                  <TagIcon className="size-3.5" aria-hidden="true" />
                  {t(row.tagCount === 1 ? "shop.tagOne" : "shop.tags", { count: row.tagCount })}
                </span>
                {row.hasProposal && <ProposalBadge />}
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="row-sales">
                <span className="text-muted-foreground tabular-nums">{t(row.units === 1 ? "sales.unitsOne" : "sales.units", { count: row.units })}</span>
                <MoneyList revenue={row.revenue} main={mainCurrency} className="font-medium tabular-nums" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl border bg-card" data-testid="shop-table">
      <table className="w-full min-w-[900px] text-sm">
        <caption className="sr-only">{t("shop.table.caption")}</caption>
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <Checkbox checked={pageState} onCheckedChange={(v) => onTogglePage(v === true)} aria-label={t("shop.select.page")} data-testid="select-page" />
            </th>
            <SortHeader column="title" label={t("shop.col.title")} sort={sort} order={order} onSort={onSort} />
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t("shop.col.price")}
            </th>
            <SortHeader column="units" label={t("sales.col.units")} sort={sort} order={order} onSort={onSort} className="text-right" />
            <SortHeader column="revenue" label={t("sales.col.revenue")} sort={sort} order={order} onSort={onSort} className="text-right" />
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t("shop.col.photos")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t("shop.col.tags")}
            </th>
            <SortHeader column="score" label={t("shop.col.score")} sort={sort} order={order} onSort={onSort} />
            <SortHeader column="updated" label={t("shop.col.updated")} sort={sort} order={order} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={cn("border-b last:border-0 hover:bg-muted/30", selected.has(row.id) && "bg-accent/40")} data-testid="shop-row" data-id={row.id}>
              <td className="px-3 py-2.5">
                <Checkbox checked={selected.has(row.id)} onCheckedChange={(v) => onToggle(row.id, v === true)} aria-label={t("shop.select.row", { title: untitled(row) })} data-testid="select-row" />
              </td>
              <td className="max-w-[28rem] px-3 py-2.5">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    to={`/shop/${row.id}`}
                    className="line-clamp-2 min-w-0 rounded-sm font-medium break-words outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    data-testid="row-title"
                  >
                    {untitled(row)}
                  </Link>
                  {row.hasProposal && <ProposalBadge />}
                </div>
                {row.sku && <span className="block truncate text-xs text-muted-foreground">{t("shop.sku", { sku: row.sku })}</span>}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap" data-testid="row-price">
                {row.priceMinor === null ? <span className="text-muted-foreground">{t("shop.none")}</span> : formatPrice(row.priceMinor, row.currency, language)}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums" data-testid="row-units">
                {row.units}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums whitespace-nowrap" data-testid="row-revenue">
                <MoneyList revenue={row.revenue} main={mainCurrency} />
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums" data-testid="row-photos">
                {row.photoCount}
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums" data-testid="row-tags">
                {row.tagCount}
              </td>
              <td className="px-3 py-2.5">
                <GradeBadge score={row.score} grade={row.grade} />
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">
                <time dateTime={row.updatedAt}>{formatUpdated(row.updatedAt, language)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ShopTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="grid gap-2 rounded-xl border bg-card p-3" aria-busy="true" data-testid="shop-table-skeleton">
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 py-1.5">
          <Skeleton className="size-4 shrink-0" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-16 sm:block" />
          <Skeleton className="hidden h-4 w-10 sm:block" />
          <Skeleton className="h-5 w-14" />
        </div>
      ))}
    </div>
  );
}
