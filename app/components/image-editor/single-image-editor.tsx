import { AlertTriangleIcon, CheckCircle2Icon, DownloadIcon, ImageIcon, InfoIcon, RefreshCwIcon, RotateCcwIcon, SparklesIcon, WandSparklesIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { EditCheck, EditMeasurements, ImageCategory, ImagePlan, ImagePlatform, ImageProviderName, NotApplied } from "../../../schema/api/images";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { editImage, editImageGpt, planImageEdit, type EditResult, type GptEditResult } from "~/lib/api/images";
import { useT } from "~/lib/i18n";
import { dataUrlToBlob, editedFileName, mimeOfDataUrl, toPngBlob, triggerDownload } from "~/lib/images/files";
import { useQuotaExhausted, useRefreshQuota } from "~/lib/quota";
import { loadImageFile } from "./checks";
import { CHECKERBOARD, CompareSlider } from "./compare-slider";
import { AltText, EditChecks } from "./edit-checks";
import { cutoutLine, editFailure, gptFailureMessage, gptFailureNotice, providerLabel, type Translate } from "./messages";
import { FormError, PromptField, usePromptForm } from "./prompt-field";
import { UploadZone } from "./upload-zone";

/** What a screen learns from a successful edit: who did it. */
interface EditedBy {
  provider: ImageProviderName | null;
  providerLabel?: string;
}

/**
 * The two image editors (SPEC §2): "edit" is the product editor of /edit-image (marketplace and
 * category presets, the local editor or a cut-out provider); "gpt" is the free-form editor of
 * /edit-image-gpt (POST /image/edit/gpt, named after the image-generation provider that serves it).
 */
type SingleImageEditorProps =
  | { provider: "edit"; platform: ImagePlatform; category: ImageCategory; onEdited: (edited: EditedBy) => void }
  | {
      provider: "gpt";
      /** The image-generation provider, once known. */
      gptProvider: ImageProviderName | undefined;
      /** Its name as the texts say it ('OpenAI gpt-image-1.5'). */
      providerName: string;
      submitLabel: string;
      onEdited: (edited: EditedBy) => void;
    };

interface Source {
  file: File;
  dataUrl: string;
  width: number;
  height: number;
  /** Made smaller in the browser to fit 5 MB (from, to bytes). */
  downscaled?: { fromBytes: number; toBytes: number };
}

type Outcome = { provider: "edit"; result: EditResult } | { provider: "gpt"; result: GptEditResult };

/** A failed edit as the result card shows it. */
interface Failure {
  title: string;
  message: string;
  /** What the screen reader hears (the GPT editor says the reason without 'Please try again.'). */
  status: string;
  notApplied?: NotApplied[];
  /** The edit was tried and measured short of what was asked. */
  measured?: { checks: EditCheck[]; measurements: EditMeasurements | null };
  retry: boolean;
  testId: string;
}

const ACCEPT = "image/jpeg,image/png,image/webp";

/** Test ids, texts and behaviour that differ between the two screens; everything else is shared. */
const VARIANTS = {
  edit: {
    ids: { upload: "single-upload", prompt: "single-prompt", submit: "single-submit", sourceName: "source-name", downscaled: "downscaled-note" },
    keys: { sourceTitle: "images.single.sourceTitle", sourceDescription: "images.single.sourceDescription", uploadHint: "images.upload.hint", processing: "images.single.processing" },
    /** A photo copied to the clipboard can be pasted anywhere on the screen (Ctrl/Cmd+V). */
    pasteable: true,
    /** The submit stays enabled with nothing chosen and says what is missing. */
    disableWhenBlank: false,
  },
  gpt: {
    ids: { upload: "gpt-upload", prompt: "gpt-prompt", submit: "gpt-submit", sourceName: "gpt-source-name", downscaled: "gpt-downscaled-note" },
    keys: { sourceTitle: "images.gpt.sourceTitle", sourceDescription: "images.gpt.sourceDescription", uploadHint: "images.gpt.uploadHint", processing: "images.gpt.processing" },
    pasteable: false,
    disableWhenBlank: true,
  },
} as const;

/** Single image: idle, processing (inputs disabled), then success (result image) or error (SPEC §4). */
export function SingleImageEditor(props: SingleImageEditorProps) {
  const variant = VARIANTS[props.provider];
  const t = useT();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { prompt, setPrompt, formError, setFormError, onPromptChange } = usePromptForm();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [productName, setProductName] = useState("");
  /** The plan of an instruction part of which cannot be done, shown before the edit (decision 0032). */
  const [plan, setPlan] = useState<{ prompt: string; data: ImagePlan } | null>(null);
  const quotaExhausted = useQuotaExhausted("edit-image");
  const refreshQuota = useRefreshQuota();

  async function choose(files: File[]) {
    const file = files[0];
    if (!file) return;
    setFormError(null);
    const loaded = await loadImageFile(t, file);
    if ("error" in loaded) {
      setFileError(loaded.error);
      return;
    }
    setFileError(null);
    setSource(loaded);
    setOutcome(null);
    setFailure(null);
  }

  // The paste listener reads the latest chooser and busy state, kept after each render.
  const chooseRef = useRef(choose);
  const busyRef = useRef(busy);
  useEffect(() => {
    chooseRef.current = choose;
    busyRef.current = busy;
  });
  useEffect(() => {
    if (!variant.pasteable) return;
    function onPaste(event: ClipboardEvent) {
      const target = event.target as HTMLElement | null;
      if (busyRef.current || target?.closest("textarea, input")) return;
      const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith("image/"));
      if (!file) return;
      event.preventDefault();
      void chooseRef.current([new File([file], file.name && file.name !== "image.png" ? file.name : "pasted-image.png", { type: file.type })]);
    }
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, [variant.pasteable]);

  async function send(image: Source, instruction: string): Promise<Outcome> {
    if (props.provider === "edit") {
      return {
        provider: "edit",
        result: await editImage({
          image: image.dataUrl,
          prompt: instruction,
          category: props.category,
          platform: props.platform,
          fileName: image.file.name,
          productName: productName.trim() || undefined,
        }),
      };
    }
    return { provider: "gpt", result: await editImageGpt(image.dataUrl, instruction, image.file.name) };
  }

  /**
   * The product editor asks first what the instruction maps to: a part it cannot do is shown before
   * anything is edited or charged, and a wholly refused instruction is not sent at all.
   */
  async function confirmPlan(instruction: string): Promise<boolean> {
    if (props.provider !== "edit" || plan?.prompt === instruction) return true;
    let data: ImagePlan;
    try {
      data = await planImageEdit(instruction, props.category, props.platform);
    } catch {
      // The edit itself still refuses what cannot be done.
      return true;
    }
    if (data.refused) {
      setFailure({
        title: t("images.notice.notEdited"),
        message: t("images.error.nothingDone"),
        status: t("images.error.nothingDone"),
        notApplied: data.notApplied,
        retry: false,
        testId: "single-error",
      });
      return false;
    }
    if (data.notApplied.length === 0) return true;
    setPlan({ prompt: instruction, data });
    return false;
  }

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!source || !prompt.trim()) {
      setFormError(t("images.validation.missing"));
      return;
    }
    setFormError(null);
    setFailure(null);
    setBusy(true);
    try {
      if (!(await confirmPlan(prompt.trim()))) {
        setOutcome(null);
        return;
      }
      setPlan(null);
      const edited = await send(source, prompt.trim());
      setOutcome(edited);
      announce(t, edited);
      if (edited.provider === "edit" && window.matchMedia("(max-width: 1023px)").matches) requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
      props.onEdited(edited.provider === "edit" ? { provider: edited.result.provider, providerLabel: edited.result.providerLabel } : { provider: edited.result.provider });
    } catch (error) {
      setOutcome(null);
      const failed = describeFailure(t, props, error);
      if (!failed) {
        // The usage card carries the one quota message (with 'See plans'); the button is disabled.
        void refreshQuota("edit-image");
      } else {
        setFailure(failed);
        toast({ title: failed.title, description: failed.message, variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  /** Continue from the result: it becomes the new original. */
  function keepEditing(result: EditResult) {
    if (!source) return;
    const blob = dataUrlToBlob(result.result.image);
    const file = new File([blob], editedFileName(source.file.name, blob.type), { type: blob.type });
    setSource({ file, dataUrl: result.result.image, width: result.result.width, height: result.result.height });
    setOutcome(null);
    setPrompt("");
  }

  const blank = !source || !prompt.trim();
  const processing = t(variant.keys.processing);
  const status = busy ? processing : failure ? failure.status : outcome ? t(outcome.result.status !== "done" ? "images.notice.partlyDone" : "images.notice.success") : "";

  return (
    <form className="grid gap-6 lg:grid-cols-2" onSubmit={submit} noValidate aria-describedby={statusId}>
      <p id={statusId} className="sr-only" aria-live="polite">
        {status}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>{t(variant.keys.sourceTitle)}</CardTitle>
          <CardDescription>{t(variant.keys.sourceDescription)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2">
            {source ? (
              <div className="grid gap-3">
                <div className={`relative flex items-center justify-center overflow-hidden rounded-lg border ${CHECKERBOARD}`}>
                  <img src={source.dataUrl} alt={t("images.single.previewAlt", { name: source.file.name })} className="max-h-72 w-full object-contain" />
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0 text-sm">
                    <p className="truncate font-medium" data-testid={variant.ids.sourceName}>
                      {source.file.name}
                    </p>
                    {props.provider === "edit" && (
                      <p className="text-xs text-muted-foreground tabular-nums">{t("images.single.dimensions", { width: source.width, height: source.height, size: formatSize(source.file.size) })}</p>
                    )}
                    {source.downscaled && (
                      <p className="text-xs text-muted-foreground" data-testid={variant.ids.downscaled}>
                        {t("images.upload.downscaled", { from: formatSize(source.downscaled.fromBytes), to: formatSize(source.downscaled.toBytes) })}
                      </p>
                    )}
                  </div>
                  {props.provider === "edit" ? (
                    <div className="flex gap-2">
                      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
                        <RefreshCwIcon aria-hidden="true" />
                        {t("images.single.change")}
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={busy}
                        onClick={() => {
                          setSource(null);
                          setOutcome(null);
                          setFailure(null);
                        }}
                      >
                        <XIcon aria-hidden="true" />
                        {t("images.single.remove")}
                      </Button>
                    </div>
                  ) : (
                    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()} data-testid="gpt-change-image">
                      <RefreshCwIcon aria-hidden="true" />
                      {t("images.gpt.changeImage")}
                    </Button>
                  )}
                </div>
              </div>
            ) : null}
            <UploadZone
              className={source ? "hidden" : undefined}
              inputRef={inputRef}
              accept={ACCEPT}
              title={t("images.upload.title")}
              hint={t(variant.keys.uploadHint)}
              disabled={busy}
              invalid={!!fileError}
              onFiles={choose}
              testId={variant.ids.upload}
            />
            {variant.pasteable && !source && !fileError && <p className="hidden text-xs text-muted-foreground sm:block">{t("images.upload.paste")}</p>}
            {fileError && (
              <p role="alert" className="text-sm text-destructive" data-testid="file-error">
                {fileError}
              </p>
            )}
          </div>

          <PromptField
            id={`${statusId}-prompt`}
            value={prompt}
            onChange={onPromptChange}
            disabled={busy}
            label={props.provider === "gpt" ? t("images.gpt.promptLabel") : undefined}
            hint={props.provider === "gpt" ? t("images.gpt.promptHint") : undefined}
            testId={variant.ids.prompt}
          />

          {props.provider === "edit" && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${statusId}-product`}>{t("images.productName.label")}</Label>
              <Input
                id={`${statusId}-product`}
                value={productName}
                maxLength={80}
                disabled={busy}
                placeholder={t("images.productName.placeholder")}
                onChange={(event) => setProductName(event.target.value)}
                data-testid="single-product-name"
              />
            </div>
          )}

          <FormError message={formError} testId="form-error" />
          <div className="grid gap-2">
            <Button type="submit" size="lg" disabled={busy || quotaExhausted || (variant.disableWhenBlank && blank)} data-testid={variant.ids.submit}>
              {busy ? <Spinner aria-hidden="true" /> : <WandSparklesIcon aria-hidden="true" />}
              {busy ? processing : props.provider === "gpt" ? props.submitLabel : t("images.single.submit")}
            </Button>
            {variant.disableWhenBlank && blank && !busy && <p className="text-center text-xs text-muted-foreground">{t("images.gpt.submitDisabledHint")}</p>}
          </div>
          {props.provider === "gpt" && props.gptProvider && props.gptProvider !== "openai" && <OfflineNote providerName={props.providerName} />}
        </CardContent>
      </Card>

      <Card aria-busy={busy} ref={resultRef} className="scroll-mt-20">
        <CardHeader>
          {props.provider === "gpt" ? (
            <>
              <CardTitle>{t("images.gpt.resultTitle")}</CardTitle>
              {props.gptProvider && <CardDescription>{t("images.gpt.resultDescription", { provider: props.providerName })}</CardDescription>}
            </>
          ) : (
            <>
              <CardTitle>{t("images.result.title")}</CardTitle>
              <CardDescription>{t("images.result.description")}</CardDescription>
            </>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {busy ? (
            <div className="grid gap-4" data-testid="single-progress">
              <Skeleton className="aspect-square w-full rounded-lg" />
              <Progress value={null} aria-label={processing} />
              {props.provider === "edit" && <p className="text-center text-sm text-muted-foreground">{t("images.single.processingHint")}</p>}
            </div>
          ) : failure ? (
            <Alert variant="destructive" data-testid={failure.testId}>
              <AlertTitle>{failure.title}</AlertTitle>
              <AlertDescription>
                <p>{failure.message}</p>
                {failure.notApplied?.length ? <NotDoneList items={failure.notApplied} /> : null}
                {failure.measured ? (
                  <div className="mt-2 text-foreground">
                    <EditChecks checks={failure.measured.checks} measurements={failure.measured.measurements} charged={false} />
                  </div>
                ) : null}
                {failure.retry && (
                  <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => submit()}>
                    <RotateCcwIcon aria-hidden="true" />
                    {t("images.tryAgain")}
                  </Button>
                )}
              </AlertDescription>
            </Alert>
          ) : plan && plan.prompt === prompt.trim() ? (
            <PlanPreview
              plan={plan.data}
              onEdit={() => void submit()}
              onChange={() => {
                setPlan(null);
                document.getElementById(`${statusId}-prompt`)?.focus();
              }}
            />
          ) : outcome?.provider === "edit" && source ? (
            <EditResultView source={source} result={outcome.result} onKeepEditing={() => keepEditing(outcome.result)} />
          ) : outcome?.provider === "gpt" ? (
            <GptResultView result={outcome.result} />
          ) : props.provider === "gpt" ? (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ImageIcon className="size-6" aria-hidden="true" />
              </span>
              <p className="max-w-xs text-sm text-muted-foreground" data-testid="gpt-placeholder">
                {t("images.gpt.placeholder")}
              </p>
            </div>
          ) : (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ImageIcon className="size-6" aria-hidden="true" />
              </span>
              <p className="font-medium">{t("images.result.emptyTitle")}</p>
              <p className="max-w-xs text-sm text-muted-foreground">{t("images.result.emptyBody")}</p>
              {!source && (
                <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
                  {t("images.upload.choose")}
                </Button>
              )}
            </div>
          )}
        </CardContent>
      </Card>
    </form>
  );
}

/** The success notices. A partial edit is not announced as a success: the notice says what is missing. */
function announce(t: Translate, edited: Outcome) {
  const skipped = edited.result.notApplied?.length ?? 0;
  if (edited.result.status === "partial" && !edited.result.charged) toast({ title: t("images.notice.partlyDone"), description: t("images.notice.partlyDoneBody"), variant: "default" });
  else if (skipped) toast({ title: t("images.notice.partial"), description: t("images.notice.partialBody", { n: skipped }), variant: "default" });
  else toast({ title: t("images.notice.success"), description: t(edited.provider === "gpt" ? "images.gpt.successBody" : "images.notice.successBody"), variant: "success" });
  if (edited.provider === "gpt" && edited.result.promptEnhanced) toast({ title: t("images.notice.promptEnhanced"), description: edited.result.enhancedPrompt, duration: 5000 });
}

/**
 * A failed edit in each editor's words (SPEC §8); null when the daily limit was reached on the product
 * editor, whose usage card then says so.
 */
function describeFailure(t: Translate, props: SingleImageEditorProps, error: unknown): Failure | null {
  if (props.provider === "edit") {
    const failed = editFailure(t, error, { single: true });
    if (failed.quotaExceeded) return null;
    return {
      title: failed.title,
      message: failed.message,
      status: failed.message,
      notApplied: failed.notApplied,
      measured: failed.measured,
      retry: !failed.notApplied && !failed.measured,
      testId: "single-error",
    };
  }
  // The instruction was refused as a whole (what could not be done, and why), or the model's answer was
  // measured short of it (decision 0040: its figures, the original kept, nothing charged).
  const refused = editFailure(t, error);
  if (refused.measured) {
    return { title: refused.title, message: refused.message, status: refused.message, notApplied: refused.notApplied, measured: refused.measured, retry: false, testId: "gpt-not-done" };
  }
  if (refused.notApplied) return { title: refused.title, message: refused.message, status: refused.message, notApplied: refused.notApplied, retry: false, testId: "gpt-refusal" };
  const message = gptFailureMessage(t, error, props.providerName);
  return { title: t("images.notice.failed"), message: gptFailureNotice(t, message), status: message, retry: true, testId: "gpt-error" };
}

/** The product editor's result: before/after, download under the original's name, keep editing, 'What we did'. */
function EditResultView({ source, result, onKeepEditing }: { source: Source; result: EditResult; onKeepEditing: () => void }) {
  const t = useT();
  function download() {
    triggerDownload(result.result.image, editedFileName(source.file.name, mimeOfDataUrl(result.result.image)));
    toast({ title: t("images.notice.downloadStarted"), variant: "success" });
  }
  return (
    <div className="grid gap-4" data-testid="single-result">
      <CompareSlider before={source.dataUrl} after={result.result.image} width={result.result.width} height={result.result.height} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={download} data-testid="single-download">
          <DownloadIcon aria-hidden="true" />
          {t("images.download")}
        </Button>
        <Button type="button" variant="outline" onClick={onKeepEditing}>
          <SparklesIcon aria-hidden="true" />
          {t("images.single.keepEditing")}
        </Button>
      </div>
      <WhatWeDid result={result} />
      {result.checks?.length ? <EditChecks checks={result.checks} measurements={result.measurements} charged={result.charged} /> : null}
      {result.altText ? <AltText text={result.altText} /> : null}
    </div>
  );
}

/** What an instruction will and will not do, before it is edited: the seller edits anyway or rewrites it. */
function PlanPreview({ plan, onEdit, onChange }: { plan: ImagePlan; onEdit: () => void; onChange: () => void }) {
  const t = useT();
  return (
    <Alert variant="warning" data-testid="plan-preview">
      <InfoIcon aria-hidden="true" />
      <AlertTitle>{t("images.plan.title")}</AlertTitle>
      <AlertDescription className="grid gap-2 text-inherit">
        {plan.steps.length > 0 && (
          <div>
            <p className="font-medium">{t("images.plan.willDo")}</p>
            <ul className="grid list-disc gap-1 ps-5" data-testid="plan-steps">
              {plan.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <p className="font-medium">{t("images.plan.wontDo")}</p>
          <NotDoneList items={plan.notApplied} />
          {plan.notApplied.some((n) => n.reason.startsWith("Etsy asks")) && <p className="mt-1 text-xs">{t("images.plan.rule")}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onEdit} data-testid="plan-edit-anyway">
            <WandSparklesIcon aria-hidden="true" />
            {t("images.plan.editAnyway")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onChange}>
            {t("images.plan.change")}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The GPT editor's result: the picture, what was not done, the provider's words, a .png download. */
function GptResultView({ result }: { result: GptEditResult }) {
  const t = useT();
  async function download() {
    const blob = await toPngBlob(result.image);
    const url = URL.createObjectURL(blob);
    triggerDownload(url, `edited-image-${Date.now()}.png`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: t("images.notice.downloaded"), variant: "success" });
  }
  return (
    <div className="grid gap-4" data-testid="gpt-result">
      <div className={`flex items-center justify-center overflow-hidden rounded-lg border ${CHECKERBOARD}`}>
        <img src={result.image} alt={t("images.gpt.resultAlt")} className="max-h-[28rem] w-full object-contain" />
      </div>
      {result.notApplied.length > 0 && (
        <Alert variant="warning" data-testid="gpt-not-applied">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{t("images.result.notDone")}</AlertTitle>
          <AlertDescription className="text-inherit">
            <NotDoneList items={result.notApplied} />
          </AlertDescription>
        </Alert>
      )}
      {result.cutout && (
        <p className="text-xs text-muted-foreground" data-testid="cutout-by">
          {cutoutLine(t, result.cutout)}
        </p>
      )}
      {result.checks.length > 0 && <EditChecks checks={result.checks} measurements={result.measurements} charged={result.charged} />}
      {result.responseText && (
        <Alert data-testid="gpt-response-text">
          <InfoIcon aria-hidden="true" />
          <AlertDescription className="text-foreground">{result.responseText}</AlertDescription>
        </Alert>
      )}
      <Button type="button" onClick={download} data-testid="gpt-download">
        <DownloadIcon aria-hidden="true" />
        {t("images.gpt.download")}
      </Button>
    </div>
  );
}

/** The plan the editor applied, in plain words ('What we did'), and the 'Prompt Enhanced' note. */
function WhatWeDid({
  result,
}: {
  result: Pick<EditResult, "enhancedPrompt" | "promptEnhanced" | "responseText" | "provider" | "providerLabel"> & { notApplied?: NotApplied[]; cutout?: EditResult["cutout"] };
}) {
  const t = useT();
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm" data-testid="what-we-did">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
          {t("images.result.whatWeDid")}
        </p>
        {result.promptEnhanced && (
          <Badge variant="secondary" data-testid="prompt-enhanced">
            <SparklesIcon aria-hidden="true" />
            {t("images.notice.promptEnhanced")}
          </Badge>
        )}
      </div>
      {result.enhancedPrompt && <p className="leading-relaxed">{result.enhancedPrompt}</p>}
      {result.promptEnhanced && <p className="text-xs text-muted-foreground">{t("images.result.enhancedNote")}</p>}
      {result.notApplied?.length ? (
        <div className="grid gap-1 rounded-md border border-warning/40 bg-warning/10 p-3" data-testid="not-applied">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangleIcon className="size-4 text-warning" aria-hidden="true" />
            {t("images.result.notDone")}
          </p>
          <NotDoneList items={result.notApplied} />
        </div>
      ) : null}
      {result.cutout ? (
        <p className="text-xs text-muted-foreground" data-testid="cutout-by">
          {cutoutLine(t, result.cutout)}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{t("images.result.editedBy", { editor: providerLabel(t, result.provider, result.providerLabel) })}</p>
      )}
    </div>
  );
}

/** Each part of the instruction that was not done, in the seller's words, with the reason. */
export function NotDoneList({ items }: { items: NotApplied[] }) {
  return (
    <ul className="grid list-disc gap-1 ps-5 text-sm" data-testid="not-applied-list">
      {items.map((item) => (
        <li key={item.instruction}>
          <span className="font-medium">“{item.instruction}”</span>: {item.reason}
        </li>
      ))}
    </ul>
  );
}

/** Said plainly when no OpenAI key is configured (STYLE: the UI names the embedded default). */
function OfflineNote({ providerName }: { providerName: string }) {
  const t = useT();
  return (
    <Alert variant="warning" data-testid="gpt-offline-note">
      <InfoIcon aria-hidden="true" />
      <AlertDescription className="text-inherit">{t("images.gpt.offlineNote", { provider: providerName.replace(/^Local/, "local") })}</AlertDescription>
    </Alert>
  );
}

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
