import { AlertCircleIcon, ArrowLeftIcon, HistoryIcon, ListChecksIcon, SparklesIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { ListingAudit } from "~/components/audit/listing-audit";
import { PageHeader } from "~/components/page-header";
import { GradeBadge } from "~/components/shop/grade-badge";
import { ProposalActions, type Decision } from "~/components/shop/proposal-actions";
import { ProposalCompare } from "~/components/shop/proposal-compare";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { ApiError } from "~/lib/api";
import { fetchListingSales, fetchShopListing, formatPrice, type ListingSales, type ShopListingDetail } from "~/lib/api/shop";
import { EffectView, SalesPeriods, formatDay } from "~/components/shop/sales";
import { useI18n } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/shop-listing";
import * as shopStrings from "~/lib/i18n/catalog/shop";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as salesStrings from "~/lib/i18n/catalog/shop-sales";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [shopStrings, auditStrings, salesStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "shop.listing.metaTitle") }];
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid gap-1" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** What the shop's file says about the listing beyond its text: price, stock, SKU, photos, materials, variations. */
function ListingFacts({ listing }: { listing: ShopListingDetail["listing"] }) {
  const { t, language } = useI18n();
  const none = <span className="text-muted-foreground">{t("shop.none")}</span>;
  const photos = listing.photoCount ?? listing.imageUrls.length;
  return (
    <Card className="gap-4" data-testid="shop-facts">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("shop.detail.facts")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label={t("shop.col.price")} testId="fact-price">
            {listing.priceMinor === null ? none : formatPrice(listing.priceMinor, listing.currency, language)}
          </Fact>
          <Fact label={t("shop.fact.quantity")} testId="fact-quantity">
            {listing.quantity ?? none}
          </Fact>
          <Fact label={t("shop.fact.sku")} testId="fact-sku">
            {listing.sku ?? none}
          </Fact>
          <Fact label={t("shop.col.photos")} testId="fact-photos">
            {photos}
          </Fact>
          <div className="sm:col-span-2">
            <Fact label={t("shop.fact.materials")} testId="fact-materials">
              {listing.materials.length === 0 ? (
                none
              ) : (
                <ul className="flex flex-wrap gap-1.5">
                  {listing.materials.map((material) => (
                    <li key={material}>
                      <Badge variant="secondary" className="font-normal">
                        {material}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Fact>
          </div>
          <div className="sm:col-span-2">
            <Fact label={t("shop.fact.variations")} testId="fact-variations">
              {listing.variations.length === 0 ? (
                none
              ) : (
                <ul className="grid gap-1">
                  {listing.variations.map((variation) => (
                    <li key={variation.type}>
                      <span className="font-medium">{variation.type}:</span> {variation.values.join(", ")}
                    </li>
                  ))}
                </ul>
              )}
            </Fact>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" data-testid="shop-detail-skeleton">
      {[1, 2].map((n) => (
        <Card key={n} className="gap-4">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-4">
            {[1, 2, 3, 4].map((m) => (
              <Skeleton key={m} className="h-10 w-full" />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

type DetailData = ({ detail: ShopListingDetail; error?: undefined } | { detail?: undefined; error: unknown }) & { sales?: ListingSales };

/** The shop listing with its audit and proposal, and its sales; a decision or a fix reads it again (revalidation). */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<DetailData> {
  const [detail, sales] = await Promise.all([
    fetchShopListing(params.id).then(
      (detail) => ({ detail }),
      (error: unknown) => ({ error }),
    ),
    // The sales are an extra: without them the listing still shows.
    fetchListingSales(params.id).catch(() => undefined),
  ]);
  return { ...detail, sales };
}

/** The listing's sales over 30/90/365 days and all time, and what followed each of its changes. */
function ListingSalesCard({ sales }: { sales: ListingSales }) {
  const { t, language } = useI18n();
  return (
    <Card className="gap-4" data-testid="listing-sales">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("changes.listingTitle")}</h2>
        </CardTitle>
        {sales.lastSale && <CardDescription>{t("sales.lastSale", { date: formatDay(sales.lastSale, language) })}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <SalesPeriods periods={sales.periods} />
        {sales.effects.length > 0 && (
          <section className="grid gap-3" aria-labelledby="listing-changes-title">
            <h3 id="listing-changes-title" className="text-sm font-semibold">
              {t("changes.title")}
            </h3>
            <div className="grid gap-3 md:grid-cols-2">
              {sales.effects.map((effect) => (
                <EffectView key={effect.version} effect={effect} />
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t("changes.rule")}</p>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export function HydrateFallback() {
  return <ShopListingScreen data={null} />;
}

export default function ShopListingPage({ loaderData }: Route.ComponentProps) {
  return <ShopListingScreen data={loaderData} />;
}

function ShopListingScreen({ data }: { data: DetailData | null }) {
  const { t } = useI18n();
  const { revalidate } = useRevalidator();
  const refresh = () => void revalidate();

  function onDecided(decision: Decision) {
    toast({ title: t(decision === "accepted" ? "shop.review.acceptedToast" : "shop.review.rejectedToast"), variant: "success" });
    refresh();
  }

  const detail = data?.detail;
  const listing = detail?.listing;
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 w-fit">
      <Link to="/shop" data-testid="shop-detail-back">
        <ArrowLeftIcon aria-hidden="true" />
        {t("shop.detail.back")}
      </Link>
    </Button>
  );

  return (
    <>
      {back}
      <PageHeader
        title={listing ? listing.title.trim() || t("shop.untitled") : t("shop.detail.title")}
        description={
          detail && listing ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {listing.sku && <span>{t("shop.sku", { sku: listing.sku })}</span>}
              <span className="inline-flex items-center gap-1.5" data-testid="shop-detail-score">
                {t("shop.detail.scoreNow")}
                <GradeBadge score={detail.audit.score} grade={detail.audit.grade} className="text-foreground" />
              </span>
            </span>
          ) : undefined
        }
        actions={
          listing ? (
            <Button asChild variant="outline">
              <Link to={`/listings/${listing.id}`} data-testid="shop-detail-history">
                <HistoryIcon aria-hidden="true" />
                {t("shop.detail.history")}
              </Link>
            </Button>
          ) : undefined
        }
      />
      {data === null ? (
        <DetailSkeleton />
      ) : data.error !== undefined ? (
        <Alert variant="destructive" data-testid="shop-detail-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{data.error instanceof ApiError && data.error.code === "not-found" ? t("shop.detail.notFound") : t("shop.detail.loadFailed")}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="mt-2" onClick={refresh}>
              {t("app.tryAgain")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : detail && listing ? (
        <div className="grid gap-6">
          {detail.proposal?.status === "pending" && (
            <Card className="gap-5 border-primary/40" data-testid="shop-detail-proposal">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
                  <h2 className="text-base">{t("shop.detail.proposal")}</h2>
                </CardTitle>
                <CardDescription>{t("shop.detail.proposalHint")}</CardDescription>
                <CardAction>
                  <Button asChild variant="ghost" size="sm">
                    <Link to="/shop/review">
                      <ListChecksIcon aria-hidden="true" />
                      {t("shop.review.open")}
                    </Link>
                  </Button>
                </CardAction>
              </CardHeader>
              <CardContent className="grid gap-5">
                <ProposalCompare current={{ title: listing.title, tags: listing.tags, description: listing.description }} proposal={detail.proposal} />
                <ProposalActions listingId={listing.id} title={listing.title} onDecided={onDecided} onReload={revalidate} />
              </CardContent>
            </Card>
          )}
          <ListingFacts listing={listing} />
          {data.sales && <ListingSalesCard sales={data.sales} />}
          <ListingAudit listing={{ ...listing, audit: detail.audit }} onUpdated={refresh} />
        </div>
      ) : null}
    </>
  );
}
