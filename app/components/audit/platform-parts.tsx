import type { ItemSpecific } from "../../../schema/api/listings";
import { useT } from "~/lib/i18n";

/** The parts only some marketplaces have: Amazon's bullets and search terms, eBay's item specifics. */
export function PlatformPartsView({ platform, bullets, searchTerms, itemSpecifics }: { platform: string; bullets: string[]; searchTerms: string; itemSpecifics: ItemSpecific[] }) {
  const t = useT();
  if (platform === "amazon") {
    return (
      <div className="grid gap-4" data-testid="platform-parts">
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t("audit.parts.bullets")}</h3>
          {bullets.length ? (
            <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="listing-bullets">
              {bullets.map((b, i) => (
                <li key={i} className="break-words">
                  {b}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("audit.parts.none")}</p>
          )}
        </section>
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t("audit.parts.searchTerms")}</h3>
          <p className="rounded-md bg-muted/50 px-3 py-2 font-mono text-xs break-words" data-testid="listing-search-terms">
            {searchTerms || t("audit.parts.none")}
          </p>
        </section>
      </div>
    );
  }
  if (platform === "ebay") {
    return (
      <section className="grid gap-2" data-testid="platform-parts">
        <h3 className="text-sm font-semibold">{t("audit.parts.itemSpecifics")}</h3>
        {itemSpecifics.length ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="listing-item-specifics">
            {itemSpecifics.map((s, i) => (
              <div key={i} className="contents">
                <dt className="font-medium text-muted-foreground">{s.name}</dt>
                <dd className="break-words">{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t("audit.parts.none")}</p>
        )}
      </section>
    );
  }
  return null;
}

/** Tags exist on Etsy only. */
export const hasTags = (platform: string) => platform !== "ebay" && platform !== "amazon";
