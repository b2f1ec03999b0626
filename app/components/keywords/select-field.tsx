import { useId } from "react";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";

/**
 * A labelled select (the browser's own, drawn like the Radix one, decision 0062): it is in the server's
 * HTML with its options, so a form posted before hydration, or without JavaScript, sends the chosen
 * value as `name`.
 */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  disabled,
  className,
  name,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  className?: string;
  name?: string;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        disabled={disabled}
        className="w-full"
        data-testid={name ? `select-${name}` : undefined}
        options={options}
      />
    </div>
  );
}
