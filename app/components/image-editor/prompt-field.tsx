import { useCallback, useState } from "react";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useT } from "~/lib/i18n";
import { ExamplePrompts } from "./example-prompts";

/** The edit instruction with its 'Example Prompts' popover beside the label. */
export function PromptField({
  id,
  value,
  onChange,
  disabled,
  testId,
  label,
  hint,
  examplesLabel,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  label?: string;
  hint?: string;
  examplesLabel?: string;
}) {
  const t = useT();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={id}>{label ?? t("images.prompt.label")}</Label>
        <ExamplePrompts disabled={disabled} onPick={onChange} label={examplesLabel} />
      </div>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t("images.prompt.placeholder")}
        disabled={disabled}
        rows={3}
        maxLength={2000}
        aria-describedby={`${id}-hint`}
        className="min-h-24"
        data-testid={testId}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint ?? t("images.prompt.hint")}
      </p>
    </div>
  );
}

/** The instruction and the form's error; typing a new instruction clears the error. */
export function usePromptForm() {
  const [prompt, setPrompt] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const onPromptChange = useCallback((text: string) => {
    setPrompt(text);
    setFormError(null);
  }, []);
  return { prompt, setPrompt, formError, setFormError, onPromptChange };
}

/** The form's error under the instruction, when there is one. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="-mt-3 text-sm text-destructive" data-testid={testId}>
      {message}
    </p>
  );
}
