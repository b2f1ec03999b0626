import { AlertCircleIcon, ArrowLeftIcon, CalendarIcon, CheckCircle2Icon, PencilIcon, Trash2Icon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { isRouteErrorResponse, Link, useActionData, useNavigate, useParams, useRevalidator, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { CharCounter } from "~/components/listings/char-counter";
import { DeleteConfirmPanel, DeleteListingDialog } from "~/components/listings/delete-listing-dialog";
import { ExportMenu } from "~/components/listings/export-menu";
import { ListingEditor, type FieldErrors } from "~/components/listings/listing-editor";
import { FactList } from "~/components/listings/fact-list";
import { ListingHistory, RestoreConfirmPanel } from "~/components/listings/listing-history";
import { sellerLimits } from "../../schema/api/listings";
import { VersionConflictDialog, VersionConflictPanel } from "~/components/listings/version-conflict-dialog";
import { LISTING_LIMITS, conflictListing, type ListingChanges, type ListingDetail, type RuleReport as Report } from "~/lib/api/listings";
import { listingOf, useListingAction, type ListingActionAnswer } from "~/lib/listing-actions";
import { listingAction, loadListing, type DetailData } from "~/lib/listings.server";
import { formatDate } from "~/components/listings/relative-time";
import { RuleReport } from "~/components/listings/rule-report";
import { ListingAudit } from "~/components/audit/listing-audit";
import { PlatformPartsView, hasTags } from "~/components/audit/platform-parts";
import { PlainDescription, toPlainDescription } from "~/components/listings/plain-description";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { ApiError } from "~/lib/api";
import { useI18n } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/listing-detail";
import * as listingsStrings from "~/lib/i18n/catalog/listings";
import * as listingVersionsStrings from "~/lib/i18n/catalog/listing-versions";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as salesStrings from "~/lib/i18n/catalog/shop-sales";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [listingsStrings, listingVersionsStrings, auditStrings, salesStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "detail.metaTitle") }];
}

