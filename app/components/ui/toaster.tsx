import * as React from "react";
import { Toast as ToastPrimitive } from "radix-ui";

import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "~/components/ui/toast";
import { useToast } from "~/components/ui/use-toast";

interface ToasterProps {
  /** Default auto-dismiss time in ms; a toast's own `duration` wins. */
  duration?: number;
  /** Screen-reader label of each toast's close button. */
  closeLabel?: string;
  /** Label announced with each toast (Radix `label`), e.g. "Notification". */
  toastLabel?: string;
  /** aria-label of the viewport region; `{hotkey}` is replaced by the hotkey (F8). */
  viewportLabel?: string;
  swipeDirection?: React.ComponentProps<typeof ToastPrimitive.Provider>["swipeDirection"];
  className?: string;
}

/** Mount once, near the root of the app. */
function Toaster({ duration = 5000, closeLabel = "Close", toastLabel = "Notification", viewportLabel = "Notifications ({hotkey})", swipeDirection = "right", className }: ToasterProps) {
  const { toasts, dismiss } = useToast();

  return (
    <ToastProvider duration={duration} label={toastLabel} swipeDirection={swipeDirection}>
      {toasts.map(({ id, title, description, action, variant, duration: own, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={own}
          open={open}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport label={viewportLabel} className={className} />
    </ToastProvider>
  );
}

export { Toaster, type ToasterProps };
