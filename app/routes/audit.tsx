import { ClipboardCheckIcon, EraserIcon, SaveIcon } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState, useSyncExternalStore } from "react";
import { Form as RouterForm, data, redirect, useNavigation } from "react-router";
import type { ListingDetail } from "../../schema/api/listings";
import { PLATFORM_LIMITS } from "../../schema/api/listings";
import { applyFix, auditListing, type AuditFinding, type AuditInput } from "../../shared/audit";
import { AuditReportView } from "~/components/audit/audit-report";
import { PageHeader } from "~/components/page-header";
import { PlatformSelect } from "~/components/platform-select";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { ApiError, errorMessage } from "~/lib/api";
import { EMPTY_AUDIT_FORM, auditFormOf, hasAuditContent, parseTags, saveListingBody, toAuditInput, type AuditForm } from "~/lib/audit-form";
import { assertSameOrigin, callApi, formText, requireUser } from "~/lib/session.server";
import { useT } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/audit";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as listingsStrings from "~/lib/i18n/catalog/listings";
import { useOncePer } from "~/lib/use-once-per";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [auditStrings, listingsStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "audit.metaTitle") }];
}

type Form = AuditForm;
const EMPTY = EMPTY_AUDIT_FORM;

/** A listing with the usual problems, to see what the report looks like. */
const SAMPLE: Form = {
  ...EMPTY,
  title: "HANDMADE Silver Leaf Necklace & Pendant & Chain: Gift: Her",
  tags: "necklace, -silver leaf, gift for her, Gift For Her, a handmade sterling silver necklace",
  description:
    "This silver leaf necklace is handmade from recycled sterling silver. The pendant measures 2 cm on a 45 cm chain. Polish it with a soft cloth to care for it and store it dry so it stays bright for years of everyday wear.",
  photoCount: "3",
  keyword: "silver leaf necklace",
};

const toInput = toAuditInput;

/** What the action answers the form: the fields it read (the report of a plain post), or why the save failed. */
type AuditAnswer = { ok: true; intent: "check"; fields: Form } | { ok: false; intent: string; fields: Form | null; status: number; error: { code: string; message: string; [key: string]: unknown } };

function refused(intent: string, fields: Form | null, message: string, field?: string) {
  return data<AuditAnswer>({ ok: false, intent, fields, status: 400, error: { code: "validation-failed", message, ...(field ? { field } : {}) } }, { status: 400 });
}

/**
 * The form's two buttons as a plain post (decision 0054). `check` answers the fields back, so the
 * page audits them on the server (the Listing Doctor is shared code) before any JavaScript runs; once
 * hydrated the report is live and this button is not shown. `save` writes the listing through
 * POST /api/save-listing in process and opens it; a refusal answers the API's code and message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const fields = auditFormOf(form);
  if (intent === "check") return data<AuditAnswer>({ ok: true, intent, fields });
  if (intent !== "save") return refused(intent, null, "Unknown action for Audit a Listing.", "intent");
  if (!hasAuditContent(fields)) return refused(intent, fields, "Write a title or a description before saving the listing.", "title");
  const result = await callApi<{ data: { listing: ListingDetail } }>(context, "/save-listing", { body: saveListingBody(fields) });
  if (!result.ok) return data<AuditAnswer>({ ok: false, intent, fields, status: result.status, error: result.error }, { status: result.status });
  return redirect(`/listings/${encodeURIComponent(result.data.data.listing.id)}`);
}

/** A fix's patch written back into the form's fields. */
function patchForm(form: Form, input: AuditInput, finding: AuditFinding): Form {
  const next = applyFix(input, finding.fix!);
  return {
    ...form,
    title: next.title,
    description: next.description,
    tags: finding.fix!.patch.tags ? (next.tags ?? []).join(", ") : form.tags,
    altTexts: finding.fix!.patch.altTexts ? (next.altTexts ?? []).join("\n") : form.altTexts,
    bullets: finding.fix!.patch.bullets ? (next.bullets ?? []).join("\n") : form.bullets,
    searchTerms: next.searchTerms ?? form.searchTerms,
  };
}

const noChanges = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