function Section({ title, copyText, meta, children, testId, id }: { title: string; copyText?: string; meta?: ReactNode; children: ReactNode; testId: string; id?: string }) {
  const { t } = useI18n();
  return (
    <Card className="gap-4" data-testid={testId} id={id}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <h2>{title}</h2>
          {meta}
        </CardTitle>
        {copyText !== undefined && (
          <CardAction>
            <CopyButton text={copyText} label={t("detail.copySection", { section: title })} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ErrorState({ message, status, retry }: { message: string; status?: number; retry?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Alert variant="destructive" data-testid="detail-error" data-status={status}>
      <AlertCircleIcon aria-hidden="true" />
      <AlertTitle>{message}</AlertTitle>
      <AlertDescription>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/listings">{t("detail.returnToListings")}</Link>
          </Button>
          {retry}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The loader's thrown answer (decision 0042), in the SPEC's words inside the shell: a listing that does
 * not exist or is another seller's is 'Listing not found' (HTTP 404); any other failure 'Failed to load
 * listing details', with Try again. Both come with 'Return to Listings'.
 */
export function ErrorBoundary() {
  const { t } = useI18n();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const retry =
    status === 404 ? undefined : (
      <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        {t("app.tryAgain")}
      </Button>
    );
  return (
    <div className="grid gap-6">
      <PageHeader title={t("detail.title")} />
      <ErrorState message={status === 404 ? t("detail.notFound") : t("detail.loadFailed")} status={status} retry={retry} />
    </div>
  );
}

/**
 * The listing, its versions and a shop listing's sales, read at the edge as the session's user
 * (decision 0041): the first HTML holds the listing. Another seller's listing, or none: 404.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadListing(request, context, params.id);
}

/** Edit, fix, "Facts we used", restore and delete: each write is this action; the loader reads again after it. */
export function action({ request, context, params }: Route.ActionArgs) {
  return listingAction(request, context, params.id);
}

/**
 * After a write the listing is read again; after a conflict (409) too, so the screen shows it as it is
 * now. Not after its delete: the screen goes back to My Listings.
 */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete") return false;
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** The editor's form, which the conflict panel's Overwrite posts without JavaScript. */
const EDITOR_FORM = "listing-editor-form";

export default function ListingDetailPage({ loaderData }: Route.ComponentProps) {
  return <ListingDetailScreen data={loaderData} />;
}

function ListingDetailScreen({ data }: { data: DetailData }) {
  const { t, language } = useI18n();
  const { id } = useParams();
  const navigate = useNavigate();
  const saver = useListingAction(id ?? "");
  // A save, restore or conflict answers the listing as it is now: shown at once, until the loader's
  // read that follows the action (revalidation) replaces it.
  const [answered, setAnswered] = useState<{ over: ListingDetail | null; listing: ListingDetail } | null>(null);
  const loaded = data.listing;
  const listing = answered && answered.over === loaded ? answered.listing : loaded;
  const show = (next: ListingDetail) => setAnswered({ over: loaded, listing: next });
  // A write posted as a document (before the page ran, decision 0068): the editor's form as posted, its refusal, a restore's refusal.
  const posted = useActionData() as ListingActionAnswer | undefined;
  const postedDraft = posted?.ok ? (posted.edit === "listing" ? posted.draft : null) : posted?.intent === "save" ? (posted.draft ?? null) : null;
  const postedRefusal = posted && !posted.ok ? posted : null;
  const postedConflict = postedRefusal?.intent === "save" && postedRefusal.error.code === "version-conflict" ? (postedRefusal.error.listing as ListingDetail | undefined) : undefined;
  const [editing, setEditing] = useState(() => !!data.editing || !!postedDraft);
  const [saving, setSaving] = useState(false);
  const [savedReport, setSavedReport] = useState<Report | null>(null);
  // Optimistic concurrency (decision 0011): the version the edit started from, and a 409's listing.
  const [baseVersion, setBaseVersion] = useState<number | null>(() => postedDraft?.version || null);
  const [conflict, setConflict] = useState<{ current: ListingDetail; changes: ListingChanges } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(() => {
    const field = postedRefusal?.intent === "save" ? postedRefusal.error.field : undefined;
    return typeof field === "string" && ["title", "description", "tags", "altTexts"].includes(field) ? { [field]: postedRefusal!.error.message } : {};
  });
  const listingPath = `/listings/${encodeURIComponent(data.listing.id)}`;

  function back() {
    // Back to where the seller came from (a filtered list keeps its filter); a direct visit goes to the list.
    const index = typeof window !== "undefined" ? (window.history.state as { idx?: number } | null)?.idx : undefined;
    if (index && index > 0) navigate(-1);
    else navigate("/listings");
  }

  function startEditing(version: number) {
    setBaseVersion(version);
    setFieldErrors({});
    setEditing(true);
  }

  async function save(changes: ListingChanges, version = baseVersion ?? listing?.version ?? 1) {
    if (!id) return;
    setSaving(true);
    try {
      const result = await saver.run("save", { ...changes, version });
      const saved = listingOf(result);
      setConflict(null);
      show(saved);
      const report = result.ruleReport ?? saved.rule_report;
      setSavedReport(report);
      setEditing(false);
      toast({ title: report?.repaired ? t("detail.savedRepaired") : t("detail.saved"), variant: "success" });
    } catch (error) {
      const current = conflictListing(error);
      if (current) {
        setConflict({ current, changes });
        return;
      }
      const field = error instanceof ApiError && error.code === "validation-failed" ? error.field : null;
      if (field) setFieldErrors({ [field]: (error as ApiError).message });
      console.error("Save failed", error);
      toast({
        title: t("detail.saveFailed"),
        description: error instanceof ApiError && error.code === "validation-failed" ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  const backButton = (
    <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={back} data-testid="detail-back">
      <ArrowLeftIcon aria-hidden="true" />
      {t("detail.back")}
    </Button>
  );

  if (!id) {
    return (
      <div className="grid gap-6">
        {backButton}
        <ErrorState message={t("detail.idMissing")} />
      </div>
    );
  }

  const report = savedReport ?? listing?.rule_report ?? null;
  const done = data.done;
  const doneText = !done ? null : "saved" in done ? t(done.saved === "repaired" ? "detail.savedRepaired" : "detail.saved") : "restored" in done ? t("history.restored", { n: done.restored }) : null;

  return (
    <div>
      <div className="mb-2">{backButton}</div>
      <PageHeader
        title={t("detail.title")}
        description={listing && !editing ? t("detail.subtitle") : undefined}
        actions={
          listing && !editing ? (
            <div className="flex flex-wrap gap-2">
              {/* Without JavaScript, Edit asks this page for the editor (?edit=1, decision 0068). */}
              <form
                method="get"
                className="contents"
                onSubmit={(event) => {
                  event.preventDefault();
                  startEditing(listing.version);
                }}
              >
                <input type="hidden" name="edit" value="1" />
                <Button type="submit" variant="outline" data-testid="edit-listing">
                  <PencilIcon aria-hidden="true" />
                  {t("detail.edit")}
                </Button>
              </form>
              <ExportMenu path={`/listings/${encodeURIComponent(listing.id)}/export`} label={t("detail.export")} fileBase="listing" />
              {/* Without JavaScript, Delete asks this page for the confirmation (?delete=1, decision 0067); with it, the dialog asks. */}
              <form method="get" className="contents" onSubmit={(event) => event.preventDefault()}>
                <input type="hidden" name="delete" value="1" />
                <DeleteListingDialog
                  id={listing.id}
                  title={listing.title}
                  onDeleted={() => {
                    navigate("/listings", { replace: true });
                  }}
                  trigger={
                    <Button type="submit" variant="outline" className="text-destructive hover:text-destructive" data-testid="delete-listing">
                      <Trash2Icon aria-hidden="true" />
                      {t("detail.delete")}
                    </Button>
                  }
                />
              </form>
            </div>
          ) : undefined
        }
      />
      {listing && !editing && data.confirmDelete && (
        <div className="mb-6">
          <DeleteConfirmPanel id={listing.id} title={listing.title.trim() || t("listings.untitled")} cancelTo={`/listings/${encodeURIComponent(listing.id)}`} />
        </div>
      )}
      {listing && !editing && data.confirmRestore && (
        <div className="mb-6">
          <RestoreConfirmPanel listing={listing} version={data.confirmRestore} cancelTo={listingPath} />
        </div>
      )}
      {doneText && !editing && !posted && (
        <Alert role="status" className="mb-6 [&>svg]:text-success" data-testid="detail-done">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>{doneText}</AlertTitle>
        </Alert>
      )}
      {postedRefusal?.intent === "restore" && (
        <Alert variant="destructive" className="mb-6" data-testid="restore-refused">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{t("history.restoreFailed")}</AlertTitle>
          {postedRefusal.error.code === "version-conflict" && <AlertDescription>{t("conflict.title")}</AlertDescription>}
        </Alert>
      )}
      {editing && postedConflict && (
        <div className="mb-6">
          <VersionConflictPanel current={postedConflict} editorForm={EDITOR_FORM} reloadTo={listingPath} />
        </div>
      )}

      {editing ? (
        <Card>
          <CardContent>
            <ListingEditor
              initial={postedDraft ?? { title: listing.title, description: listing.description, tags: listing.tags, altTexts: listing.alt_texts }}
              platform={listing.platform}
              serverErrors={fieldErrors}
              saving={saving}
              onSave={save}
              onCancel={() => {
                setEditing(false);
                // Opened from the address (?edit=1): leave it, so a reload shows the listing.
                if (data.editing) navigate(listingPath, { replace: true });
              }}
              formAction={listingPath}
              formId={EDITOR_FORM}
              version={baseVersion ?? listing.version}
            />
          </CardContent>
        </Card>
      ) : listing ? (
        <div className="grid gap-6">
          <ListingAudit listing={listing} onUpdated={show} />
          {report && <RuleReport key={savedReport ? "saved" : "loaded"} report={report} defaultOpen={!!savedReport} />}

          <Section title={t("detail.section.title")} copyText={listing.title} testId="section-title" meta={<CharCounter count={listing.title.length} max={sellerLimits(listing.platform).titleMax} />}>
            <p className="text-lg font-medium leading-snug break-words" data-testid="detail-title">
              {listing.title}
            </p>
            <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarIcon className="size-4" aria-hidden="true" />
              <time dateTime={listing.created_at}>{t("detail.created", { date: formatDate(listing.created_at, language) })}</time>
            </p>
          </Section>

          <Section title={t("detail.section.description")} copyText={toPlainDescription(listing.description)} testId="section-description">
            <PlainDescription>{listing.description}</PlainDescription>
          </Section>

          {hasTags(listing.platform) && (
            <Section
              title={t("detail.section.tags")}
              copyText={listing.tags.join(", ")}
              testId="section-tags"
              meta={<span className="text-xs font-normal tabular-nums text-muted-foreground">{t("listing.tagCount", { count: listing.tags.length, max: LISTING_LIMITS.tagCount })}</span>}
            >
              {listing.tags.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("detail.noTags")}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {listing.tags.map((tag) => (
                    <li key={tag}>
                      <Badge variant="secondary" className="py-1 text-sm font-normal">
                        {tag}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          )}

          {!hasTags(listing.platform) && (
            <Card className="gap-4" data-testid="section-platform-parts">
              <CardContent>
                <PlatformPartsView platform={listing.platform} bullets={listing.bullets ?? []} searchTerms={listing.search_terms ?? ""} itemSpecifics={listing.item_specifics ?? []} />
              </CardContent>
            </Card>
          )}

          <Section title={t("detail.section.altTexts")} copyText={listing.alt_texts.map((alt, i) => `${t("detail.image", { n: i + 1 })}: ${alt}`).join("\n")} testId="section-alt-texts">
            {listing.alt_texts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("detail.noAltTexts")}</p>
            ) : (
              <ol className="grid gap-3">
                {listing.alt_texts.map((alt, index) => (
                  <li key={`${index}-${alt}`} className="grid gap-1 rounded-md border px-3 py-2">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-xs font-medium text-muted-foreground">{t("detail.image", { n: index + 1 })}</span>
                      <div className="flex items-center gap-2">
                        <CharCounter count={alt.length} max={sellerLimits(listing.platform).altTextMax} />
                        <CopyButton text={alt} label={t("create.result.copyAlt", { n: index + 1 })} />
                      </div>
                    </div>
                    <p className="text-sm break-words">{alt}</p>
                  </li>
                ))}
              </ol>
            )}
          </Section>

          <Section title={t("detail.section.prompt")} copyText={listing.original_prompt || undefined} testId="section-prompt">
            {listing.original_prompt ? (
              <p className="text-sm whitespace-pre-wrap break-words text-muted-foreground">{listing.original_prompt}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{t("detail.noPrompt")}</p>
            )}
          </Section>

          <Section title={t("detail.section.facts")} testId="section-facts" id="facts">
            <FactList key={listing.id} listing={listing} hint={t("detail.facts.hint")} onSaved={show} startOpen={!!data.correctingFacts} posted={posted} savedNow={!!done && "factsSaved" in done} />
          </Section>

          <ListingHistory
            listing={listing}
            versions={data.versions}
            onRestored={(restored) => {
              show(restored);
              setSavedReport(null);
            }}
            onConflict={show}
            sales={data.sales}
          />
        </div>
      ) : null}

      <VersionConflictDialog
        current={conflict?.current ?? null}
        busy={saving}
        onReload={() => {
          if (conflict) show(conflict.current);
          setConflict(null);
          setEditing(false);
          setSavedReport(null);
          toast({ title: t("conflict.reloaded") });
        }}
        onOverwrite={() => {
          if (conflict) void save(conflict.changes, conflict.current.version);
        }}
      />
    </div>
  );
}
