import { ReceiptIcon } from "lucide-react";
import { Link } from "react-router";
import { EffectView } from "~/components/shop/sales";
import type { ListingSales } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";

/** Whether any sale of the listing was imported (all time). */
function hasListingSales(sales: ListingSales | null | undefined): sales is ListingSales {
  return !!sales?.periods.some((p) => p.days === null && p.orders > 0);
}

/**
 * "Did the change help?" on the listing's history (issue 28, decision 0035): the before/after of the
 * change a version made, with the days and orders behind it, from GET /api/shop/listings/:id/sales.
 * Nothing for a version that changed nothing here (an import, the first version) or a listing without sales.
 */
export function VersionSales({ sales, version }: { sales: ListingSales | null | undefined; version: number }) {
  const { t } = useI18n();
  if (!hasListingSales(sales)) return null;
  const effect = sales.effects.find((e) => e.version === version);
  if (!effect) return null;
  return (
    <section className="grid w-full gap-1.5 border-t pt-2" aria-label={t("changes.historySales")} data-testid="history-version-sales">
      <EffectView effect={effect} compact />
    </section>
  );
}

/** Under a shop listing's history: the rule behind "too early to tell", or where its sales come from. */
export function HistorySalesNote({ sales }: { sales: ListingSales | null | undefined }) {
  const { t } = useI18n();
  if (!sales) return null;
  if (!hasListingSales(sales)) {
    return (
      <p className="mt-3 flex items-start gap-2 text-xs text-muted-foreground" data-testid="history-sales-none">
        <ReceiptIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>
          {t("changes.historyNoSales")}{" "}
          <Link to="/shop" className="font-medium text-primary hover:underline">
            {t("changes.historyOpenShop")}
          </Link>
        </span>
      </p>
    );
  }
  if (!sales.effects.length) return null;
  return (
    <p className="mt-3 text-xs text-muted-foreground" data-testid="history-sales-rule">
      {t("changes.rule")}
    </p>
  );
}
