import { ArrowUpRightIcon, FlameIcon } from "lucide-react";
import { Form } from "react-router";
import type { Geo, RelatedQuery } from "../../../schema/api/keywords";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/lib/i18n";

const MAX = 8;

/** A rising value as the SPEC shows it: numbers as +N%, text (Google's 'Breakout') as a badge. */
function RisingValue({ value }: { value: number | string }) {
  const t = useT();
  if (typeof value === "number") return <span className="font-medium text-success tabular-nums">+{Math.round(value).toLocaleString("en-US")}%</span>;
  if (/breakout/i.test(value))
    return (
      <Badge variant="warning">
        <FlameIcon aria-hidden="true" />
        {t("advanced.related.breakout")}
      </Badge>
    );
  return <span className="text-muted-foreground">{value}</span>;
}

/** Each query is a post to the analysis action (it may spend a unit of the day), so it works before the page is hydrated too. */
function QueryList({
  title,
  items,
  empty,
  kind,
  geo,
  onPick,
  testId,
}: {
  title: string;
  items: RelatedQuery[];
  empty: string;
  kind: "top" | "rising";
  geo: Geo;
  onPick: (query: string) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <section className="grid content-start gap-3" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ol className="grid gap-1">
          {items.slice(0, MAX).map((item, i) => (
            <li key={`${item.query}-${i}`}>
              <Form method="post" action="/advanced-keywords" onSubmit={() => onPick(item.query)}>
                <input type="hidden" name="keyword" value={item.query} />
                <input type="hidden" name="geo" value={geo} />
                <button
                  type="submit"
                  aria-label={t("advanced.related.analyze", { query: item.query })}
                  className="group flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  data-testid="related-query"
                >
                  <span className="w-5 shrink-0 text-xs text-muted-foreground tabular-nums">{i + 1}</span>
                  <span className="min-w-0 flex-1 break-words">{item.query}</span>
                  {kind === "top" ? (
                    typeof item.value === "number" ? (
                      <span className="flex shrink-0 items-center gap-2">
                        <span className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
                          <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.max(0, Math.min(100, item.value))}%` }} />
                        </span>
                        <span className="w-7 text-right font-medium tabular-nums">{item.value}</span>
                      </span>
                    ) : (
                      <span className="shrink-0 text-muted-foreground">{item.value}</span>
                    )
                  ) : (
                    <span className="shrink-0">
                      <RisingValue value={item.value} />
                    </span>
                  )}
                  <ArrowUpRightIcon className="size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden="true" />
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Top Related and Rising Queries, up to 8 each; a click analyses that query. */
export function RelatedQueries({ top, rising, geo, onPick }: { top: RelatedQuery[]; rising: RelatedQuery[]; geo: Geo; onPick: (query: string) => void }) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground">{t("advanced.related.hint")}</p>
      <div className="grid gap-6 md:grid-cols-2">
        <QueryList title={t("advanced.related.top")} items={top} empty={t("advanced.related.noTop")} kind="top" geo={geo} onPick={onPick} testId="related-top" />
        <QueryList title={t("advanced.related.rising")} items={rising} empty={t("advanced.related.noRising")} kind="rising" geo={geo} onPick={onPick} testId="related-rising" />
      </div>
    </div>
  );
}
