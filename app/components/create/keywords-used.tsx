import { CheckIcon, CircleSlashIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/lib/i18n";
import { LISTING_LIMITS } from "~/lib/api/listings";
import { keywordUse, type GeneratedText, type KeywordPlace, type KeywordUse } from "./keyword-use";

const PLACE_KEY = { title: "create.keywordsUsed.inTitle", tags: "create.keywordsUsed.inTags", searchTerms: "create.keywordsUsed.inSearchTerms" } as const;

/** Under the generated listing: which selected keywords it has in the title and in the tags, and which it left out and why. */
export function KeywordsUsed({ keywords, listing }: { keywords: readonly string[]; listing: GeneratedText }) {
  const t = useT();
  const uses = keywordUse(keywords, listing);
  if (!uses.length) return null;
  const places: KeywordPlace[] = listing.hasTags ? ["title", "tags"] : ["title", "searchTerms"];
  const unused = uses.filter((u) => !u.places.length);
  const used = uses.length - unused.length;
  const reason = (u: KeywordUse) =>
    u.reason === "notSent"
      ? t("create.keywordsUsed.notSent", { max: LISTING_LIMITS.keywordsMax })
      : u.reason === "tooLongForTag"
        ? t("create.keywordsUsed.tooLong", { length: u.keyword.length, max: LISTING_LIMITS.tagMax })
        : t("create.keywordsUsed.descriptionOnly");
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby="keywords-used-title" data-testid="keywords-used">
      <div className="grid gap-0.5">
        <h3 id="keywords-used-title" className="text-sm font-semibold">
          {t("create.keywordsUsed.title")}
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="keywords-used-summary">
          {t("create.keywordsUsed.summary", { used, count: uses.length })}
        </p>
      </div>
      {places.map((place) => {
        const here = uses.filter((u) => u.places.includes(place));
        return (
          <div key={place} className="grid gap-1.5" data-testid={`keywords-in-${place}`}>
            <p className="text-xs font-medium text-muted-foreground">{t(PLACE_KEY[place])}</p>
            {here.length ? (
              <ul className="flex flex-wrap gap-1.5">
                {here.map((u) => (
                  <li key={u.keyword}>
                    <Badge variant="secondary" className="gap-1 font-normal break-all whitespace-normal">
                      <CheckIcon className="size-3 text-success" aria-hidden="true" />
                      {u.keyword}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t("create.keywordsUsed.none")}</p>
            )}
          </div>
        );
      })}
      {unused.length > 0 && (
        <div className="grid gap-1.5" data-testid="keywords-unused">
          <p className="text-xs font-medium text-muted-foreground">{t(listing.hasTags ? "create.keywordsUsed.unused" : "create.keywordsUsed.unusedNoTags")}</p>
          <ul className="grid gap-1">
            {unused.map((u) => (
              <li key={u.keyword} className="flex items-start gap-2 text-sm" data-testid="keyword-unused" data-reason={u.reason ?? "unknown"}>
                <CircleSlashIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                  <span className="font-medium break-words">{u.keyword}</span>
                  {u.reason && <span className="text-xs text-muted-foreground">{reason(u)}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
