import { PLATFORMS, type Platform } from "../../schema/api/listings";
import { NativeSelect } from "~/components/ui/native-select";
import { useT } from "~/lib/i18n";

/**
 * The marketplace picker of Create Listing and Audit a Listing (Etsy, Amazon, eBay): the browser's own
 * select (decision 0062), so the form it is in posts the chosen marketplace as `name` without JavaScript.
 */
export function PlatformSelect({
  id,
  name,
  value,
  onChange,
  disabled,
  className,
  testId,
}: {
  id: string;
  name: string;
  value: Platform;
  onChange: (platform: Platform) => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <NativeSelect
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value as Platform)}
      disabled={disabled}
      className={className}
      data-testid={testId}
      options={PLATFORMS.map((p) => ({ value: p, label: t(`create.platform.${p}`) }))}
    />
  );
}
