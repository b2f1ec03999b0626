import { ArrowRightIcon, CheckCircle2Icon, RefreshCwIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { CharCounter, charCount } from "~/components/listings/char-counter";
import { LISTING_LIMITS, type ListingPart, type RuleReport as Report } from "~/lib/api/listings";
import { RuleReport } from "~/components/listings/rule-report";
import { FactList } from "~/components/listings/fact-list";
import { PlainDescription, toPlainDescription } from "~/components/listings/plain-description";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { type MessageKey, useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { partsOf, type PartialListing } from "./use-listing-generator";
import { PLATFORM_PARTS, writtenTitleMax, type ListingDetail } from "../../../schema/api/listings";
import { ListingAudit } from "~/components/audit/listing-audit";
import { PlatformPartsView, hasTags } from "~/components/audit/platform-parts";
import { KeywordsUsed } from "./keywords-used";

const REGENERATE_KEY: Record<ListingPart, MessageKey> = {
  title: "create.result.regenerateTitle",
  description: "create.result.regenerateDescription",
  tags: "create.result.regenerateTags",
  altTexts: "create.result.regenerateAltTexts",
  bullets: "create.result.regenerateBullets",
  searchTerms: "create.result.regenerateSearchTerms",
  itemSpecifics: "create.result.regenerateItemSpecifics",
};

function Section({
  id,
  title,
  meta,
  actions,
  children,
  loading,
  skeleton,
}: {
  id: ListingPart;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  loading: boolean;
  skeleton: ReactNode;
}) {
  return (
    <section className="grid gap-3" aria-labelledby={`part-${id}`} aria-busy={loading || undefined} data-testid={`part-${id}`} data-ready={loading ? undefined : "true"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 id={`part-${id}`} className="text-sm font-semibold">
            {title}
          </h3>
          {!loading && meta}
        </div>
        {!loading && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {loading ? skeleton : children}
    </section>
  );
}

/** eBay listings have no alt texts (PLATFORM_PARTS): the screen shows no empty section for them. */
function hasAltTexts(platform: string): boolean {
  const parts: readonly string[] = PLATFORM_PARTS[platform as keyof typeof PLATFORM_PARTS] ?? PLATFORM_PARTS.etsy;
  return parts.includes("altTexts");
}

/** The 'Generated Listing' card: parts fill in as they stream, then copy, count and regenerate. */
export function GeneratedListing({
  parts: streamed,
  listing = null,
  platform = "etsy",
  generating,
  listingId,
  ruleReport,
  onRegenerate,
  regenerating,
  regenerationsLeft,
  keywords = [],
}: {
  parts: PartialListing;
  /** The saved listing once generation is done: its audit, its marketplace parts. */
  listing?: ListingDetail | null;
  /** The marketplace asked for: eBay and Amazon listings have no tags. */
  platform?: string;
  generating: boolean;
  listingId: string | null;
  ruleReport: Report | null;
  onRegenerate: (part: ListingPart) => void;
  regenerating: ListingPart | null;
  regenerationsLeft: number | null;
  /** The selected keywords the listing was generated with: the card says which it used. */
  keywords?: readonly string[];
}) {
  const t = useT();
  // A one-click fix from the audit saves the listing; the card then shows the fixed parts.
  const [fixed, setFixed] = useState<ListingDetail | null>(null);
  const current = fixed && listing && fixed.id === listing.id && fixed.version > listing.version ? fixed : listing;
  const parts = fixed && listing && fixed.id === listing.id && fixed.version > listing.version ? { ...streamed, ...partsOf(fixed) } : streamed;
  const canRegenerate = !generating && !!listingId && regenerationsLeft !== 0;
  const ready = [parts.title, parts.description, parts.tags, parts.altTexts].filter((p) => p !== undefined).length;

  const regenerateButton = (part: ListingPart) =>
    listingId && !generating ? (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => onRegenerate(part)}
        disabled={!canRegenerate || regenerating !== null}
        aria-label={t(REGENERATE_KEY[part])}
        title={t(REGENERATE_KEY[part])}
      >
        <RefreshCwIcon className={cn(regenerating === part && "animate-spin")} aria-hidden="true" />
        <span className="hidden sm:inline">{regenerating === part ? t("create.result.regenerating") : t("create.result.regenerate")}</span>
      </Button>
    ) : null;

  return (
    <Card data-testid="generated-listing" aria-live="polite">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {!generating && listingId && <CheckCircle2Icon className="size-5 text-success" aria-hidden="true" />}
          {t("create.result.title")}
        </CardTitle>
        <CardDescription>
          {generating ? t("create.progress", { done: ready }) : t("create.result.subtitle")}
          {!generating && regenerationsLeft !== null && <span className="ml-1">· {t("create.result.regenerationsLeft", { n: regenerationsLeft })}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Section
          id="title"
          title={t("create.result.partTitle")}
          loading={parts.title === undefined}
          meta={parts.title !== undefined && <CharCounter count={charCount(parts.title)} max={writtenTitleMax(platform)} />}
          actions={
            <>
              {regenerateButton("title")}
              <CopyButton text={parts.title ?? ""} label={t("create.result.copyTitle")} />
            </>
          }
          skeleton={<Skeleton className="h-6 w-4/5" />}
        >
          <p className="text-base font-medium leading-snug break-words" data-testid="result-title">
            {parts.title}
          </p>
        </Section>

        <Section
          id="description"
          title={t("create.result.partDescription")}
          loading={parts.description === undefined}
          actions={
            <>
              {regenerateButton("description")}
              <CopyButton text={toPlainDescription(parts.description ?? "")} label={t("create.result.copyDescription")} />
            </>
          }
          skeleton={
            <div className="grid gap-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-11/12" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          }
        >
          <div className="rounded-md border bg-muted/20 p-4 sm:max-h-[28rem] sm:overflow-y-auto" data-testid="result-description">
            <PlainDescription>{parts.description ?? ""}</PlainDescription>
          </div>
        </Section>

        {hasTags(current?.platform ?? platform) && (
          <Section
            id="tags"
            title={t("create.result.partTags")}
            loading={parts.tags === undefined}
            meta={
              parts.tags && (
                <span className={cn("text-xs tabular-nums text-muted-foreground", parts.tags.length !== LISTING_LIMITS.tagCount && "text-destructive")}>
                  {t("listing.tagCount", { count: parts.tags.length, max: LISTING_LIMITS.tagCount })}
                </span>
              )
            }
            actions={
              <>
                {regenerateButton("tags")}
                <CopyButton text={(parts.tags ?? []).join(", ")} label={t("create.result.copyAll")} showLabel />
              </>
            }
            skeleton={
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} className="h-6 w-24" />
                ))}
              </div>
            }
          >
            <ul className="flex flex-wrap gap-2" data-testid="result-tags">
              {(parts.tags ?? []).map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary" className="gap-2 py-1 text-sm font-normal">
                    <span>{tag}</span>
                    <CharCounter count={charCount(tag)} max={LISTING_LIMITS.tagMax} className="text-[0.7rem]" />
                  </Badge>
                </li>
              ))}
            </ul>
          </Section>
        )}

        {current && !hasTags(current.platform) && (
          <PlatformPartsView platform={current.platform} bullets={current.bullets ?? []} searchTerms={current.search_terms ?? ""} itemSpecifics={current.item_specifics ?? []} />
        )}

        {hasAltTexts(current?.platform ?? platform) && (
          <Section
            id="altTexts"
            title={t("create.result.partAltTexts")}
            loading={parts.altTexts === undefined}
            actions={regenerateButton("altTexts")}
            skeleton={
              <div className="grid gap-2">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            }
          >
            <ol className="grid gap-2" data-testid="result-alt-texts">
              {(parts.altTexts ?? []).map((alt, index) => (
                <li key={`${index}-${alt}`} className="flex flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-start sm:gap-3">
                  <p className="min-w-0 flex-1 text-sm break-words">
                    <span className="mr-2 text-xs font-medium text-muted-foreground tabular-nums">{index + 1}.</span>
                    {alt}
                  </p>
                  <div className="flex shrink-0 items-center justify-end gap-2">
                    <CharCounter count={charCount(alt)} max={LISTING_LIMITS.altTextMax} />
                    <CopyButton text={alt} label={t("create.result.copyAlt", { n: index + 1 })} />
                  </div>
                </li>
              ))}
            </ol>
          </Section>
        )}

        {current && !generating && (
          <section className="grid gap-3" aria-labelledby="part-facts" data-testid="result-facts">
            <h3 id="part-facts" className="text-sm font-semibold">
              {t("create.result.partFacts")}
            </h3>
            <FactList key={current.id} listing={current} hint={t("create.facts.hint")} />
          </section>
        )}

        {!generating && listingId && keywords.length > 0 && (
          <KeywordsUsed
            keywords={keywords}
            listing={{ title: parts.title ?? "", tags: parts.tags ?? [], description: parts.description ?? "", searchTerms: current?.search_terms, hasTags: hasTags(current?.platform ?? platform) }}
          />
        )}
        {current && !generating && <ListingAudit listing={current} onUpdated={setFixed} />}
        {ruleReport && <RuleReport report={ruleReport} />}
      </CardContent>
      {!generating && listingId && (
        <CardFooter className="flex-wrap justify-end gap-2 border-t">
          <Button asChild variant="outline">
            <Link to="/listings">
              {t("create.viewInListings")}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
