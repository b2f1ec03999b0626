import { AlertCircleIcon, AlertTriangleIcon, CpuIcon, SparklesIcon } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { PlatformSelect } from "~/components/platform-select";
import { toSelectedKeywords } from "~/components/keywords/keyword-model";
import { listToRows } from "~/components/keywords/saved-keywords";
import { GeneratedListing } from "~/components/create/generated-listing";
import { KeywordPicker } from "~/components/create/keyword-picker";
import { PromptSuggestions } from "~/components/create/prompt-suggestions";
import { manualKeyword, useSelectedKeywords } from "~/components/create/selected-keywords";
import { useListingGenerator } from "~/components/create/use-listing-generator";
import { LISTING_LIMITS, type ListingDetail, type ListingPart, type Platform } from "~/lib/api/listings";
import { PageHeader } from "~/components/page-header";
import { UsageCard } from "~/components/usage-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";
import type { QuotaView } from "~/lib/api/quota";
import { useActionCall } from "~/lib/action-call";
import { writerOf, type CreateActionAnswer, type CreateFormEdit, type GenerateRefusal } from "~/lib/create-actions";
import { createAction, loadCreateScreen } from "~/lib/create.server";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/create";
import * as listingsStrings from "~/lib/i18n/catalog/listings";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import * as keywordListsStrings from "~/lib/i18n/catalog/keyword-lists";
import { productDescriptionError } from "~/lib/listing-validation";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [listingsStrings, auditStrings, plansStrings, keywordListsStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "create.metaTitle") }];
}

const PART_NAME: Record<ListingPart, MessageKey> = {
  title: "create.result.partTitle",
  description: "create.result.partDescription",
  tags: "create.result.partTags",
  altTexts: "create.result.partAltTexts",
  bullets: "create.result.partBullets",
  searchTerms: "create.result.partSearchTerms",
  itemSpecifics: "create.result.partItemSpecifics",
};

/**
 * On the server (decision 0049): today's listing quota and the LLM that writes listings, so the first
 * HTML shows the usage card and who writes; ?platform=ebay|amazon opens Create for that marketplace.
 * The selected keywords stay in this browser's storage (SPEC §4) and are read once hydrated; a saved
 * list sent from the SEO screen (?list=<id>, decision 0057) is read here and becomes them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCreateScreen(request, context);
}

/**
 * Create's writes (a new version of one part of the listing just generated, and Generate posted without
 * JavaScript, decision 0057); the loaders read again after each.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return createAction(request, context);
}

/** A Generate posted as a document and refused, as the screen's generator states (the stream's, SPEC §8). */
function refusalStatus(refusal: GenerateRefusal): "quota" | "unverified" | "error" | null {
  if (refusal.error.field === "description") return null;
  if (refusal.error.code === "quota-exhausted") return "quota";
  if (refusal.error.code === "email-unverified") return "unverified";
  return "error";
}

