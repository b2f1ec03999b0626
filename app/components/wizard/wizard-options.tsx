import { useId } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useT } from "~/lib/i18n";
import type { Craft, PaperSize, PatternLanguage, WizardChoices } from "~/lib/wizard";

const CRAFT_CHOICES: Craft[] = ["crochet", "knitting", "sewing", "cross-stitch"];
const AUTO = "auto";

/** Craft, pattern language and paper size in one compact row; craft and language default to detection. */
export function WizardOptions({ value, onChange, disabled }: { value: WizardChoices; onChange: (next: WizardChoices) => void; disabled?: boolean }) {
  const t = useT();
  const craftId = useId();
  const languageId = useId();
  const paperId = useId();
  const aiId = useId();
  const aiHintId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-3" role="group" aria-label={t("wizard.options.title")} data-testid="wizard-options">
      <div className="grid gap-1.5">
        <Label htmlFor={craftId} className="text-xs text-muted-foreground">
          {t("wizard.options.craft")}
        </Label>
        <Select value={value.craft ?? AUTO} onValueChange={(v) => onChange({ ...value, craft: v === AUTO ? undefined : (v as Craft) })} disabled={disabled}>
          <SelectTrigger id={craftId} className="w-full" data-testid="craft-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={AUTO}>{t("wizard.options.detect")}</SelectItem>
            {CRAFT_CHOICES.map((craft) => (
              <SelectItem key={craft} value={craft}>
                {t(`wizard.craft.${craft}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={languageId} className="text-xs text-muted-foreground">
          {t("wizard.options.language")}
        </Label>
        <Select value={value.language ?? AUTO} onValueChange={(v) => onChange({ ...value, language: v === AUTO ? undefined : (v as PatternLanguage) })} disabled={disabled}>
          <SelectTrigger id={languageId} className="w-full" data-testid="pattern-language-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={AUTO}>{t("wizard.options.detect")}</SelectItem>
            <SelectItem value="en">{t("wizard.language.en")}</SelectItem>
            <SelectItem value="tr">{t("wizard.language.tr")}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={paperId} className="text-xs text-muted-foreground">
          {t("wizard.options.paperSize")}
        </Label>
        <Select value={value.paperSize} onValueChange={(v) => onChange({ ...value, paperSize: v as PaperSize })} disabled={disabled}>
          <SelectTrigger id={paperId} className="w-full" data-testid="paper-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="a4">{t("wizard.paper.a4")}</SelectItem>
            <SelectItem value="letter">{t("wizard.paper.letter")}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-start gap-2 sm:col-span-3">
        <Checkbox
          id={aiId}
          checked={value.aiAssisted === true}
          onCheckedChange={(checked) => onChange({ ...value, aiAssisted: checked === true ? true : undefined })}
          disabled={disabled}
          aria-describedby={aiHintId}
          className="mt-0.5"
          data-testid="ai-assisted"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={aiId} className="text-sm font-normal">
            {t("wizard.options.aiAssisted")}
          </Label>
          <p id={aiHintId} className="text-xs text-muted-foreground">
            {t("wizard.options.aiAssistedHint")}
          </p>
        </div>
      </div>
    </div>
  );
}
