import { LightbulbIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useT } from "~/lib/i18n";

/** The example groups of SPEC §2; each prompt uses words the local editor's parser understands. */
const GROUPS = {
  background: ["white", "transparent", "lightGrey", "cream"],
  lighting: ["brighten", "autoLevels", "warm", "contrast"],
  sharpen: ["sharpen", "blurry", "crisp"],
  cleanup: ["denoise", "dust", "professional"],
} as const;

type Group = keyof typeof GROUPS;
/** Each group with its own ids (a plain template over both unions would pair every group with every id). */
type ExampleKey = { [G in Group]: `images.examples.${G}.${(typeof GROUPS)[G][number]}` }[Group];

/** 'Example Prompts': tabs Background, Lighting, Sharpen, Cleanup; choosing one fills the instruction. */
export function ExamplePrompts({ onPick, disabled, label }: { onPick: (prompt: string) => void; disabled?: boolean; label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled} data-testid="example-prompts">
          <LightbulbIcon aria-hidden="true" />
          {label ?? t("images.examples.button")}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem] p-3">
        <p className="mb-2 text-sm font-medium">{t("images.examples.title")}</p>
        <Tabs defaultValue="background">
          <TabsList className="w-full">
            {(Object.keys(GROUPS) as Group[]).map((group) => (
              <TabsTrigger key={group} value={group} className="px-1.5 text-xs">
                {t(`images.examples.tab.${group}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {(Object.keys(GROUPS) as Group[]).map((group) => (
            <TabsContent key={group} value={group} className="mt-1">
              <ul className="grid gap-1">
                {GROUPS[group].map((id) => {
                  const text = t(`images.examples.${group}.${id}` as ExampleKey);
                  return (
                    <li key={id}>
                      <button
                        type="button"
                        className="w-full rounded-md px-2 py-2 text-left text-sm leading-snug outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        onClick={() => {
                          onPick(text);
                          setOpen(false);
                        }}
                      >
                        {text}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </TabsContent>
          ))}
        </Tabs>
      </PopoverContent>
    </Popover>
  );
}
