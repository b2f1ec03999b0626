import { InfoIcon, LightbulbIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

const PROMPTS = [1, 2, 3, 4, 5] as const;

/**
 * SPEC §2: five sample prompts with [placeholders], each with 'Use' and a 'Why this works' tooltip.
 * Without JavaScript (decision 0062) the popover cannot open: the same list is a native disclosure
 * whose 'Use' buttons post `formId` (Create's form), and the server answers it with that prompt as
 * the description; the reason is shown under each prompt instead of in a tooltip.
 */
export function PromptSuggestions({ onUse, disabled, formId }: { onUse: (prompt: string) => void; disabled?: boolean; formId?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const heading = (
    <div className="border-b px-4 py-3">
      <p className="text-sm font-semibold">{t("create.suggestions.title")}</p>
      <p className="text-xs text-muted-foreground">{t("create.suggestions.subtitle")}</p>
    </div>
  );
  const list = "max-h-[min(24rem,60vh)] divide-y overflow-y-auto";
  return (
    <div className="relative">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" size="sm" disabled={disabled} className={formId ? "noscript:hidden" : undefined}>
            <LightbulbIcon aria-hidden="true" />
            {t("create.suggestions.open")}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-[min(28rem,calc(100vw-2rem))] p-0">
          {heading}
          <ul className={list} data-testid="prompt-suggestions">
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
      {formId && (
        <noscript>
          <details className="group" data-testid="prompt-suggestions-no-js">
            <summary className={cn(buttonVariants({ variant: "outline", size: "sm" }), "cursor-pointer list-none rounded-md [&::-webkit-details-marker]:hidden")}>
              <LightbulbIcon aria-hidden="true" />
              {t("create.suggestions.open")}
            </summary>
            <div className="absolute top-full left-0 z-50 mt-1 w-[min(28rem,calc(100vw-5rem))] rounded-md sm:right-0 sm:left-auto border bg-popover text-popover-foreground shadow-md">
              {heading}
              <ul className={list}>
                {PROMPTS.map((n) => (
                  <li key={n} className="grid gap-2 px-4 py-3">
                    <p className="text-sm leading-relaxed">{t(`create.suggestions.${n}.prompt`)}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="font-medium">{t("create.suggestions.why")}:</span> {t(`create.suggestions.${n}.why`)}
                    </p>
                    <Button
                      type="submit"
                      form={formId}
                      name="edit"
                      value={`prompt:${n}`}
                      size="sm"
                      variant="secondary"
                      className="justify-self-end"
                      aria-label={t("create.suggestions.useLabel", { n })}
                    >
                      {t("create.suggestions.use")}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          </details>
        </noscript>
      )}
    </div>
  );
}
