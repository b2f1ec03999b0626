import { AlertTriangleIcon, DownloadIcon, ImagesIcon, Layers3Icon, XIcon } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { useT } from "~/lib/i18n";
import { triggerDownload } from "~/lib/images/files";
import { useQuotaExhausted } from "~/lib/quota";
import { cn } from "~/lib/utils";
import { CHECKERBOARD } from "./compare-slider";
import { FormError, PromptField, usePromptForm } from "./prompt-field";
import { UploadZone } from "./upload-zone";
import { resultEntryName, uniqueNames, zipStore } from "./zip";

/** The UI both batch editors share: the server batch and the client loop differ only in what they pass. */

export interface Picked {
  file: File;
  preview: string;
}

/** What both batch forms hold: the chosen images, the selection's errors, the file input, the instruction and the form's error. */
export function useBatchForm() {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [selectionErrors, setSelectionErrors] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  return { picked, setPicked, selectionErrors, setSelectionErrors, inputRef, ...usePromptForm() };
}

/**
 * The batch's source card: the chosen images (`selection`, shown once there are some; the upload zone
 * hides then), the selection's errors, the instruction, the form's error and the start button.
 * `children` follow the button.
 */
export function BatchSourceCard({
  id,
  description,
  selection,
  accept,
  uploadHint,
  onFiles,
  running,
  form,
  promptLabel,
  submitLabel,
  onSubmit,
  ids,
  preview,
  children,
}: {
  id: string;
  description: string;
  selection: ReactNode;
  accept: string;
  uploadHint: string;
  onFiles: (files: File[]) => void;
  running: boolean;
  form: ReturnType<typeof useBatchForm>;
  promptLabel?: string;
  submitLabel: string;
  onSubmit: () => void;
  ids: { upload: string; prompt: string; submit: string; selectionErrors?: string; formError?: string };
  /** What the instruction will do, shown between the prompt and the start button. */
  preview?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const quotaExhausted = useQuotaExhausted("edit-image");
  const { selectionErrors } = form;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("images.batch.sourceTitle")}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3">
          {selection}
          <UploadZone
            className={selection ? "hidden" : undefined}
            inputRef={form.inputRef}
            multiple
            accept={accept}
            title={t("images.batch.uploadTitle")}
            hint={uploadHint}
            disabled={running}
            invalid={selectionErrors.length > 0}
            onFiles={onFiles}
            testId={ids.upload}
          />
          {selectionErrors.length > 0 && (
            <div role="alert" className="grid gap-1 text-sm text-destructive" data-testid={ids.selectionErrors}>
              {selectionErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
        </div>
        <PromptField id={`${id}-prompt`} value={form.prompt} onChange={form.onPromptChange} disabled={running} label={promptLabel} hint={t("images.batch.promptHint")} testId={ids.prompt} />
        {preview}
        <FormError message={form.formError} testId={ids.formError} />
        <Button type="button" size="lg" disabled={running || quotaExhausted} onClick={onSubmit} data-testid={ids.submit}>
          {running ? <Spinner aria-hidden="true" /> : <Layers3Icon aria-hidden="true" />}
          {submitLabel}
        </Button>
        {children}
      </CardContent>
    </Card>
  );
}

/** The chosen images as thumbnails, each with its remove button; `children` ends the grid (the 'Add more' tile). */
export function SelectedImages({
  picked,
  disabled,
  onRemove,
  label,
  testId,
  children,
}: {
  picked: Picked[];
  disabled: boolean;
  onRemove: (index: number) => void;
  label?: string;
  testId: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label={label} data-testid={testId}>
      {picked.map((item, index) => (
        <li key={item.preview} className="group relative">
          <img src={item.preview} alt={item.file.name} className={cn("aspect-square w-full rounded-md border object-cover", CHECKERBOARD)} />
          <p className="mt-1 truncate text-xs text-muted-foreground" title={item.file.name}>
            {item.file.name}
          </p>
          <Button
            type="button"
            size="icon"
            variant="secondary"
            disabled={disabled}
            className="absolute right-1 top-1 size-7 rounded-full shadow"
            aria-label={t("images.batch.removeFile", { name: item.file.name })}
            onClick={() => onRemove(index)}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** The results card; `header` follows its description. */
export function BatchResultsCard({ busy, description, header, children }: { busy: boolean; description: string; header?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <Card aria-busy={busy}>
      <CardHeader>
        <CardTitle>{t("images.batch.resultsTitle")}</CardTitle>
        <CardDescription>{description}</CardDescription>
        {header}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** The results card before a batch has run. */
export function NoResults({ body, children }: { body: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ImagesIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">{t("images.batch.emptyTitle")}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}

/** 'n of total processed' with its bar; `status` stands beside the count, `children` under the bar. */
export function BatchProgress({ done, total, testId, status, children }: { done: number; total: number; testId?: string; status?: ReactNode; children?: ReactNode }) {
  const t = useT();
  const label = t("images.batch.progress", { done, total });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium tabular-nums" aria-live="polite" data-testid={testId}>
          {label}
        </span>
        {status}
      </div>
      <Progress value={Math.round((done / Math.max(1, total)) * 100)} aria-label={label} />
      {children}
    </div>
  );
}

/** The notice that some images of the batch failed. */
export function FailedAlert({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertTriangleIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** 'Download All (n)': one ZIP of the edited images. */
export function DownloadAllButton({ n, onClick, zipping = false, className, testId }: { n: number; onClick: () => void; zipping?: boolean; className?: string; testId?: string }) {
  const t = useT();
  return (
    <Button type="button" className={className} onClick={onClick} disabled={zipping} data-testid={testId}>
      {zipping ? <Spinner aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
      {t("images.batch.downloadAll", { n })}
    </Button>
  );
}

/** Saves the edited images as one ZIP named after today, each entry after its original (deduplicated); answers the file name. */
export async function downloadZip(files: { original: string; type: string; blob: Blob }[]): Promise<string> {
  const datas = await Promise.all(files.map(async (f) => new Uint8Array(await f.blob.arrayBuffer())));
  const names = uniqueNames(files.map((f) => resultEntryName(f.original, f.type)));
  const zip = zipStore(datas.map((data, i) => ({ name: names[i], data })));
  const fileName = `listora-edited-${new Date().toISOString().slice(0, 10)}.zip`;
  const url = URL.createObjectURL(new Blob([zip as BlobPart], { type: "application/zip" }));
  triggerDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
