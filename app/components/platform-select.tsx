import { PLATFORMS, type Platform } from "../../schema/api/listings";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useT } from "~/lib/i18n";

/** The marketplace picker of Create Listing and Audit a Listing (Etsy, Amazon, eBay). */
export function PlatformSelect({
  id,
  value,
  onChange,
  disabled,
  className,
  testId,
}: {
  id: string;
  value: Platform;
  onChange: (platform: Platform) => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <Select value={value} onValueChange={(v) => onChange(v as Platform)} disabled={disabled}>
      <SelectTrigger id={id} className={className} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PLATFORMS.map((p) => (
          <SelectItem key={p} value={p}>
            {t(`create.platform.${p}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
