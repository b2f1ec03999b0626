import { AlertCircleIcon, ArrowLeftIcon, HistoryIcon, ListChecksIcon, SparklesIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ListingAudit } from "~/components/audit/listing-audit";
import { PageHeader } from "~/components/page-header";
import { GradeBadge } from "~/components/shop/grade-badge";
import { ProposalActions, type Decision } from "~/components/shop/proposal-actions";
import { ProposalCompare } from "~/components/shop/proposal-compare";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { formatPrice, type ListingSales, type ShopListingDetail, type ShopProposal } from "~/lib/api/shop";
import { assertSameOrigin, requireUser } from "~/lib/session.server";
import { loadShopListing, shopAction } from "~/lib/shop.server";
import { EffectView, SalesPeriods, formatDay } from "~/components/shop/sales";
import { useI18n } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/shop-listing";
import * as shopStrings from "~/lib/i18n/catalog/shop";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as salesStrings from "~/lib/i18n/catalog/shop-sales";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [shopStrings, auditStrings, salesStrings] } satisfies I18nHandle;

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

/**
 * On the server (decision 0045): the shop listing with its audit and proposal, and its sales, so the
 * first HTML already shows it. A listing that does not exist or is another seller's is a 404
 * (thrown: the ErrorBoundary below says so); a decision or a fix reads it again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context);
  return loadShopListing(context, params.id);
}

/** Accept or reject the listing's proposal; the loader reads the listing again after it. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  return shopAction(context, await request.formData());
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

function BackToShop() {
  const { t } = useI18n();
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 w-fit">
      <Link to="/shop" data-testid="shop-detail-back">
        <ArrowLeftIcon aria-hidden="true" />
        {t("shop.detail.back")}
      </Link>
    </Button>
  );
}

/** The listing's loader failed: not in the seller's shop (404, also another seller's listing), or another failure. */
export function ErrorBoundary() {
  const { t } = useI18n();
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <BackToShop />
      <PageHeader title={t("shop.detail.title")} />
      <Alert variant="destructive" data-testid="shop-detail-error">
        <AlertCircleIcon aria-hidden="true" />
        <AlertTitle>{notFound ? t("shop.detail.notFound") : t("shop.detail.loadFailed")}</AlertTitle>
        {!notFound && (
          <AlertDescription>
            <Button asChild variant="outline" size="sm" className="mt-2">
              <Link to={location.pathname + location.search} replace>
                {t("app.tryAgain")}
              </Link>
            </Button>
          </AlertDescription>
        )}
      </Alert>
    </>
  );
}

export default function ShopListingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();

  function onDecided(decision: Decision) {
    toast({ title: t(decision === "accepted" ? "shop.review.acceptedToast" : "shop.review.rejectedToast"), variant: "success" });
  }

  const { detail, sales } = loaderData;
  const listing = detail.listing;
  // The proposal stays on screen from Accept/Reject until its answer is read (the loader that runs after the action drops it).
  const [held, setHeld] = useState<ShopProposal | null>(null);
  const proposal = detail.proposal?.status === "pending" ? detail.proposal : held;

  return (
    <>
      <BackToShop />
      <PageHeader
        title={listing.title.trim() || t("shop.untitled")}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {listing.sku && <span>{t("shop.sku", { sku: listing.sku })}</span>}
            <span className="inline-flex items-center gap-1.5" data-testid="shop-detail-score">
              {t("shop.detail.scoreNow")}
              <GradeBadge score={detail.audit.score} grade={detail.audit.grade} className="text-foreground" />
            </span>
          </span>
        }
        actions={
          <Button asChild variant="outline">
            <Link to={`/listings/${listing.id}`} data-testid="shop-detail-history">
              <HistoryIcon aria-hidden="true" />
              {t("shop.detail.history")}
            </Link>
          </Button>
        }
      />
      {
        <div className="grid gap-6">
          {proposal && (
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
                <ProposalCompare current={{ title: listing.title, tags: listing.tags, description: listing.description }} proposal={proposal} />
                <ProposalActions listingId={listing.id} title={listing.title} onDecided={onDecided} hold={(on) => setHeld(on ? proposal : null)} />
              </CardContent>
            </Card>
          )}
          <ListingFacts listing={listing} />
          {sales && <ListingSalesCard sales={sales} />}
          {/* A fix is the listing route's action: this screen's loader reads the listing again after it. */}
          <ListingAudit listing={{ ...listing, audit: detail.audit }} />
        </div>
      }
    </>
  );
}
