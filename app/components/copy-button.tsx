import { CheckIcon, CopyIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** SPEC: copying shows 'Copied to clipboard' and turns the button into a check for 2 seconds. */
const COPY_CONFIRM_MS = 2000;

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Fallback for browsers without the async clipboard API (or without permission).
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

export function CopyButton({ text, label, className, size = "sm", showLabel = false }: { text: string; label?: string; className?: string; size?: "sm" | "icon"; showLabel?: boolean }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const name = label ?? t("copy.copy");

  async function onCopy() {
    try {
      await copyText(text);
      setCopied(true);
      toast({ title: t("copy.copied"), variant: "success", duration: COPY_CONFIRM_MS });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      toast({ title: t("copy.failed"), variant: "destructive" });
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size={showLabel ? "sm" : size === "icon" ? "icon" : "sm"}
      onClick={onCopy}
      aria-label={copied ? t("copy.copied") : name}
      data-copied={copied ? "true" : undefined}
      className={cn(!showLabel && "size-8 p-0", className)}
    >
      {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
      {showLabel && <span>{copied ? t("copy.copied") : name}</span>}
    </Button>
  );
}