export default function CreateListing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const formId = useId();
  const descriptionId = useId();
  const countId = useId();
  const errorId = useId();
  const platformId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  // Without JavaScript (or before the page ran) Generate is a document post; refused, its answer is here.
  const answered = actionData as CreateActionAnswer | GenerateRefusal | CreateFormEdit | undefined;
  const refused = answered && "intent" in answered && answered.intent === "generate" ? answered : null;
  // The form changed itself without JavaScript (a keyword added or removed, a prompt used, decision 0062).
  const edited = answered && "intent" in answered && answered.intent === "edit" ? answered : null;
  const posted = edited ?? refused;
  // A saved list sent here (?list=<id>) is the selection the server renders, or the keywords the form
  // was posted with (edited, or refused with some); once running, the browser keeps it as its stored
  // list (the SEO screen's hand-over, SPEC §2) and the address drops ?list=.
  const postedKeywords = edited || refused?.form.keywords.length ? posted?.form.keywords : undefined;
  const sent = useMemo(() => {
    if (postedKeywords) return postedKeywords.map((keyword) => manualKeyword(keyword, 0));
    return loaderData.sentList ? toSelectedKeywords(listToRows(loaderData.sentList, [])) : null;
  }, [postedKeywords, loaderData.sentList]);
  const { keywords, known, add, remove, replace } = useSelectedKeywords(sent);
  useEffect(() => {
    if (!sent) return;
    replace(sent);
    // Only the marketplace stays in the address (the sent list's ?list=, or the ticked rows' fields, go).
    const platform = new URLSearchParams(location.search).get("platform");
    const search = platform ? new URLSearchParams({ platform }).toString() : "";
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [sent, replace, navigate, location.pathname, location.search]);
  const [description, setDescription] = useState(edited?.prompt ? t(`create.suggestions.${edited.prompt as 1 | 2 | 3 | 4 | 5}.prompt`) : (posted?.form.description ?? ""));
  const [platform, setPlatform] = useState<Platform>(posted?.form.platform ?? loaderData.platform);
  const [descriptionError, setDescriptionError] = useState<string | null>(() => {
    const problem = refused?.error.field === "description" ? productDescriptionError(refused.form.description) : null;
    return problem ? t(problem.key, problem.vars) : null;
  });
  // The selected keywords of the last generation: the result says which of them it used.
  const [generatedWith, setGeneratedWith] = useState<string[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The server records the unit and the checklist's step; the answer carries the new quota.
  const onSuccess = useCallback((_listing: ListingDetail) => toast({ title: t("create.success"), variant: "success" }), [t]);
  const regenerator = useActionCall<CreateActionAnswer>("/create");
  const sendRegenerate = regenerator.run;
  const requestPart = useCallback((listingId: string, part: ListingPart) => sendRegenerate({ intent: "regenerate", listingId, part }).then((answer) => answer.result), [sendRegenerate]);
  const { state, generate, regenerate, regenerating } = useListingGenerator({ requestPart, onSuccess });
  // The quota a generation answered (a unit spent, or the 403's) is newer than the loader's; at the
  // limit the usage card carries the one quota message and Generate is disabled.
  const quota: QuotaView | null = state.quota ? { ...state.quota, remaining: Math.max(0, state.quota.limit - state.quota.used) } : loaderData.quota;
  const quotaExhausted = quota ? quota.remaining <= 0 : false;
  const generating = state.status === "generating";
  // What the result area tells: the stream's state, or a refused post's until the next generation.
  const fromPost = state.status === "idle" && refused ? refusalStatus(refused) : null;
  const status = fromPost ?? state.status;
  const refusedQuota = refused?.error.quota as { used?: number; limit?: number; plan?: string } | undefined;
  const failedQuota = fromPost === "quota" ? { used: refusedQuota?.used ?? refusedQuota?.limit ?? 10, limit: refusedQuota?.limit ?? 10, plan: refusedQuota?.plan ?? "free" } : state.quota;
  const errorDetail = fromPost === "error" ? (typeof refused?.error.detail === "string" ? refused.error.detail : undefined) : state.errorDetail;

  function run() {
    const problem = productDescriptionError(description);
    if (problem) {
      setDescriptionError(t(problem.key, problem.vars));
      textareaRef.current?.focus();
      return;
    }
    setDescriptionError(null);
    const selected = keywords.map((k) => k.keyword?.trim()).filter((k): k is string => !!k);
    setGeneratedWith(selected);
    const keywordTexts = selected.map((k) => k.slice(0, LISTING_LIMITS.keywordMax)).slice(0, LISTING_LIMITS.keywordsMax);
    void generate({ description: description.trim(), keywords: keywordTexts, platform });
  }

  // Bring the result card into view when a generation starts (below the form on a phone).
  useEffect(() => {
    if (generating) resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [generating]);

  async function onRegenerate(part: ListingPart) {
    const result = await regenerate(part);
    if (!result) return;
    if (result.ok) toast({ title: t("create.result.regenerated", { part: t(PART_NAME[part]).toLocaleLowerCase() }), variant: "success" });
    else toast({ title: t("create.result.regenerateFailed"), description: errorMessage(result.error, undefined, t), variant: "destructive" });
  }

  // Which LLM writes listings, before the first run too (decision 0020); the answer says who did.
  const provider = state.provider ?? writerOf(loaderData.writer);
  const showResult = state.status === "generating" || state.status === "done";

  return (
    <>
      <PageHeader title={t(platform === "etsy" ? "create.title" : `create.title.${platform}`)} description={t(platform === "etsy" ? "create.description" : `create.description.${platform}`)} />
      <div className="grid gap-6">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {/* Once hydrated Generate streams the listing (the submit is the browser's); without JavaScript the
              form posts and the server writes the listing and opens it (decision 0057). */}
          <Form
            id={formId}
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              // The form's own edits are the browser's once hydrated (their buttons stop the submit); never a generation.
              if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "edit") return;
              run();
            }}
          >
            {/* The form's first submit button, so Enter in the keyword field (which belongs to this form) adds
                the keyword instead of generating when the page has not run; once hydrated the field handles Enter. */}
            <button type="submit" name="edit" value="add" hidden tabIndex={-1} aria-hidden="true" />
            <input type="hidden" name="intent" value="generate" />
            {keywords.map((k) => k.keyword?.trim() && <input key={k.id} type="hidden" name="keyword" value={k.keyword.trim()} />)}
            <Card>
              <CardHeader>
                <CardTitle>{t("create.details.title")}</CardTitle>
                <CardDescription>{t("create.details.subtitle")}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-5">
                <div className="grid gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Label htmlFor={descriptionId}>{t("create.details.label")}</Label>
                    <PromptSuggestions
                      formId={formId}
                      disabled={generating}
                      onUse={(prompt) => {
                        setDescription(prompt);
                        setDescriptionError(null);
                        requestAnimationFrame(() => textareaRef.current?.focus());
                      }}
                    />
                  </div>
                  <Textarea
                    id={descriptionId}
                    name="description"
                    ref={textareaRef}
                    value={description}
                    onChange={(e) => {
                      setDescription(e.target.value);
                      if (descriptionError && e.target.value.trim()) setDescriptionError(null);
                    }}
                    placeholder={t("create.details.placeholder")}
                    maxLength={LISTING_LIMITS.productDescriptionMax}
                    className="min-h-40 resize-y"
                    aria-invalid={descriptionError ? true : undefined}
                    aria-describedby={descriptionError ? `${errorId} ${countId}` : countId}
                    disabled={generating}
                  />
                  <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
                    {descriptionError ? (
                      <p id={errorId} role="alert" className="text-destructive">
                        {descriptionError}
                      </p>
                    ) : (
                      <span />
                    )}
                    <span id={countId} className="text-xs tabular-nums text-muted-foreground" aria-live="polite" data-testid="description-count">
                      {t("create.details.count", { count: description.length })}
                    </span>
                  </div>
                </div>

                <div className="grid gap-2 sm:max-w-xs">
                  <Label htmlFor={platformId}>{t("create.platform.label")}</Label>
                  <PlatformSelect id={platformId} name="platform" value={platform} onChange={setPlatform} disabled={generating} className="w-full" testId="platform-select" />
                </div>
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-3 border-t sm:flex-row sm:items-center sm:justify-between">
                <div className="grid min-h-6 gap-2">
                  {provider?.offline && (
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <Badge variant="outline" tabIndex={0} className="gap-1.5 py-1 font-normal" data-testid="provider-offline">
                          <CpuIcon aria-hidden="true" />
                          {t("create.provider.offline")}
                        </Badge>
                      </TooltipTrigger>
                      <TooltipContent>{t("create.provider.offlineHint")}</TooltipContent>
                    </Tooltip>
                  )}
                  {provider && !provider.offline && provider.label && (
                    <span className="text-xs text-muted-foreground" data-testid="provider-active">
                      {t(state.status === "done" ? "create.provider.served" : "create.provider.active", { provider: provider.label })}
                    </span>
                  )}
                  {/* Posted without JavaScript, nothing on the page can change while the server writes: say so before the press (decision 0062). */}
                  <noscript>
                    <p className="max-w-prose text-xs text-muted-foreground" data-testid="generate-no-js-note">
                      {provider?.offline ? t("create.noScript.waitOffline") : t("create.noScript.wait")}
                    </p>
                  </noscript>
                </div>
                <Button type="submit" size="lg" disabled={generating || quotaExhausted} aria-busy={generating || undefined} data-testid="generate-listing">
                  <SparklesIcon className={generating ? "animate-pulse" : undefined} aria-hidden="true" />
                  {generating ? t("create.generating") : t("create.generate")}
                </Button>
              </CardFooter>
            </Card>
          </Form>

          <div className="grid gap-6">
            <UsageCard feature="create-listing" quota={quota} />
            <KeywordPicker formId={formId} keywords={keywords} known={known} onAdd={add} onRemove={remove} disabled={generating} />
          </div>
        </div>

        <div ref={resultRef} className="grid scroll-mt-20 gap-6" aria-live="polite">
          {loaderData.sentListMissing && (
            <Alert variant="warning" data-testid="sent-list-missing">
              <AlertTriangleIcon aria-hidden="true" />
              <AlertTitle>{t("lists.missing.title")}</AlertTitle>
              <AlertDescription>{t("lists.missing.description")}</AlertDescription>
            </Alert>
          )}
          {status === "quota" && failedQuota && !quotaExhausted && (
            <Alert variant="destructive" data-testid="quota-alert">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>{t("create.quota.toastTitle")}</AlertTitle>
              <AlertDescription>
                <p>{t("create.quota.alert", { used: failedQuota.used, limit: failedQuota.limit })}</p>
                <Button asChild variant="outline" size="sm" className="mt-2">
                  <Link to="/profile#plans">{t("create.quota.upgrade")}</Link>
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {status === "unverified" && (
            <Alert variant="destructive" data-testid="email-unverified">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{t("verifyBanner.required")}</AlertDescription>
            </Alert>
          )}
          {status === "error" && (
            <Alert variant="destructive" data-testid="generate-error">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>
                <p>{t("create.failed")}</p>
                {errorDetail && (
                  <p className="mt-1 text-xs break-words opacity-90" data-testid="generate-error-detail">
                    {errorDetail}
                  </p>
                )}
                {/* The Generate form again: streamed once hydrated, posted without JavaScript. */}
                <Button type="submit" form={formId} variant="outline" size="sm" className="mt-2">
                  {t("app.tryAgain")}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {showResult && (
            <GeneratedListing
              parts={state.parts}
              listing={state.status === "done" ? (state.listing ?? null) : null}
              platform={platform}
              generating={generating}
              listingId={state.status === "done" ? (state.listing?.id ?? null) : null}
              ruleReport={state.status === "done" ? state.ruleReport : null}
              onRegenerate={onRegenerate}
              regenerating={regenerating}
              regenerationsLeft={state.regenerationsLeft}
              keywords={generatedWith}
            />
          )}
        </div>
      </div>
    </>
  );
}
