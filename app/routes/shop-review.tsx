import { AlertCircleIcon, ArrowLeftIcon, CheckCheckIcon, CheckCircle2Icon, DownloadIcon, HistoryIcon, InboxIcon, XCircleIcon } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { PageHeader } from "~/components/page-header";
import { ProposalActions, type Decision } from "~/components/shop/proposal-actions";
import { ProposalCompare, type ListingText } from "~/components/shop/proposal-compare";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { downloadShopExport, failureError, type Fetched, type ShopActionResult, type ShopListingDetail } from "~/lib/api/shop";
import { assertSameOrigin, requireUser } from "~/lib/session.server";
import { loadPendingProposals, shopAction } from "~/lib/shop.server";
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

function ReviewCard({ detail, onDecided, hold }: { detail: ShopListingDetail; onDecided: (decision: Decision) => void; hold: (held: boolean) => void }) {
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
        <ProposalActions listingId={listing.id} title={title} onDecided={onDecided} hold={hold} />
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

/** On the server (decision 0045): every proposal waiting for review, with its listing, so the first HTML already shows them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return loadPendingProposals(context);
}

/** Accept or reject one proposal, or all of those shown; the loader reads the proposals again after each. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  return shopAction(context, await request.formData());
}

export default function ShopReview({ loaderData }: Route.ComponentProps) {
  return <ReviewScreen pending={loaderData} />;
}

function ReviewScreen({ pending }: { pending: Fetched<ShopListingDetail[]> }) {
  const { t } = useI18n();
  const location = useLocation();
  const bulk = useFetcher<ShopActionResult>();
  const [decided, setDecided] = useState<Decided[]>([]);
  const [confirm, setConfirm] = useState<"accept" | "reject" | null>(null);
  // The proposals shown when Accept all / Reject all was confirmed: their text is what was decided.
  const [submitted, setSubmitted] = useState<ShopListingDetail[]>([]);
  const bulkBusy = bulk.state !== "idle";

  // Cards whose decision is on its way stay where they were until its answer is read.
  const [held, setHeld] = useState<Record<string, { detail: ShopListingDetail; at: number }>>({});
  const decidedIds = new Set(decided.map((d) => d.listingId));
  const listed = [...(pending.data ?? [])];
  for (const { detail, at } of Object.values(held).sort((a, b) => a.at - b.at)) {
    if (!listed.some((d) => d.listing.id === detail.listing.id)) listed.splice(Math.min(at, listed.length), 0, detail);
  }
  const waiting = listed.filter((d) => d.proposal && !decidedIds.has(d.listing.id));
  const holdCard = (detail: ShopListingDetail) => (on: boolean) =>
    setHeld((current) => {
      const next = { ...current };
      if (on) next[detail.listing.id] = { detail, at: waiting.findIndex((d) => d.listing.id === detail.listing.id) };
      else delete next[detail.listing.id];
      return next;
    });
  const accepted = decided.filter((d) => d.decision === "accepted");
  const rejectedCount = decided.length - accepted.length;

  function record(detail: ShopListingDetail, decision: Decision) {
    const proposal = detail.proposal!;
    const text =
      decision === "accepted"
        ? { title: proposal.title, tags: proposal.tags, description: proposal.description }
        : { title: detail.listing.title, tags: detail.listing.tags, description: detail.listing.description };
    setDecided((current) => [...current.filter((d) => d.listingId !== detail.listing.id), { listingId: detail.listing.id, sku: detail.listing.sku, decision, text }]);
  }

  /** One proposal decided by its card's form (the action has run and the loader read the list again). */
  function onDecided(detail: ShopListingDetail, decision: Decision) {
    record(detail, decision);
    toast({ title: t(decision === "accepted" ? "shop.review.acceptedToast" : "shop.review.rejectedToast"), variant: "success" });
  }

  /** Accept all / Reject all: exactly the proposals shown, by the route's action. */
  function decideAll(kind: "accept" | "reject") {
    setSubmitted(waiting);
    const form = new FormData();
    form.set("intent", kind === "accept" ? "accept-all" : "reject-all");
    for (const d of waiting) form.append("id", d.listing.id);
    void bulk.submit(form, { method: "post" });
  }

  // The bulk answer, once (as the action answers, while the loader reads the list again): what was
  // decided joins the list to copy; what was not (changed since, or no longer pending) stays on screen.
  const bulkAnswer = bulk.state !== "submitting" ? bulk.data : undefined;
  /** The bulk answer's outcome: which of the proposals shown were decided, and how many were left. */
  function outcomeOf(answer: NonNullable<typeof bulkAnswer>) {
    if (answer.error || !("result" in answer) || (answer.intent !== "accept-all" && answer.intent !== "reject-all")) return null;
    const decidedNow = new Set("accepted" in answer.result ? answer.result.accepted : answer.result.rejected);
    const shown = submitted.filter((d) => answer.ids.includes(d.listing.id));
    const done = shown.filter((d) => decidedNow.has(d.listing.id));
    return { kind: answer.intent === "accept-all" ? ("accept" as const) : ("reject" as const), done, left: shown.length - done.length };
  }
  const [lastBulk, setLastBulk] = useState<typeof bulkAnswer>(undefined);
  if (bulkAnswer !== lastBulk) {
    setLastBulk(bulkAnswer);
    if (bulkAnswer) {
      setConfirm(null);
      const outcome = outcomeOf(bulkAnswer);
      for (const d of outcome?.done ?? []) record(d, outcome!.kind === "accept" ? "accepted" : "rejected");
    }
  }
  const bulkToast = useEffectEvent((answer: NonNullable<typeof bulkAnswer>) => {
    if (answer.error) return toast({ title: t("shop.review.failed"), description: errorMessage(failureError(answer.error), undefined, t), variant: "destructive" });
    const outcome = outcomeOf(answer);
    if (!outcome) return;
    toast({
      title: t(outcome.kind === "accept" ? "shop.review.acceptedAll" : "shop.review.rejectedAll", { count: outcome.done.length }),
      description: outcome.left > 0 ? t("shop.review.leftOver", { count: outcome.left }) : undefined,
      variant: outcome.left > 0 ? "destructive" : "success",
    });
  });
  useEffect(() => {
    if (bulkAnswer) bulkToast(bulkAnswer);
  }, [bulkAnswer]);

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
                if (confirm) decideAll(confirm);
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

        {pending.error ? (
          <Alert variant="destructive" data-testid="review-error">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{t("shop.review.loadFailed")}</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(failureError(pending.error), undefined, t)}</p>
              <Button asChild variant="outline" size="sm" className="mt-2">
                <Link to={location.pathname + location.search} replace preventScrollReset>
                  {t("app.tryAgain")}
                </Link>
              </Button>
            </AlertDescription>
          </Alert>
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
              <ReviewCard key={detail.listing.id} detail={detail} onDecided={(decision) => onDecided(detail, decision)} hold={holdCard(detail)} />
            ))}
          </>
        )}
      </div>
    </>
  );
}