export default function AuditListing({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const ids = {
    platform: useId(),
    title: useId(),
    tags: useId(),
    description: useId(),
    photos: useId(),
    alts: useId(),
    bullets: useId(),
    terms: useId(),
    specifics: useId(),
    keyword: useId(),
    digital: useId(),
  };
  // After a plain post (no JavaScript yet) the page comes back with the fields it sent.
  const [form, setForm] = useState<Form>(() => actionData?.fields ?? EMPTY);
  // False in the server's HTML (Save works as a plain post there), true once the browser runs the screen.
  const hydrated = useSyncExternalStore(noChanges, isBrowser, isServer);
  const deferred = useDeferredValue(form);
  const input = useMemo(() => toInput(deferred), [deferred]);
  const report = useMemo(() => auditListing(input), [input]);
  const hasContent = hasAuditContent(deferred);
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const saving = navigation.state !== "idle" && navigation.formAction === "/audit" && navigation.formData?.get("intent") === "save";
  const saveFailure = !saving && actionData && !actionData.ok && actionData.intent === "save" ? actionData : null;
  const failureText = saveFailure ? errorMessage(new ApiError(saveFailure.error.message, saveFailure.status, saveFailure.error), undefined, t) : null;

  // The save answered a redirect to the saved listing (the action's answer is a navigation now).
  const savedTo = navigation.state === "loading" && navigation.formAction === "/audit" && navigation.location.pathname.startsWith("/listings/");
  // Each said once: per navigation to the saved listing, per refused save.
  useOncePer(savedTo ? navigation.location : null, () => toast({ title: t("audit.saved"), variant: "success" }));
  useOncePer(saveFailure, () => {
    if (failureText) toast({ title: t("audit.saveFailed"), description: failureText, variant: "destructive" });
  });

  const onFix = (finding: AuditFinding) => {
    if (!finding.fix) return;
    const current = toInput(form);
    const before = auditListing(current).score;
    const next = patchForm(form, current, finding);
    setForm(next);
    toast({ title: t("audit.report.fixed", { from: before, to: auditListing(toInput(next)).score }), variant: "success" });
  };

  const tagCount = parseTags(form.tags).length;
  const termBytes = new TextEncoder().encode(form.searchTerms.replace(/\s+/g, " ").trim()).length;

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <RouterForm method="post" replace noValidate data-testid="audit-form">
          <Card>
            <CardHeader>
              <CardTitle>{t("audit.form.title")}</CardTitle>
              <CardDescription>{t("audit.form.subtitle")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-2">
                <Label htmlFor={ids.platform}>{t("audit.form.platform")}</Label>
                <input type="hidden" name="digital" value={form.digital ? "true" : ""} />
                <PlatformSelect id={ids.platform} name="platform" value={form.platform} onChange={set("platform")} className="w-full sm:w-56" testId="audit-platform" />
              </div>
              <div className="grid gap-2">
                <div className="flex items-baseline justify-between gap-2">
                  <Label htmlFor={ids.title}>{t("audit.form.listingTitle")}</Label>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {form.title.length} / {PLATFORM_LIMITS[form.platform].titleMax}
                  </span>
                </div>
                <Input id={ids.title} value={form.title} onChange={(e) => set("title")(e.target.value)} autoComplete="off" name="title" data-testid="audit-title" />
              </div>
              {form.platform === "etsy" && (
                <div className="grid gap-2">
                  <div className="flex items-baseline justify-between gap-2">
                    <Label htmlFor={ids.tags}>{t("audit.form.tags")}</Label>
                    <span className="text-xs text-muted-foreground tabular-nums">{t("audit.form.tagCount", { count: tagCount, max: PLATFORM_LIMITS.etsy.tagCount })}</span>
                  </div>
                  <Input id={ids.tags} value={form.tags} onChange={(e) => set("tags")(e.target.value)} autoComplete="off" aria-describedby={`${ids.tags}-hint`} name="tags" data-testid="audit-tags" />
                  <p id={`${ids.tags}-hint`} className="text-xs text-muted-foreground">
                    {t("audit.form.tagsHint")}
                  </p>
                </div>
              )}
              <div className="grid gap-2">
                <Label htmlFor={ids.description}>{t("audit.form.description")}</Label>
                <Textarea id={ids.description} value={form.description} onChange={(e) => set("description")(e.target.value)} rows={7} name="description" data-testid="audit-description" />
              </div>
              {form.platform === "amazon" && (
                <>
                  <div className="grid gap-2">
                    <Label htmlFor={ids.bullets}>{t("audit.form.bullets")}</Label>
                    <Textarea
                      id={ids.bullets}
                      value={form.bullets}
                      onChange={(e) => set("bullets")(e.target.value)}
                      rows={5}
                      aria-describedby={`${ids.bullets}-hint`}
                      name="bullets"
                      data-testid="audit-bullets"
                    />
                    <p id={`${ids.bullets}-hint`} className="text-xs text-muted-foreground">
                      {t("audit.form.bulletsHint")}
                    </p>
                  </div>
                  <div className="grid gap-2">
                    <div className="flex items-baseline justify-between gap-2">
                      <Label htmlFor={ids.terms}>{t("audit.form.searchTerms")}</Label>
                      <span className="text-xs text-muted-foreground tabular-nums">{t("audit.form.bytes", { count: termBytes, max: PLATFORM_LIMITS.amazon.searchTermsMaxBytes })}</span>
                    </div>
                    <Input id={ids.terms} value={form.searchTerms} onChange={(e) => set("searchTerms")(e.target.value)} autoComplete="off" name="searchTerms" data-testid="audit-search-terms" />
                  </div>
                </>
              )}
              {form.platform === "ebay" && (
                <div className="grid gap-2">
                  <Label htmlFor={ids.specifics}>{t("audit.form.itemSpecifics")}</Label>
                  <Textarea
                    id={ids.specifics}
                    value={form.itemSpecifics}
                    onChange={(e) => set("itemSpecifics")(e.target.value)}
                    rows={4}
                    aria-describedby={`${ids.specifics}-hint`}
                    name="itemSpecifics"
                    data-testid="audit-item-specifics"
                  />
                  <p id={`${ids.specifics}-hint`} className="text-xs text-muted-foreground">
                    {t("audit.form.itemSpecificsHint")}
                  </p>
                </div>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={ids.photos}>{t("audit.form.photoCount")}</Label>
                  <Input
                    id={ids.photos}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={100}
                    value={form.photoCount}
                    onChange={(e) => set("photoCount")(e.target.value)}
                    aria-describedby={`${ids.photos}-hint`}
                    name="photoCount"
                    data-testid="audit-photo-count"
                  />
                  <p id={`${ids.photos}-hint`} className="text-xs text-muted-foreground">
                    {t("audit.form.photoCountHint")}
                  </p>
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor={ids.keyword}>{t("audit.form.keywords")}</Label>
                  <Input
                    id={ids.keyword}
                    value={form.keyword}
                    onChange={(e) => set("keyword")(e.target.value)}
                    autoComplete="off"
                    aria-describedby={`${ids.keyword}-hint`}
                    name="keyword"
                    data-testid="audit-keyword"
                  />
                  <p id={`${ids.keyword}-hint`} className="text-xs text-muted-foreground">
                    {t("audit.form.keywordsHint")}
                  </p>
                </div>
              </div>
              {form.platform === "etsy" && (
                <div className="grid gap-2">
                  <Label htmlFor={ids.alts}>{t("audit.form.altTexts")}</Label>
                  <Textarea
                    id={ids.alts}
                    value={form.altTexts}
                    onChange={(e) => set("altTexts")(e.target.value)}
                    rows={3}
                    aria-describedby={`${ids.alts}-hint`}
                    name="altTexts"
                    data-testid="audit-alt-texts"
                  />
                  <p id={`${ids.alts}-hint`} className="text-xs text-muted-foreground">
                    {t("audit.form.altTextsHint")}
                  </p>
                </div>
              )}
              <div className="flex items-center gap-2">
                <Checkbox id={ids.digital} checked={form.digital} onCheckedChange={(v) => set("digital")(v === true)} />
                <Label htmlFor={ids.digital} className="font-normal">
                  {t("audit.form.digital")}
                </Label>
              </div>
            </CardContent>
            <CardFooter className="flex flex-wrap gap-2 border-t [.border-t]:pt-6">
              <Button type="submit" name="intent" value="save" disabled={(hydrated && !hasContent) || saving} aria-busy={saving || undefined} data-testid="audit-save">
                <SaveIcon aria-hidden="true" />
                {saving ? t("audit.saving") : t("audit.save")}
              </Button>
              {/* Without JavaScript the report is not live: this button posts the fields and the page comes back audited. */}
              <noscript>
                <Button type="submit" name="intent" value="check" variant="outline">
                  <ClipboardCheckIcon aria-hidden="true" />
                  {t("audit.check")}
                </Button>
              </noscript>
              <Button type="button" variant="outline" onClick={() => setForm({ ...SAMPLE, platform: form.platform })}>
                <ClipboardCheckIcon aria-hidden="true" />
                {t("audit.sample")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setForm({ ...EMPTY, platform: form.platform })}>
                <EraserIcon aria-hidden="true" />
                {t("audit.clear")}
              </Button>
              {failureText && (
                <Alert variant="destructive" className="basis-full" data-testid="audit-save-error">
                  <AlertTitle>{t("audit.saveFailed")}</AlertTitle>
                  <AlertDescription>{failureText}</AlertDescription>
                </Alert>
              )}
            </CardFooter>
          </Card>
        </RouterForm>
        <Card className="lg:sticky lg:top-4">
          <CardContent>
            {hasContent ? (
              <AuditReportView report={report} onFix={onFix} live />
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="audit-empty">
                {t("audit.empty")}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
