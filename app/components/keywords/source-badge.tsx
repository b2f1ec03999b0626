import { FlaskConicalIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/**
 * The mark every figure from the offline sample engine carries, next to the figure: amber, never the
 * green of a success, so sample data cannot pass for live data (decision 0016).
 */
export function SampleBadge({ className, testId = "sample-badge" }: { className?: string; testId?: string }) {
  const t = useT();
  return (
    <Badge variant="warning" className={cn("font-medium", className)} data-testid={testId}>
      <FlaskConicalIcon aria-hidden="true" />
      {t("source.sample")}
    </Badge>
  );
}

/** A neutral mark naming the provider of live figures (outline, never green). */
export function ProviderBadge({ label, className, testId = "provider-badge" }: { label: string; className?: string; testId?: string }) {
  return (
    <Badge variant="outline" className={cn("max-w-full font-normal whitespace-normal text-left", className)} data-testid={testId}>
      {label}
    </Badge>
  );
}
