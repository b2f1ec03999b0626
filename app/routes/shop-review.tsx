import { AlertCircleIcon, ArrowLeftIcon, CheckCheckIcon, CheckCircle2Icon, DownloadIcon, HistoryIcon, InboxIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { PageHeader } from "~/components/page-header";
import { ProposalActions, type Decision } from "~/components/shop/proposal-actions";
import { ProposalCompare, type ListingText } from "~/components/shop/proposal-compare";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { settle, type Loaded } from "~/lib/account";
import { errorMessage } from "~/lib/api";
import { decideAllProposals, downloadShopExport, fetchPendingProposals, fetchShopListing, type ShopListingDetail } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/shop-review";
import * as shopStrings from "~/lib/i18n/catalog/shop";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [shopStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "shop.review.metaTitle") }];
}

interface Decided {
  listingId: string;
  sku: string | null;
  decision: Decision;
  /** The listing's text after the decision: the proposal's when accepted. */
  text: ListingText;
}

function ExportButton({ variant = "outline" }: { variant?: "outline" | "default" }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadShopExport();
    } catch (error) {
      toast({ title: t("shop.export.failed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={variant} onClick={download} disabled={busy} data-testid="shop-export">
      <DownloadIcon aria-hidden="true" />
      {busy ? t("shop.export.downloading") : t("shop.export.download")}
    </Button>
  );
}

function ReviewCard({ detail, onDecided, onReload }: { detail: ShopListingDetail; onDecided: (decision: Decision) => void; onReload: () => Promise<unknown> }) {
  const { t } = useI18n();
  const { listing, proposal } = detail;
  if (!proposal) return null;
  const title = listing.title.trim() || t("shop.untitled");
  return (
    <Card className="gap-5" data-testid="review-card" data-id={listing.id}>
      <CardHeader>
        <CardTitle className="min-w-0 text-base leading-snug break-words">
          <h2>
            <Link to={`/shop/${listing.id}`} className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {title}
            </Link>
          </h2>
        </CardTitle>
        {listing.sku && <CardDescription>{t("shop.sku", { sku: listing.sku })}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5">
        <ProposalCompare current={{ title: listing.title, tags: listing.tags, description: listing.description }} proposal={proposal} />
        <ProposalActions listingId={listing.id} title={title} onDecided={onDecided} onReload={onReload} />
      </CardContent>
    </Card>
  );
}

/** An accepted listing's new parts, each with its copy button, to paste into Etsy. */
function AcceptedCard({ item }: { item: Decided }) {
  const { t } = useI18n();
  const parts = [
    { key: "title", label: t("shop.compare.title"), text: item.text.title, shown: item.text.title },
    { key: "tags", label: t("shop.compare.tagsPlain"), text: item.text.tags.join(", "), shown: item.text.tags.join(", ") },
    { key: "description", label: t("shop.compare.description"), text: item.text.description, shown: item.text.description },
  ];
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="accepted-item" data-id={item.listingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="font-medium break-words" data-testid="accepted-title">
            {item.text.title || t("shop.untitled")}
          </p>
          {item.sku && <span className="text-xs text-muted-foreground">{t("shop.sku", { sku: item.sku })}</span>}
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={`/listings/${item.listingId}`}>
            <HistoryIcon aria-hidden="true" />
            {t("shop.detail.history")}
          </Link>
        </Button>
      </div>
      <dl className="grid gap-2">
        {parts.map((part) => (
          <div key={part.key} className="flex items-start gap-3">
            <CopyButton text={part.text} label={t("shop.review.copy", { part: part.label })} />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <dt className="text-xs text-muted-foreground">{part.label}</dt>
              <dd className="line-clamp-2 text-sm break-words">{part.shown}</dd>
            </div>
          </div>
        ))}
      </dl>
    </li>
  );
}

function ReviewSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" data-testid="review-skeleton">
      {[1, 2].map((n) => (
        <Card key={n} className="gap-4">
          <CardHeader>
            <Skeleton className="h-5 w-2/3" />
          </CardHeader>
          <CardContent className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Every proposal waiting for review, with its listing. */
export async function clientLoader(): Promise<Loaded<ShopListingDetail[]>> {
  return settle(fetchPendingProposals());
}

/** The screen's skeleton while the browser's first load runs. */
export function HydrateFallback() {
  return <ReviewScreen pending={null} />;
}

export default function ShopReview({ loaderData }: Route.ComponentProps) {
  return <ReviewScreen pending={loaderData} />;
}

function ReviewScreen({ pending }: { pending: Loaded<ShopListingDetail[]> | null }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [decided, setDecided] = useState<Decided[]>([]);
  const [confirm, setConfirm] = useState<"accept" | "reject" | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  // A listing read again after a 409, shown until the loader's next read (of this very answer) replaces it.
  const [reread, setReread] = useState<{ base: Loaded<ShopListingDetail[]> | null; byId: Record<string, ShopListingDetail> }>({ base: null, byId: {} });

  const decidedIds = new Set(decided.map((d) => d.listingId));
  const fresh = reread.base === pending ? reread.byId : {};
  const waiting = (pending?.data ?? []).flatMap((d) => {
    const now = fresh[d.listing.id];
    if (now) return now.proposal?.status === "pending" && !decidedIds.has(d.listing.id) ? [now] : [];
    return d.proposal && !decidedIds.has(d.listing.id) ? [d] : [];
  });
  const accepted = decided.filter((d) => d.decision === "accepted");
  const rejectedCount = decided.length - accepted.length;

  /** The pending list (and every other loader of the page) is read again. */
  const afterChange = () => void revalidator.revalidate();

  function record(detail: ShopListingDetail, decision: Decision) {
    const proposal = detail.proposal!;
    const text =
      decision === "accepted"
        ? { title: proposal.title, tags: proposal.tags, description: proposal.description }
        : { title: detail.listing.title, tags: detail.listing.tags, description: detail.listing.description };
    setDecided((current) => [...current.filter((d) => d.listingId !== detail.listing.id), { listingId: detail.listing.id, sku: detail.listing.sku, decision, text }]);
  }

  function onDecided(detail: ShopListingDetail, decision: Decision) {
    record(detail, decision);
    afterChange();
    toast({ title: t(decision === "accepted" ? "shop.review.acceptedToast" : "shop.review.rejectedToast"), variant: "success" });
  }

  /** After a 409: the listing as it is now, with its proposal if one still waits. */
  async function reloadOne(id: string) {
    const detail = await fetchShopListing(id);
    setReread((current) => ({ base: pending, byId: { ...(current.base === pending ? current.byId : {}), [id]: detail } }));
    afterChange();
  }

  async function decideAll(kind: "accept" | "reject") {
    const shown = waiting;
    setBulkBusy(true);
    try {
      const ids = shown.map((d) => d.listing.id);
      const result = kind === "accept" ? await decideAllProposals("accept", ids) : await decideAllProposals("reject", ids);
      const decidedNow = new Set("accepted" in result ? result.accepted : result.rejected);
      const done = shown.filter((d) => decidedNow.has(d.listing.id));
      for (const d of done) record(d, kind === "accept" ? "accepted" : "rejected");
      // What was not decided (changed since, or no longer pending) is read again and stays on screen.
      afterChange();
      const left = shown.length - done.length;
      toast({
        title: t(kind === "accept" ? "shop.review.acceptedAll" : "shop.review.rejectedAll", { count: done.length }),
        description: left > 0 ? t("shop.review.leftOver", { count: left }) : undefined,
        variant: left > 0 ? "destructive" : "success",
      });
    } catch (error) {
      toast({ title: t("shop.review.failed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setBulkBusy(false);
      setConfirm(null);
    }
  }

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2 w-fit">
        <Link to="/shop">
          <ArrowLeftIcon aria-hidden="true" />
          {t("shop.detail.back")}
        </Link>
      </Button>
      <PageHeader
        title={t("shop.review.title")}
        description={t("shop.review.description")}
        actions={
          waiting.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setConfirm("accept")} disabled={bulkBusy} data-testid="accept-all">
                <CheckCheckIcon aria-hidden="true" />
                {t("shop.review.acceptAll")}
              </Button>
              <Button variant="outline" onClick={() => setConfirm("reject")} disabled={bulkBusy} data-testid="reject-all">
                <XCircleIcon aria-hidden="true" />
                {t("shop.review.rejectAll")}
              </Button>
            </div>
          ) : undefined
        }
      />

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && !bulkBusy && setConfirm(null)}>
        <AlertDialogContent data-testid="confirm-all">
          <AlertDialogHeader>
            <AlertDialogTitle>{t(confirm === "reject" ? "shop.review.confirmRejectTitle" : "shop.review.confirmAcceptTitle", { count: waiting.length })}</AlertDialogTitle>
            <AlertDialogDescription>{t(confirm === "reject" ? "shop.review.confirmRejectBody" : "shop.review.confirmAcceptBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={bulkBusy}>{t("shop.review.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                if (confirm) void decideAll(confirm);
              }}
              disabled={bulkBusy}
              data-testid="confirm-all-action"
            >
              {t(confirm === "reject" ? "shop.review.rejectAll" : "shop.review.acceptAll")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <div className="grid gap-6">
        {accepted.length > 0 && (
          <Card className="gap-4" data-testid="accepted-list">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
                <h2 className="text-base">{t("shop.review.doneTitle", { count: accepted.length })}</h2>
              </CardTitle>
              <CardDescription>{t("shop.review.doneBody")}</CardDescription>
              <CardAction>
                <ExportButton variant="default" />
              </CardAction>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3">
                {accepted.map((item) => (
                  <AcceptedCard key={item.listingId} item={item} />
                ))}
              </ul>
            </CardContent>
          </Card>
        )}

        {pending?.error !== undefined ? (
          <Alert variant="destructive" data-testid="review-error">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{t("shop.review.loadFailed")}</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(pending?.error, undefined, t)}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={afterChange}>
                {t("app.tryAgain")}
              </Button>
            </AlertDescription>
          </Alert>
        ) : !pending?.data ? (
          <ReviewSkeleton />
        ) : waiting.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center" data-testid="review-empty">
            <div className="flex size-14 items-center justify-center rounded-full bg-muted">
              <InboxIcon className="size-7 text-muted-foreground" aria-hidden="true" />
            </div>
            <h2 className="text-lg font-semibold">{decided.length > 0 ? t("shop.review.allDone") : t("shop.review.emptyTitle")}</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              {decided.length > 0 ? t("shop.review.allDoneBody", { accepted: accepted.length, rejected: rejectedCount }) : t("shop.review.emptyBody")}
            </p>
            <div className="mt-2 flex flex-wrap justify-center gap-2">
              <Button asChild variant={decided.length > 0 ? "outline" : "default"}>
                <Link to="/shop">{t("shop.review.toShop")}</Link>
              </Button>
              {accepted.length === 0 && <ExportButton />}
            </div>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="review-count">
              {t(waiting.length === 1 ? "shop.review.waitingOne" : "shop.review.waiting", { count: waiting.length })}
            </p>
            {waiting.map((detail) => (
              <ReviewCard key={detail.listing.id} detail={detail} onDecided={(decision) => onDecided(detail, decision)} onReload={() => reloadOne(detail.listing.id)} />
            ))}
          </>
        )}
      </div>
    </>
  );
}
