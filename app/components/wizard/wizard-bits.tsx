import { CpuIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { WizardFailure } from "~/lib/wizard";

/** The step's Back / Next row: Back on the left, the forward actions on the right; stacked on a phone. */
export function WizardActions({ back, children, className }: { back?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cn("mt-6 flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between", className)}>
      <div className="flex flex-col sm:flex-row">{back}</div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">{children}</div>
    </div>
  );
}

/**
 * Says plainly when the built-in (offline) engine did the work, not a configured AI service; in the
 * screen's language (the server's label is English), while a real provider keeps its own name.
 */
export function ProviderBadge({ label, offline }: { label: string; offline: boolean }) {
  const t = useT();
  if (!label) return null;
  if (!offline) return <span className="text-xs text-muted-foreground">{t("wizard.provider.served", { provider: label })}</span>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="outline" tabIndex={0} className="gap-1.5 py-1 font-normal" data-testid="provider-offline">
          <CpuIcon aria-hidden="true" />
          {t("wizard.provider.offline")}
        </Badge>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{t("wizard.provider.offlineHint")}</TooltipContent>
    </Tooltip>
  );
}

/** A failure as text, in the current language (a server message stays as the server wrote it). */
export function useFailureText() {
  const t = useT();
  return (failure: WizardFailure) => {
    if (failure.kind === "message") return failure.message;
    if (failure.kind === "quota") return t("wizard.listing.quota", { used: failure.used, limit: failure.limit });
    return t(failure.key);
  };
}

/** A server message starts with the SPEC's text ("Failed to format content: ..."); under a title with that text, only the rest is new. */
export function detailAfter(title: string, message: string) {
  const rest = message.startsWith(title) ? message.slice(title.length).replace(/^[\s.:]+/, "") : message;
  const text = rest.trim();
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
