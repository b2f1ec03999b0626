import { useId } from "react";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { cn } from "~/lib/utils";

/**
 * A labelled Radix select; the label points at the trigger so it is named for assistive tech and tests.
 * With a `name`, its value travels in a hidden input: Radix's own form field gets its options only once
 * the page runs, so a form posted before hydration would send no value.
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
      {name && <input type="hidden" name={name} value={value} />}
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange} disabled={disabled}>
        <SelectTrigger id={id} className="w-full" data-testid={name ? `select-${name}` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
