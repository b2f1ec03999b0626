import { MailWarningIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { api, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";

type Sent = { message: string; devOutbox?: string };

/**
 * Shown at the top of every signed-in screen while the e-mail address is not confirmed: AI features
 * answer 403 until it is (decision 0009). "Resend link" asks POST /api/auth/resend-verification
 * (throttled) and says where the link went.
 */
export function VerifyEmailBanner() {
  const t = useT();
  const { data: profile, refetch } = useProfile();
  const [state, setState] = useState<"idle" | "sending" | "sent" | "error">("idle");
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unverified = profile ? !profile.emailVerified : false;

  // The link is usually followed in another tab: look again when the user comes back to this one.
  useEffect(() => {
    if (!unverified) return;
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [unverified, refetch]);

  if (!profile || !unverified) return null;

  async function resend() {
    setState("sending");
    setError(null);
    try {
      const body = await api<{ alreadyVerified?: boolean; devOutbox?: string; message: string }>("/auth/resend-verification", { method: "POST", body: {} });
      setSent({ message: t("verifyBanner.sent"), devOutbox: body.devOutbox });
      setState("sent");
    } catch (e) {
      setError(errorMessage(e, t("verifyBanner.failed"), t));
      setState("error");
    }
  }

  return (
    <Alert variant="warning" role="status" className="mb-4" data-testid="verify-email-banner">
      <MailWarningIcon aria-hidden="true" />
      <AlertDescription className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <span>{t("verifyBanner.text", { email: profile.email })}</span>
          {state === "sent" && sent && (
            <span data-testid="verify-email-sent">
              {sent.message}{" "}
              {sent.devOutbox && (
                <a href={sent.devOutbox} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-4">
                  {t("verifyBanner.devMail")}
                </a>
              )}
            </span>
          )}
          {state === "error" && error && (
            <span role="alert" className="text-destructive">
              {error}
            </span>
          )}
        </div>
        <Button type="button" size="sm" variant="outline" onClick={resend} disabled={state === "sending"} className="shrink-0">
          {state === "sending" ? t("verifyBanner.sending") : t("verifyBanner.resend")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
