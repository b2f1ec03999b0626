import { InfoIcon, LightbulbIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useT } from "~/lib/i18n";

const PROMPTS = [1, 2, 3, 4, 5] as const;

/** SPEC §2: five sample prompts with [placeholders], each with 'Use' and a 'Why this works' tooltip. */
export function PromptSuggestions({ onUse, disabled }: { onUse: (prompt: string) => void; disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          <LightbulbIcon aria-hidden="true" />
          {t("create.suggestions.open")}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(28rem,calc(100vw-2rem))] p-0">
        <div className="border-b px-4 py-3">
          <p className="text-sm font-semibold">{t("create.suggestions.title")}</p>
          <p className="text-xs text-muted-foreground">{t("create.suggestions.subtitle")}</p>
        </div>
        <ul className="max-h-[min(24rem,60vh)] divide-y overflow-y-auto" data-testid="prompt-suggestions">
          {PROMPTS.map((n) => {
            const prompt = t(`create.suggestions.${n}.prompt`);
            return (
              <li key={n} className="grid gap-2 px-4 py-3">
                <p className="text-sm leading-relaxed">{prompt}</p>
                <div className="flex items-center justify-between gap-2">
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm text-xs text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        <InfoIcon className="size-3.5" aria-hidden="true" />
                        {t("create.suggestions.why")}
                      </button>
                    </TooltipTrigger>
                    <TooltipContent side="top">{t(`create.suggestions.${n}.why`)}</TooltipContent>
                  </Tooltip>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    aria-label={t("create.suggestions.useLabel", { n })}
                    onClick={() => {
                      onUse(prompt);
                      setOpen(false);
                    }}
                  >
                    {t("create.suggestions.use")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
