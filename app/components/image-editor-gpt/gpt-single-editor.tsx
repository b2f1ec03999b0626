import { DownloadIcon, ImageIcon, InfoIcon, RefreshCwIcon, RotateCcwIcon, WandSparklesIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { ImageProviderName } from "../../../schema/api/images";
import { CHECKERBOARD } from "~/components/image-editor/compare-slider";
import { loadImageFile } from "~/components/image-editor/checks";
import { cutoutLine, editFailure, gptFailureMessage, gptFailureNotice, type EditFailure } from "~/components/image-editor/messages";
import { NotDoneList, formatSize } from "~/components/image-editor/single-image-editor";
import { PromptField } from "~/components/image-editor/prompt-field";
import { UploadZone } from "~/components/image-editor/upload-zone";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { editImageGpt, type GptEditResult } from "~/lib/api/images";
import { toPngBlob, triggerDownload } from "~/lib/images/files";
import { useQuotaExhausted } from "~/lib/quota";
import "~/lib/i18n/catalog/images";

const ACCEPT = "image/png,image/jpeg,image/webp";

/** GPT editor, Single Image Edit (SPEC §2): upload, instruction, provider-labelled submit, result. */
export function GptSingleEditor({
  provider,
  providerName,
  submitLabel,
  onEdited,
}: {
  provider: ImageProviderName | undefined;
  providerName: string;
  submitLabel: string;
  onEdited: (result: GptEditResult) => void;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ file: File; dataUrl: string; downscaled?: { fromBytes: number; toBytes: number } } | null>(null);
  /** The offline editor refused the whole instruction: what it could not do, and why. */
  const [refusal, setRefusal] = useState<EditFailure | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const quotaExhausted = useQuotaExhausted("edit-image");
  const [result, setResult] = useState<GptEditResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function choose(files: File[]) {
    const file = files[0];
    if (!file) return;
    const loaded = await loadImageFile(t, file);
    if ("error" in loaded) {
      setFileError(loaded.error);
      return;
    }
    setFileError(null);
    setFormError(null);
    setSource({ file: loaded.file, dataUrl: loaded.dataUrl, downscaled: loaded.downscaled });
    setResult(null);
    setError(null);
    setRefusal(null);
  }

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!source || !prompt.trim()) {
      setFormError(t("images.validation.missing"));
      return;
    }
    setFormError(null);
    setBusy(true);
    setError(null);
    setRefusal(null);
    try {
      const edited = await editImageGpt(source.dataUrl, prompt.trim(), source.file.name);
      setResult(edited);
      // A partial edit is not announced as a success: the notice says what is missing.
      if (edited.notApplied.length) toast({ title: t("images.notice.partial"), description: t("images.notice.partialBody", { n: edited.notApplied.length }) });
      else toast({ title: t("images.notice.success"), description: t("images.gpt.successBody"), variant: "success" });
      if (edited.promptEnhanced) toast({ title: t("images.notice.promptEnhanced"), description: edited.enhancedPrompt, duration: 5000 });
      onEdited(edited);
    } catch (failure) {
      const refused = editFailure(t, failure);
      if (refused.notApplied) {
        setRefusal(refused);
        setResult(null);
        toast({ title: refused.title, description: refused.message, variant: "destructive" });
        return;
      }
      const message = gptFailureMessage(t, failure, providerName);
      setError(message);
      setResult(null);
      toast({ title: t("images.notice.failed"), description: gptFailureNotice(t, message), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    if (!result) return;
    const blob = await toPngBlob(result.image);
    const url = URL.createObjectURL(blob);
    triggerDownload(url, `edited-image-${Date.now()}.png`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: t("images.notice.downloaded"), variant: "success" });
  }

  const blank = !source || !prompt.trim();

  return (
    <form className="grid gap-6 lg:grid-cols-2" onSubmit={submit} noValidate>
      <p className="sr-only" aria-live="polite">
        {busy ? t("images.gpt.processing") : error ? error : result ? t("images.notice.success") : ""}
      </p>
      <Card>
        <CardHeader>
          <CardTitle>{t("images.gpt.sourceTitle")}</CardTitle>
          <CardDescription>{t("images.gpt.sourceDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2">
            {source && (
              <div className="grid gap-3">
                <div className={`flex items-center justify-center overflow-hidden rounded-lg border ${CHECKERBOARD}`}>
                  <img src={source.dataUrl} alt={t("images.single.previewAlt", { name: source.file.name })} className="max-h-72 w-full object-contain" />
                </div>
                <div className="flex items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium" data-testid="gpt-source-name">
                      {source.file.name}
                    </p>
                    {source.downscaled && (
                      <p className="text-xs text-muted-foreground" data-testid="gpt-downscaled-note">
                        {t("images.upload.downscaled", { from: formatSize(source.downscaled.fromBytes), to: formatSize(source.downscaled.toBytes) })}
                      </p>
                    )}
                  </div>
                  <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()} data-testid="gpt-change-image">
                    <RefreshCwIcon aria-hidden="true" />
                    {t("images.gpt.changeImage")}
                  </Button>
                </div>
              </div>
            )}
            <UploadZone
              className={source ? "hidden" : undefined}
              inputRef={inputRef}
              accept={ACCEPT}
              title={t("images.upload.title")}
              hint={t("images.gpt.uploadHint")}
              disabled={busy}
              invalid={!!fileError}
              onFiles={choose}
              testId="gpt-upload"
            />
            {fileError && (
              <p role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            )}
          </div>

          <PromptField
            id={`${id}-prompt`}
            value={prompt}
            onChange={(text) => {
              setPrompt(text);
              setFormError(null);
            }}
            disabled={busy}
            label={t("images.gpt.promptLabel")}
            hint={t("images.gpt.promptHint")}
            testId="gpt-prompt"
          />
          {formError && (
            <p role="alert" className="-mt-3 text-sm text-destructive">
              {formError}
            </p>
          )}
          <div className="grid gap-2">
            <Button type="submit" size="lg" disabled={busy || blank || quotaExhausted} data-testid="gpt-submit">
              {busy ? <Spinner aria-hidden="true" /> : <WandSparklesIcon aria-hidden="true" />}
              {busy ? t("images.gpt.processing") : submitLabel}
            </Button>
            {blank && !busy && <p className="text-center text-xs text-muted-foreground">{t("images.gpt.submitDisabledHint")}</p>}
          </div>
          {provider && provider !== "openai" && <OfflineNote providerName={providerName} />}
        </CardContent>
      </Card>

      <Card aria-busy={busy}>
        <CardHeader>
          <CardTitle>{t("images.gpt.resultTitle")}</CardTitle>
          {provider && <CardDescription>{t("images.gpt.resultDescription", { provider: providerName })}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {busy ? (
            <div className="grid gap-4">
              <Skeleton className="aspect-square w-full rounded-lg" />
              <Progress value={null} aria-label={t("images.gpt.processing")} />
            </div>
          ) : refusal ? (
            <Alert variant="destructive" data-testid="gpt-refusal">
              <AlertTitle>{refusal.title}</AlertTitle>
              <AlertDescription>
                <p>{refusal.message}</p>
                {refusal.notApplied?.length ? <NotDoneList items={refusal.notApplied} /> : null}
              </AlertDescription>
            </Alert>
          ) : error ? (
            <Alert variant="destructive" data-testid="gpt-error">
              <AlertTitle>{t("images.notice.failed")}</AlertTitle>
              <AlertDescription>
                <p>{gptFailureNotice(t, error)}</p>
                <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => submit()}>
                  <RotateCcwIcon aria-hidden="true" />
                  {t("images.tryAgain")}
                </Button>
              </AlertDescription>
            </Alert>
          ) : result ? (
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
          ) : (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ImageIcon className="size-6" aria-hidden="true" />
              </span>
              <p className="max-w-xs text-sm text-muted-foreground" data-testid="gpt-placeholder">
                {t("images.gpt.placeholder")}
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </form>
  );
}

/** Said plainly when no OpenAI key is configured (STYLE: the UI names the embedded default). */
export function OfflineNote({ providerName }: { providerName: string }) {
  const t = useT();
  return (
    <Alert variant="warning" data-testid="gpt-offline-note">
      <InfoIcon aria-hidden="true" />
      <AlertDescription className="text-inherit">{t("images.gpt.offlineNote", { provider: providerName.replace(/^Local/, "local") })}</AlertDescription>
    </Alert>
  );
}
