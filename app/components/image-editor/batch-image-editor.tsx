import { AlertTriangleIcon, ArrowRightIcon, CheckCircle2Icon, DownloadIcon, ImagesIcon, PlusIcon, RadioIcon, RotateCcwIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { IMAGE_LIMITS, type BatchItem, type BatchItemStatus, type ImageCategory, type ImagePlatform } from "../../../schema/api/images";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { useRefreshQuota } from "~/lib/quota";
import { useRefreshEditQuota } from "./editor-route";
import { cn } from "~/lib/utils";
import { CHECKERBOARD, CompareSlider } from "./compare-slider";
import { AltText, checkText } from "./edit-checks";
import { batchCounts } from "./batch-precheck";
import { BatchPrecheckDialog, precheckBatch, type PrecheckQuestion } from "./batch-precheck-dialog";
import { planImageEdit, protectedImageFile, protectedImageUrl } from "~/lib/api/images";
import { BatchPlanPreview, useInstructionPlan } from "./batch-plan";
import { editedFileName, toPngBlob, triggerDownload } from "~/lib/images/files";
import { prepareBatchSelection } from "./checks";
import { processGptBatch, type GptBatchItem } from "./client-batch";
import { cutoutLine, editFailure, serverText } from "./messages";
import { BatchProgress, BatchResultsCard, BatchSourceCard, DownloadAllButton, FailedAlert, NoResults, SelectedImages, downloadZip, useBatchForm, type Picked } from "./batch-parts";
import { useProtectedImage } from "./image-provider";
import { useBatchJob } from "./use-batch-job";

type BatchImageEditorProps =
  | {
      provider: "edit";
      platform: ImagePlatform;
      category: ImageCategory;
      /** The batch ended; `completed` images were edited (each one edit of the day); `watched`: on screen, not found finished on arrival. */
      onFinished: (completed: number, watched: boolean) => void;
      /** A batch from an earlier visit is shown (the screen opens this tab). */
      onResumed: () => void;
    }
  | {
      provider: "gpt";
      /** The image-generation provider's name as the texts say it. */
      providerName: string;
      onFinished: (completed: number) => void;
    };

/**
 * Batch Processing (SPEC §2, §4): up to 10 images and one instruction. The product editor's batch
 * ("edit") runs on the server; the image-generation editor's ("gpt") is the SPEC's client loop.
 */
export function BatchImageEditor(props: BatchImageEditorProps) {
  return props.provider === "edit" ? <ServerBatchEditor {...props} /> : <ClientBatchEditor {...props} />;
}

/**
 * The product editor's batch, edited by the server one image after another; progress arrives over a
 * WebSocket and the batch finishes even if this tab closes.
 */
function ServerBatchEditor({ platform, category, onFinished, onResumed }: Extract<BatchImageEditorProps, { provider: "edit" }>) {
  const t = useT();
  const id = useId();
  const form = useBatchForm();
  const { picked, setPicked, setSelectionErrors, inputRef, prompt, setFormError } = form;
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [awayNotice, setAwayNotice] = useState(false);
  /** Local previews of the files sent, by item index (no download needed to show them). */
  const [sent, setSent] = useState<Picked[]>([]);
  /** The quota pre-check's question, when the chosen images are more than the edits left today. */
  const [precheck, setPrecheck] = useState<(PrecheckQuestion & { files: Picked[] }) | null>(null);
  /** Images of the running batch left out by the pre-check, for the final notice. */
  const skippedRef = useRef(0);
  const [zipping, setZipping] = useState(false);
  /** What the instruction will do to each photo, read while the seller types (before the batch starts). */
  const planned = useInstructionPlan(prompt, category, platform);

  const job = useBatchJob((batch, watched) => {
    if (!watched) setAwayNotice(true);
    // The notice says what happened to every chosen image: processed, skipped for quota, failed.
    const counts = batchCounts(batch, watched ? skippedRef.current : 0);
    skippedRef.current = 0;
    const description = t("images.batch.summary", counts);
    if (batch.completed > 0) {
      toast({ title: t("images.notice.batchComplete"), description, variant: "success" });
    } else {
      toast({ title: t("images.notice.processingError"), description, variant: "destructive" });
    }
    // Found finished on arrival: the layout's account load already read today's usage.
    onFinished(batch.completed, watched);
  });
  const { batch } = job;
  const refreshEdits = useRefreshEditQuota();
  // The usage card follows the batch: each finished image is one edit.
  const completedCount = batch?.completed ?? 0;
  // The count the batch had when this screen first saw it (on arrival, the layout's account load has
  // today's usage already); each image finished after that reads the usage again.
  const seenCount = useRef<number | null>(null);
  const hasBatch = batch !== null;
  useEffect(() => {
    if (!hasBatch) return;
    if (seenCount.current === null || completedCount < seenCount.current) {
      seenCount.current = completedCount;
      return;
    }
    if (completedCount > seenCount.current) {
      seenCount.current = completedCount;
      refreshEdits();
    }
  }, [hasBatch, completedCount, refreshEdits]);
  const running = starting || (batch !== null && batch.status !== "completed");

  const resumedRef = useRef(false);
  useEffect(() => {
    if (batch && !resumedRef.current && sent.length === 0) {
      resumedRef.current = true;
      if (batch.status !== "completed" || awayNotice) onResumed();
    }
  }, [batch, sent.length, awayNotice, onResumed]);

  // Object URLs of previews are freed when they leave the screen.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const all = previews.current;
    return () => all.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  function preview(file: File) {
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    return url;
  }
  function release(items: Picked[]) {
    for (const item of items) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
  }

  async function add(files: File[]) {
    setFormError(null);
    setStartError(null);
    // A new selection after a finished batch starts a new one.
    if (batch?.status === "completed") {
      job.clear();
      release(sent);
      setSent([]);
      setAwayNotice(false);
    }
    // Photos over 5 MB are made smaller in the browser first; only those that cannot be are refused.
    const { accepted, errors } = await prepareBatchSelection(t, picked.length, files);
    setSelectionErrors(errors);
    if (accepted.length) setPicked((list) => [...list, ...accepted.map((file) => ({ file, preview: preview(file) }))]);
  }

  function remove(index: number) {
    setPicked((list) => {
      release([list[index]]);
      return list.filter((_, i) => i !== index);
    });
    setSelectionErrors([]);
  }

  async function start(files: Picked[] = picked, checked = false) {
    if (running) return;
    if (files.length === 0 || !prompt.trim()) {
      setFormError(t("images.validation.batchMissing"));
      return;
    }
    setFormError(null);
    setStartError(null);
    setAwayNotice(false);
    setStarting(true);
    if (!checked) {
      // An instruction of which nothing can be done does not start a batch (its plan says why).
      const plan = await planImageEdit(prompt.trim(), category, platform).catch(() => null);
      if (plan?.refused) {
        setStarting(false);
        setStartError(t("images.batch.plan.refusedTitle"));
        return;
      }
      // Read the edits left today first: a batch larger than that asks before anything is sent.
      const question = await precheckBatch(files.length);
      if (question) {
        setStarting(false);
        setPrecheck({ ...question, files });
        refreshEdits();
        return;
      }
      skippedRef.current = 0;
    }
    try {
      if (batch) job.clear();
      await job.start(
        files.map((p) => p.file),
        prompt.trim(),
        category,
        platform,
      );
      release(sent.filter((old) => !files.includes(old)));
      setSent(files);
      // Images the pre-check left out stay selected for another day.
      setPicked((list) => list.filter((p) => !files.includes(p)));
    } catch (error) {
      const failure = editFailure(t, error);
      setStartError(failure.message);
      toast({ title: t("images.notice.processingError"), description: failure.message, variant: "destructive" });
    } finally {
      setStarting(false);
    }
  }

  /** Sends the failed images again as a new batch (originals are fetched back when not at hand). */
  async function retryFailed() {
    if (!batch) return;
    const failed = batch.items.filter((item) => item.status === "error");
    try {
      const files: Picked[] = [];
      for (const item of failed) {
        const local = sent[item.index];
        if (local) files.push(local);
        else {
          const file = await protectedImageFile(item.originalImage, item.fileName);
          files.push({ file, preview: preview(file) });
        }
      }
      await start(files);
    } catch (error) {
      setStartError(editFailure(t, error).message);
    }
  }

  async function download(item: BatchItem) {
    if (!item.editedImage) return;
    const { url, type } = await protectedImageUrl(item.editedImage);
    triggerDownload(url, editedFileName(item.fileName, type));
  }

  async function downloadOne(item: BatchItem) {
    try {
      await download(item);
      toast({ title: t("images.notice.downloadStarted"), variant: "success" });
    } catch (error) {
      toast({ title: t("images.notice.failed"), description: editFailure(t, error).message, variant: "destructive" });
    }
  }

  /** Goes on with as many images as there are edits left; the rest stay selected. */
  async function proceedWithRemaining() {
    if (!precheck) return;
    const { files, plan } = precheck;
    setPrecheck(null);
    skippedRef.current = plan.skipped;
    await start(files.slice(0, plan.send), true);
  }

  /** One ZIP of every edited image, each named after its original (deduplicated). */
  async function downloadAll() {
    if (!batch || zipping) return;
    const done = batch.items.filter((item) => item.status === "completed" && item.editedImage);
    setZipping(true);
    try {
      const files = [];
      for (const item of done) {
        const { blob, type } = await protectedImageUrl(item.editedImage!);
        files.push({ original: item.fileName, type: type || blob.type, blob });
      }
      const fileName = await downloadZip(files);
      toast({ title: t("images.notice.downloadStarted"), description: t("images.batch.downloadZipBody", { n: files.length, file: fileName }), variant: "success" });
    } catch (error) {
      toast({ title: t("images.notice.failed"), description: editFailure(t, error).message, variant: "destructive" });
    } finally {
      setZipping(false);
    }
  }

  function clearSelection() {
    release(picked);
    setPicked([]);
    setSelectionErrors([]);
  }

  function newBatch() {
    job.clear();
    release(sent);
    setSent([]);
    setAwayNotice(false);
    setStartError(null);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BatchSourceCard
        id={id}
        description={t("images.batch.sourceDescription", { max: IMAGE_LIMITS.batchMax })}
        selection={
          picked.length > 0 && (
            <>
              <SelectedImages picked={picked} disabled={running} onRemove={remove} label={t("images.batch.selected", { n: picked.length })} testId="batch-selection">
                {picked.length < IMAGE_LIMITS.batchMax && (
                  <li>
                    <button
                      type="button"
                      disabled={running}
                      onClick={() => inputRef.current?.click()}
                      className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-input text-xs text-muted-foreground outline-none hover:border-primary/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
                    >
                      <PlusIcon className="size-5" aria-hidden="true" />
                      {t("images.batch.addMore")}
                    </button>
                  </li>
                )}
              </SelectedImages>
              <div className="flex items-center justify-between text-xs text-muted-foreground">
                <span>{t("images.batch.countOfMax", { n: picked.length, max: IMAGE_LIMITS.batchMax })}</span>
                <Button type="button" variant="ghost" size="sm" disabled={running} onClick={clearSelection}>
                  {t("images.batch.clearSelection")}
                </Button>
              </div>
            </>
          )
        }
        accept="image/*"
        uploadHint={t("images.batch.uploadHint", { max: IMAGE_LIMITS.batchMax })}
        onFiles={add}
        running={running}
        form={form}
        submitLabel={
          running
            ? t("images.batch.running", { done: batch?.done ?? 0, n: batch?.total ?? picked.length })
            : picked.length > 0
              ? t("images.batch.submit", { n: picked.length })
              : t("images.batch.submitEmpty")
        }
        onSubmit={() => start()}
        ids={{ upload: "batch-upload", prompt: "batch-prompt", submit: "batch-submit", selectionErrors: "batch-selection-errors", formError: "batch-form-error" }}
        preview={!running && <BatchPlanPreview plan={planned.plan} stale={planned.stale} />}
      >
        {startError && (
          <Alert variant="destructive" data-testid="batch-start-error">
            <AlertTriangleIcon aria-hidden="true" />
            <AlertTitle>{t("images.notice.processingError")}</AlertTitle>
            <AlertDescription>{startError}</AlertDescription>
          </Alert>
        )}
      </BatchSourceCard>

      <BatchResultsCard
        busy={running}
        description={t("images.batch.resultsDescription")}
        header={
          batch?.cutout && (
            <p className="text-xs text-muted-foreground" data-testid="batch-cutout-by">
              {cutoutLine(t, batch.cutout)}
            </p>
          )
        }
      >
        {job.resuming && !batch ? (
          <div className="grid gap-3" aria-label={t("images.batch.loading")}>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : !batch ? (
          <NoResults body={t("images.batch.emptyBody")}>
            {picked.length === 0 && (
              <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
                {t("images.batch.choose")}
              </Button>
            )}
          </NoResults>
        ) : (
          <div className="grid gap-4" data-testid="batch-results" data-status={batch.status}>
            {awayNotice && (
              <Alert data-testid="batch-away">
                <ImagesIcon aria-hidden="true" />
                <AlertTitle>{t("images.batch.awayTitle")}</AlertTitle>
                <AlertDescription>{t("images.batch.awayBody")}</AlertDescription>
              </Alert>
            )}
            <BatchProgress
              done={batch.done}
              total={batch.total}
              testId="batch-progress-text"
              status={
                batch.status !== "completed" && (
                  <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <RadioIcon className={cn("size-3.5", job.connection === "live" && "text-success")} aria-hidden="true" />
                    {job.connection === "live" ? t("images.batch.live") : t("images.batch.polling")}
                  </span>
                )
              }
            >
              {batch.status !== "completed" && <p className="text-xs text-muted-foreground">{t("images.batch.closeTabHint")}</p>}
            </BatchProgress>

            <ul className="grid gap-3" data-testid="batch-items">
              {batch.items.map((item) => (
                <BatchRow key={item.id} item={item} localPreview={sent[item.index]?.preview} onDownload={() => downloadOne(item)} />
              ))}
            </ul>

            {batch.status === "completed" && batch.failed > 0 && (
              <FailedAlert title={t("images.notice.processingError")} testId="batch-failed-summary">
                <p>{t("images.batch.failedSummary", { n: batch.failed })}</p>
                <Button type="button" variant="outline" size="sm" className="mt-2" onClick={retryFailed} disabled={running}>
                  <RotateCcwIcon aria-hidden="true" />
                  {t("images.batch.retryFailed")}
                </Button>
              </FailedAlert>
            )}

            {batch.status === "completed" && (
              <div className="flex flex-wrap gap-2">
                {batch.completed > 0 && <DownloadAllButton n={batch.completed} onClick={downloadAll} zipping={zipping} testId="batch-download-all" />}
                <Button type="button" variant="outline" onClick={newBatch}>
                  <PlusIcon aria-hidden="true" />
                  {t("images.batch.newBatch")}
                </Button>
              </div>
            )}
          </div>
        )}
      </BatchResultsCard>
      <BatchPrecheckDialog question={precheck} onProceed={proceedWithRemaining} onCancel={() => setPrecheck(null)} />
    </div>
  );
}

const STATUS_VARIANT: Record<BatchItemStatus, "secondary" | "outline" | "success" | "destructive"> = {
  pending: "outline",
  processing: "secondary",
  completed: "success",
  partial: "secondary",
  error: "destructive",
};

function BatchRow({ item, localPreview, onDownload }: { item: BatchItem; localPreview?: string; onDownload: () => void }) {
  const t = useT();
  const original = useProtectedImage(localPreview ? null : item.originalImage);
  const edited = useProtectedImage(item.editedImage);
  const before = localPreview ?? original.url;
  // A partial item has a result too: the parts that worked (not charged).
  const hasResult = item.status === "completed" || item.status === "partial";
  return (
    <li className="flex items-center gap-3 rounded-lg border p-3" data-testid="batch-item" data-status={item.status}>
      <div className="flex shrink-0 items-center gap-1.5">
        <Thumb src={before} alt={t("images.batch.originalAlt", { name: item.fileName })} />
        <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
        {hasResult ? (
          <Dialog>
            <DialogTrigger asChild>
              <button
                type="button"
                className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                aria-label={t("images.batch.compareOne", { name: item.fileName })}
                disabled={!edited.url}
              >
                <Thumb src={edited.url} alt={t("images.batch.editedAlt", { name: item.fileName })} />
              </button>
            </DialogTrigger>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle className="truncate">{item.fileName}</DialogTitle>
                {item.enhancedPrompt && <DialogDescription>{item.enhancedPrompt}</DialogDescription>}
              </DialogHeader>
              {before && edited.url && <CompareSlider before={before} after={edited.url} />}
              {item.altText ? <AltText text={item.altText} /> : null}
              <Button type="button" onClick={onDownload} className="w-fit">
                <DownloadIcon aria-hidden="true" />
                {t("images.download")}
              </Button>
            </DialogContent>
          </Dialog>
        ) : item.status === "processing" ? (
          <div className="flex size-14 items-center justify-center rounded-md border bg-muted sm:size-16">
            <Spinner aria-label={t("images.status.processing")} />
          </div>
        ) : item.status === "error" ? (
          <div className="flex size-14 items-center justify-center rounded-md border border-destructive/50 bg-muted text-destructive sm:size-16">
            <AlertTriangleIcon className="size-5" aria-hidden="true" />
          </div>
        ) : (
          <div className="size-14 rounded-md border border-dashed bg-muted/40 sm:size-16" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={item.fileName}>
          {item.fileName}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_VARIANT[item.status]} data-testid="batch-item-status">
            {t(`images.status.${item.status}`)}
          </Badge>
        </div>
        {item.status === "error" && (
          <p className="mt-1 text-xs text-destructive">
            {t("images.batch.itemFailed")}
            {item.error && serverText(t, item.error) !== t("images.batch.itemFailed") ? `: ${serverText(t, item.error)}` : ""}
          </p>
        )}
        {hasResult && item.enhancedPrompt && <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{item.enhancedPrompt}</p>}
        {item.checks?.length ? (
          <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground" data-testid="batch-item-checks">
            {item.checks.map((check) => (
              <li key={check.part} data-status={check.status}>
                {check.status === "done" ? "✓" : "✗"} {checkText(t, check, item.measurements)}
              </li>
            ))}
            {item.status !== "completed" && <li>{t("images.check.notCharged")}</li>}
          </ul>
        ) : null}
      </div>
      {hasResult && (
        <Button type="button" variant="outline" size="icon" onClick={onDownload} aria-label={t("images.batch.downloadOne", { name: item.fileName })} data-testid="batch-item-download">
          <DownloadIcon aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

function Thumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) return <Skeleton className="size-14 rounded-md sm:size-16" />;
  return <img src={src} alt={alt} className={cn("size-14 rounded-md border object-cover sm:size-16", CHECKERBOARD)} />;
}

/**
 * The image-generation editor's batch: the client loop edits the selected images one by one; the
 * results list appears once a run starts, and a new selection clears earlier results.
 */
function ClientBatchEditor({ providerName, onFinished }: Extract<BatchImageEditorProps, { provider: "gpt" }>) {
  const t = useT();
  const id = useId();
  const form = useBatchForm();
  const { picked, setPicked, setSelectionErrors, inputRef, prompt, setFormError } = form;
  const [running, setRunning] = useState(false);
  const [items, setItems] = useState<GptBatchItem[] | null>(null);
  /** The quota pre-check's question when more images are chosen than edits are left today. */
  const [precheck, setPrecheck] = useState<PrecheckQuestion | null>(null);
  const refreshQuota = useRefreshQuota();

  // The selection as last shown, for freeing its previews when the screen goes away.
  const pickedRef = useRef<Picked[]>([]);
  useEffect(() => {
    pickedRef.current = picked;
  }, [picked]);
  useEffect(() => () => pickedRef.current.forEach((item) => URL.revokeObjectURL(item.preview)), []);

  async function select(added: File[]) {
    // Photos over 5 MB are made smaller in the browser first; only those that cannot be are refused.
    const { accepted, errors } = await prepareBatchSelection(t, 0, added);
    setSelectionErrors(errors);
    setFormError(null);
    if (errors.length && accepted.length === 0) return;
    // Changing the selected images clears earlier batch results.
    picked.forEach((item) => URL.revokeObjectURL(item.preview));
    setPicked(accepted.map((file) => ({ file, preview: URL.createObjectURL(file) })));
    setItems(null);
  }

  function remove(index: number) {
    URL.revokeObjectURL(picked[index].preview);
    setPicked((list) => list.filter((_, i) => i !== index));
    setItems(null);
  }

  async function start(send?: number) {
    if (running) return;
    if (picked.length === 0 || !prompt.trim()) {
      setFormError(t("images.validation.batchMissing"));
      return;
    }
    setFormError(null);
    if (send === undefined) {
      // Read the edits left today first: a batch larger than that asks before anything is sent.
      const question = await precheckBatch(picked.length);
      if (question) {
        setPrecheck(question);
        void refreshQuota("edit-image");
        return;
      }
    }
    const chosen = picked.slice(0, send ?? picked.length);
    const skipped = picked.length - chosen.length;
    setRunning(true);
    setItems(chosen.map(({ file, preview }) => ({ fileName: file.name, originalImage: preview, editedImage: null, status: "pending", error: null, promptEnhanced: false, enhancedPrompt: "" })));
    try {
      const { completed, failed } = await processGptBatch(
        t,
        chosen.map((item) => item.file),
        prompt.trim(),
        providerName,
        (index, patch) => setItems((list) => list?.map((item, i) => (i === index ? { ...item, ...patch } : item)) ?? list),
      );
      // The notice says what happened to every chosen image: processed, skipped for quota, failed.
      const description = t("images.batch.summary", batchCounts({ completed, failed, total: chosen.length }, skipped));
      if (completed > 0) toast({ title: t("images.notice.batchComplete"), description, variant: "success" });
      else toast({ title: t("images.gpt.batchError"), description, variant: "destructive" });
      onFinished(completed);
    } catch {
      toast({ title: t("images.gpt.batchError"), description: t("images.gpt.batchErrorBody"), variant: "destructive" });
    } finally {
      setRunning(false);
    }
  }

  async function download(item: GptBatchItem, index: number) {
    if (!item.editedImage) return;
    const blob = await toPngBlob(item.editedImage);
    const url = URL.createObjectURL(blob);
    triggerDownload(url, gptDownloadName(index));
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /** One ZIP of every edited image, each named after its original (deduplicated). */
  async function downloadAll() {
    const done = (items ?? []).filter((item) => item.status === "completed" && item.editedImage);
    try {
      const blobs = await Promise.all(done.map((item) => toPngBlob(item.editedImage!)));
      const fileName = await downloadZip(done.map((item, i) => ({ original: item.fileName, type: "image/png", blob: blobs[i] })));
      toast({ title: t("images.notice.downloaded"), description: t("images.batch.downloadZipBody", { n: done.length, file: fileName }), variant: "success" });
    } catch {
      toast({ title: t("images.notice.failed"), variant: "destructive" });
    }
  }

  const done = items?.filter((item) => item.status === "completed" || item.status === "partial" || item.status === "error").length ?? 0;
  const completed = items?.filter((item) => item.status === "completed").length ?? 0;
  const failed = items?.filter((item) => item.status === "error").length ?? 0;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BatchSourceCard
        id={id}
        description={t("images.gpt.batchDescription", { max: IMAGE_LIMITS.batchMax })}
        selection={
          picked.length > 0 && (
            <>
              <SelectedImages picked={picked} disabled={running} onRemove={remove} testId="gpt-batch-selection" />
              <Button type="button" variant="outline" size="sm" className="w-fit" disabled={running} onClick={() => inputRef.current?.click()}>
                {t("images.gpt.changeImages")}
              </Button>
            </>
          )
        }
        accept="image/png,image/jpeg,image/webp"
        uploadHint={t("images.gpt.batchUploadHint", { max: IMAGE_LIMITS.batchMax })}
        onFiles={select}
        running={running}
        form={form}
        promptLabel={t("images.gpt.batchPromptLabel")}
        submitLabel={running ? t("images.gpt.batchRunning", { done, n: picked.length }) : t("images.gpt.batchStart", { n: picked.length })}
        onSubmit={() => start()}
        ids={{ upload: "gpt-batch-upload", prompt: "gpt-batch-prompt", submit: "gpt-batch-submit" }}
      />

      <BatchResultsCard busy={running} description={t("images.gpt.batchResultsDescription", { provider: providerName })}>
        {!items ? (
          <NoResults body={t("images.gpt.batchEmptyBody")} />
        ) : (
          <div className="grid gap-4" data-testid="gpt-batch-results">
            <BatchProgress done={done} total={items.length} />
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((item, index) => (
                <ClientBatchCard key={index} item={item} onDownload={() => download(item, index)} />
              ))}
            </ul>
            {!running && failed > 0 && <FailedAlert title={t("images.gpt.batchError")}>{t("images.batch.failedSummary", { n: failed })}</FailedAlert>}
            {!running && completed > 0 && <DownloadAllButton n={completed} onClick={downloadAll} className="w-fit" />}
          </div>
        )}
      </BatchResultsCard>
      <BatchPrecheckDialog
        question={precheck}
        onCancel={() => setPrecheck(null)}
        onProceed={() => {
          const send = precheck?.plan.send ?? 0;
          setPrecheck(null);
          void start(send);
        }}
      />
    </div>
  );
}

/** The download name of a client batch's result: 'edited-image-<time>-<n>.png'. */
function gptDownloadName(index: number) {
  return `edited-image-${Date.now()}-${index + 1}.png`;
}

function ClientBatchCard({ item, onDownload }: { item: GptBatchItem; onDownload: () => void }) {
  const t = useT();
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="gpt-batch-item" data-status={item.status}>
      <div className="grid grid-cols-2 gap-2">
        <img src={item.originalImage} alt={t("images.batch.originalAlt", { name: item.fileName })} className={cn("aspect-square w-full rounded-md border object-cover", CHECKERBOARD)} />
        {item.editedImage ? (
          <img src={item.editedImage} alt={t("images.batch.editedAlt", { name: item.fileName })} className={cn("aspect-square w-full rounded-md border object-cover", CHECKERBOARD)} />
        ) : item.status === "error" ? (
          <div className="flex aspect-square items-center justify-center rounded-md border border-destructive/50 bg-muted text-destructive">
            <AlertTriangleIcon className="size-5" aria-hidden="true" />
          </div>
        ) : (
          <Skeleton className={cn("flex aspect-square items-center justify-center rounded-md", item.status !== "processing" && "animate-none")}>
            {item.status === "processing" && <Spinner aria-label={t("images.status.processing")} />}
          </Skeleton>
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium" title={item.fileName}>
          {item.fileName}
        </p>
        {(item.status === "completed" || item.status === "partial") && (
          <div className="flex shrink-0 items-center gap-1">
            <Badge variant={item.status === "completed" ? "success" : "secondary"}>
              {item.status === "completed" && <CheckCircle2Icon aria-hidden="true" />}
              {t(`images.status.${item.status}`)}
            </Badge>
            <Button type="button" variant="ghost" size="icon" className="size-8" onClick={onDownload} aria-label={t("images.batch.downloadOne", { name: item.fileName })}>
              <DownloadIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      {item.error && <p className="text-xs text-destructive">{item.error}</p>}
    </li>
  );
}
