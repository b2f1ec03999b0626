import { ChevronDownIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Card, CardContent } from "~/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** A collapsible result section, open by default (SPEC §2). */
export function ResultSection({ title, icon, badge, children, testId }: { title: string; icon?: ReactNode; badge?: ReactNode; children: ReactNode; testId?: string }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  return (
    <Card className="gap-0 py-0" data-testid={testId}>
      <Collapsible open={open} onOpenChange={setOpen}>
        <h2 className="text-base font-semibold">
          <CollapsibleTrigger className="flex w-full items-center justify-between gap-3 px-6 py-4 text-left hover:bg-muted/40" aria-label={t("advanced.section.toggle", { section: title })}>
            <span className="flex flex-wrap items-center gap-2">
              {icon}
              {title}
              {badge}
            </span>
            <ChevronDownIcon className={cn("size-4 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden="true" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent>
          <CardContent className="border-t pt-5 pb-6">{children}</CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
