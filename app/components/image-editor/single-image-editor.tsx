import { AlertTriangleIcon, CheckCircle2Icon, DownloadIcon, ImageIcon, RefreshCwIcon, RotateCcwIcon, SparklesIcon, WandSparklesIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { ImageCategory, ImagePlatform, NotApplied } from "../../../schema/api/images";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { useQuotaExhausted, useRefreshQuota } from "~/lib/quota";
import { CHECKERBOARD, CompareSlider } from "./compare-slider";
import { PromptField } from "./prompt-field";
import { editImage, type EditResult } from "~/lib/api/images";
import { dataUrlToBlob, editedFileName, mimeOfDataUrl, triggerDownload } from "~/lib/images/files";
import { loadImageFile } from "./checks";
import { cutoutLine, editFailure, providerLabel, type EditFailure } from "./messages";
import { UploadZone } from "./upload-zone";
import "~/lib/i18n/catalog/images";

interface Source {
  file: File;
  dataUrl: string;
  width: number;
  height: number;
  /** Made smaller in the browser to fit 5 MB (from, to bytes). */
  downscaled?: { fromBytes: number; toBytes: number };
}

const ACCEPT = "image/jpeg,image/png,image/webp";

/** Single image: idle, processing (inputs disabled), then success (result image) or error (SPEC §4). */
export function SingleImageEditor({ platform, category, onEdited }: { platform: ImagePlatform; category: ImageCategory; onEdited: (result: EditResult) => void }) {
  const t = useT();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<EditResult | null>(null);
  const [failure, setFailure] = useState<EditFailure | null>(null);

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
    setResult(null);
    setFailure(null);
  }

  // A photo copied to the clipboard can be pasted anywhere on the screen (Ctrl/Cmd+V).
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const quotaExhausted = useQuotaExhausted("edit-image");
  const refreshQuota = useRefreshQuota();
  const busyRef = useRef(busy);
  busyRef.current = busy;
  useEffect(() => {
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
  }, []);

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
      const edited = await editImage({ image: source.dataUrl, prompt: prompt.trim(), category, platform, fileName: source.file.name });
      setResult(edited);
      if (window.matchMedia("(max-width: 1023px)").matches) requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
      // A partial edit is not announced as a success: the notice says what is missing.
      const skipped = edited.notApplied?.length ?? 0;
      if (skipped) toast({ title: t("images.notice.partial"), description: t("images.notice.partialBody", { n: skipped }), variant: "default" });
      else toast({ title: t("images.notice.success"), description: t("images.notice.successBody"), variant: "success" });
      onEdited(edited);
    } catch (error) {
      const failed = editFailure(t, error, { single: true });
      setResult(null);
      if (failed.quotaExceeded) {
        // The usage card carries the one quota message (with 'See plans'); the button is disabled.
        setFailure(null);
        void refreshQuota("edit-image");
      } else {
        setFailure(failed);
        toast({ title: failed.title, description: failed.message, variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  function download() {
    if (!result || !source) return;
    triggerDownload(result.result.image, editedFileName(source.file.name, mimeOfDataUrl(result.result.image)));
    toast({ title: t("images.notice.downloadStarted"), variant: "success" });
  }

  /** Continue from the result: it becomes the new original. */
  async function keepEditing() {
    if (!result || !source) return;
    const blob = dataUrlToBlob(result.result.image);
    const file = new File([blob], editedFileName(source.file.name, blob.type), { type: blob.type });
    setSource({ file, dataUrl: result.result.image, width: result.result.width, height: result.result.height });
    setResult(null);
    setPrompt("");
  }

  const status = busy ? t("images.single.processing") : failure ? failure.message : result ? t("images.notice.success") : "";

  return (
    <form className="grid gap-6 lg:grid-cols-2" onSubmit={submit} noValidate aria-describedby={statusId}>
      <p id={statusId} className="sr-only" aria-live="polite">
        {status}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>{t("images.single.sourceTitle")}</CardTitle>
          <CardDescription>{t("images.single.sourceDescription")}</CardDescription>
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
                    <p className="truncate font-medium" data-testid="source-name">
                      {source.file.name}
                    </p>
                    <p className="text-xs text-muted-foreground tabular-nums">{t("images.single.dimensions", { width: source.width, height: source.height, size: formatSize(source.file.size) })}</p>
                    {source.downscaled && (
                      <p className="text-xs text-muted-foreground" data-testid="downscaled-note">
                        {t("images.upload.downscaled", { from: formatSize(source.downscaled.fromBytes), to: formatSize(source.downscaled.toBytes) })}
                      </p>
                    )}
                  </div>
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
                        setResult(null);
                        setFailure(null);
                      }}
                    >
                      <XIcon aria-hidden="true" />
                      {t("images.single.remove")}
                    </Button>
                  </div>
                </div>
              </div>
            ) : null}
            <UploadZone
              className={source ? "hidden" : undefined}
              inputRef={inputRef}
              accept={ACCEPT}
              title={t("images.upload.title")}
              hint={t("images.upload.hint")}
              disabled={busy}
              invalid={!!fileError}
              onFiles={choose}
              testId="single-upload"
            />
            {!source && !fileError && <p className="hidden text-xs text-muted-foreground sm:block">{t("images.upload.paste")}</p>}
            {fileError && (
              <p role="alert" className="text-sm text-destructive" data-testid="file-error">
                {fileError}
              </p>
            )}
          </div>

          <PromptField
            id={`${statusId}-prompt`}
            value={prompt}
            onChange={(text) => {
              setPrompt(text);
              setFormError(null);
            }}
            disabled={busy}
            testId="single-prompt"
          />

          {formError && (
            <p role="alert" className="-mt-3 text-sm text-destructive" data-testid="form-error">
              {formError}
            </p>
          )}
          <Button type="submit" size="lg" disabled={busy || quotaExhausted} data-testid="single-submit">
            {busy ? <Spinner aria-hidden="true" /> : <WandSparklesIcon aria-hidden="true" />}
            {busy ? t("images.single.processing") : t("images.single.submit")}
          </Button>
        </CardContent>
      </Card>

      <Card aria-busy={busy} ref={resultRef} className="scroll-mt-20">
        <CardHeader>
          <CardTitle>{t("images.result.title")}</CardTitle>
          <CardDescription>{t("images.result.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {busy ? (
            <div className="grid gap-4" data-testid="single-progress">
              <Skeleton className="aspect-square w-full rounded-lg" />
              <Progress value={null} aria-label={t("images.single.processing")} />
              <p className="text-center text-sm text-muted-foreground">{t("images.single.processingHint")}</p>
            </div>
          ) : failure ? (
            <Alert variant="destructive" data-testid="single-error">
              <AlertTitle>{failure.title}</AlertTitle>
              <AlertDescription>
                <p>{failure.message}</p>
                {failure.notApplied?.length ? <NotDoneList items={failure.notApplied} /> : null}
                {!failure.quotaExceeded && !failure.notApplied && (
                  <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => submit()}>
                    <RotateCcwIcon aria-hidden="true" />
                    {t("images.tryAgain")}
                  </Button>
                )}
              </AlertDescription>
            </Alert>
          ) : result && source ? (
            <div className="grid gap-4" data-testid="single-result">
              <CompareSlider before={source.dataUrl} after={result.result.image} width={result.result.width} height={result.result.height} />
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={download} data-testid="single-download">
                  <DownloadIcon aria-hidden="true" />
                  {t("images.download")}
                </Button>
                <Button type="button" variant="outline" onClick={keepEditing}>
                  <SparklesIcon aria-hidden="true" />
                  {t("images.single.keepEditing")}
                </Button>
              </div>
              <WhatWeDid result={result} />
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

/** The plan the editor applied, in plain words ('What we did'), and the 'Prompt Enhanced' note. */
export function WhatWeDid({
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

export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
