import { AlertTriangleIcon, CheckCircle2Icon, DownloadIcon, ImagesIcon, Layers3Icon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { IMAGE_LIMITS } from "../../../schema/api/images";
import { CHECKERBOARD } from "~/components/image-editor/compare-slider";
import { batchCounts } from "~/components/image-editor/batch-precheck";
import { BatchPrecheckDialog, precheckBatch, type PrecheckQuestion } from "~/components/image-editor/batch-precheck-dialog";
import { prepareBatchSelection } from "~/components/image-editor/checks";
import { processGptBatch, type GptBatchItem } from "~/components/image-editor/client-batch";
import { PromptField } from "~/components/image-editor/prompt-field";
import { UploadZone } from "~/components/image-editor/upload-zone";
import { resultEntryName, uniqueNames, zipStore } from "~/components/image-editor/zip";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { toPngBlob, triggerDownload } from "~/lib/images/files";
import { useQuotaExhausted, useRefreshQuota } from "~/lib/quota";
import { cn } from "~/lib/utils";
import "~/lib/i18n/catalog/images";

/**
 * GPT editor, Batch Processing (SPEC §2, §4): the client loop edits the selected images one by one;
 * the results list appears once a run starts, and a new selection clears earlier results.
 */
export function GptBatchEditor({ providerName, onFinished }: { providerName: string; onFinished: (completed: number) => void }) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const quotaExhausted = useQuotaExhausted("edit-image");
  const [previews, setPreviews] = useState<string[]>([]);
  const [selectionErrors, setSelectionErrors] = useState<string[]>([]);
  const [prompt, setPrompt] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [items, setItems] = useState<GptBatchItem[] | null>(null);
  /** The quota pre-check's question when more images are chosen than edits are left today. */
  const [precheck, setPrecheck] = useState<PrecheckQuestion | null>(null);
  const refreshQuota = useRefreshQuota();

  const previewsRef = useRef<string[]>([]);
  previewsRef.current = previews;
  useEffect(() => () => previewsRef.current.forEach((url) => URL.revokeObjectURL(url)), []);

  async function select(added: File[]) {
    // Photos over 5 MB are made smaller in the browser first; only those that cannot be are refused.
    const { accepted, errors } = await prepareBatchSelection(t, 0, added);
    setSelectionErrors(errors);
    setFormError(null);
    if (errors.length && accepted.length === 0) return;
    // Changing the selected images clears earlier batch results.
    previews.forEach((url) => URL.revokeObjectURL(url));
    setFiles(accepted);
    setPreviews(accepted.map((file) => URL.createObjectURL(file)));
    setItems(null);
  }

  function remove(index: number) {
    URL.revokeObjectURL(previews[index]);
    setFiles((list) => list.filter((_, i) => i !== index));
    setPreviews((list) => list.filter((_, i) => i !== index));
    setItems(null);
  }

  async function start(send?: number) {
    if (running) return;
    if (files.length === 0 || !prompt.trim()) {
      setFormError(t("images.validation.batchMissing"));
      return;
    }
    setFormError(null);
    if (send === undefined) {
      // Read the edits left today first: a batch larger than that asks before anything is sent.
      const question = await precheckBatch(files.length);
      if (question) {
        setPrecheck(question);
        void refreshQuota("edit-image");
        return;
      }
    }
    const chosen = files.slice(0, send ?? files.length);
    const skipped = files.length - chosen.length;
    setRunning(true);
    setItems(chosen.map((file, index) => ({ fileName: file.name, originalImage: previews[index], editedImage: null, status: "pending", error: null, promptEnhanced: false, enhancedPrompt: "" })));
    try {
      const { completed, failed } = await processGptBatch(t, chosen, prompt.trim(), providerName, (index, patch) =>
        setItems((list) => list?.map((item, i) => (i === index ? { ...item, ...patch } : item)) ?? list),
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
    triggerDownload(url, `edited-image-${Date.now()}-${index + 1}.png`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /** One ZIP of every edited image, each named after its original (deduplicated). */
  async function downloadAll() {
    const done = (items ?? []).filter((item) => item.status === "completed" && item.editedImage);
    try {
      const blobs = await Promise.all(done.map((item) => toPngBlob(item.editedImage!)));
      const datas = await Promise.all(blobs.map(async (blob) => new Uint8Array(await blob.arrayBuffer())));
      const names = uniqueNames(done.map((item) => resultEntryName(item.fileName, "image/png")));
      const zip = zipStore(datas.map((data, i) => ({ name: names[i], data })));
      const fileName = `listora-edited-${new Date().toISOString().slice(0, 10)}.zip`;
      const url = URL.createObjectURL(new Blob([zip as BlobPart], { type: "application/zip" }));
      triggerDownload(url, fileName);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: t("images.notice.downloaded"), description: t("images.batch.downloadZipBody", { n: done.length, file: fileName }), variant: "success" });
    } catch {
      toast({ title: t("images.notice.failed"), variant: "destructive" });
    }
  }

  const done = items?.filter((item) => item.status === "completed" || item.status === "error").length ?? 0;
  const completed = items?.filter((item) => item.status === "completed").length ?? 0;
  const failed = items?.filter((item) => item.status === "error").length ?? 0;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t("images.batch.sourceTitle")}</CardTitle>
          <CardDescription>{t("images.gpt.batchDescription", { max: IMAGE_LIMITS.batchMax })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-3">
            {files.length > 0 && (
              <>
                <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" data-testid="gpt-batch-selection">
                  {files.map((file, index) => (
                    <li key={previews[index]} className="relative">
                      <img src={previews[index]} alt={file.name} className={cn("aspect-square w-full rounded-md border object-cover", CHECKERBOARD)} />
                      <p className="mt-1 truncate text-xs text-muted-foreground" title={file.name}>
                        {file.name}
                      </p>
                      <Button
                        type="button"
                        size="icon"
                        variant="secondary"
                        disabled={running}
                        className="absolute right-1 top-1 size-7 rounded-full shadow"
                        aria-label={t("images.batch.removeFile", { name: file.name })}
                        onClick={() => remove(index)}
                      >
                        <XIcon aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
                <Button type="button" variant="outline" size="sm" className="w-fit" disabled={running} onClick={() => inputRef.current?.click()}>
                  {t("images.gpt.changeImages")}
                </Button>
              </>
            )}
            <UploadZone
              className={files.length ? "hidden" : undefined}
              inputRef={inputRef}
              multiple
              accept="image/png,image/jpeg,image/webp"
              title={t("images.batch.uploadTitle")}
              hint={t("images.gpt.batchUploadHint", { max: IMAGE_LIMITS.batchMax })}
              disabled={running}
              invalid={selectionErrors.length > 0}
              onFiles={select}
              testId="gpt-batch-upload"
            />
            {selectionErrors.length > 0 && (
              <div role="alert" className="grid gap-1 text-sm text-destructive">
                {selectionErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            )}
          </div>
          <PromptField
            id={`${id}-prompt`}
            value={prompt}
            onChange={(text) => {
              setPrompt(text);
              setFormError(null);
            }}
            disabled={running}
            label={t("images.gpt.batchPromptLabel")}
            hint={t("images.batch.promptHint")}
            testId="gpt-batch-prompt"
          />
          {formError && (
            <p role="alert" className="-mt-3 text-sm text-destructive">
              {formError}
            </p>
          )}
          <Button type="button" size="lg" disabled={running || quotaExhausted} onClick={() => start()} data-testid="gpt-batch-submit">
            {running ? <Spinner aria-hidden="true" /> : <Layers3Icon aria-hidden="true" />}
            {running ? t("images.gpt.batchRunning", { done, n: files.length }) : t("images.gpt.batchStart", { n: files.length })}
          </Button>
        </CardContent>
      </Card>

      <Card aria-busy={running}>
        <CardHeader>
          <CardTitle>{t("images.batch.resultsTitle")}</CardTitle>
          <CardDescription>{t("images.gpt.batchResultsDescription", { provider: providerName })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!items ? (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ImagesIcon className="size-6" aria-hidden="true" />
              </span>
              <p className="font-medium">{t("images.batch.emptyTitle")}</p>
              <p className="max-w-xs text-sm text-muted-foreground">{t("images.gpt.batchEmptyBody")}</p>
            </div>
          ) : (
            <div className="grid gap-4" data-testid="gpt-batch-results">
              <div className="grid gap-2">
                <span className="text-sm font-medium tabular-nums" aria-live="polite">
                  {t("images.batch.progress", { done, total: items.length })}
                </span>
                <Progress value={Math.round((done / Math.max(1, items.length)) * 100)} aria-label={t("images.batch.progress", { done, total: items.length })} />
              </div>
              <ul className="grid gap-3 sm:grid-cols-2">
                {items.map((item, index) => (
                  <li key={index} className="grid gap-2 rounded-lg border p-3" data-testid="gpt-batch-item" data-status={item.status}>
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
                      {item.status === "completed" && (
                        <div className="flex shrink-0 items-center gap-1">
                          <Badge variant="success">
                            <CheckCircle2Icon aria-hidden="true" />
                            {t("images.status.completed")}
                          </Badge>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            onClick={() => download(item, index)}
                            aria-label={t("images.batch.downloadOne", { name: item.fileName })}
                          >
                            <DownloadIcon aria-hidden="true" />
                          </Button>
                        </div>
                      )}
                    </div>
                    {item.error && <p className="text-xs text-destructive">{item.error}</p>}
                  </li>
                ))}
              </ul>
              {!running && failed > 0 && (
                <Alert variant="destructive">
                  <AlertTriangleIcon aria-hidden="true" />
                  <AlertTitle>{t("images.gpt.batchError")}</AlertTitle>
                  <AlertDescription>{t("images.batch.failedSummary", { n: failed })}</AlertDescription>
                </Alert>
              )}
              {!running && completed > 0 && (
                <Button type="button" className="w-fit" onClick={downloadAll}>
                  <DownloadIcon aria-hidden="true" />
                  {t("images.batch.downloadAll", { n: completed })}
                </Button>
              )}
            </div>
          )}
        </CardContent>
      </Card>
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
