import { MailWarningIcon } from "lucide-react";
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ApiError, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";

/**
 * Shown at the top of every signed-in screen while the e-mail address is not confirmed: AI features
 * answer 403 until it is (decision 0009). The address comes with the app layout's account data, so the
 * first HTML already carries the banner. "Resend link" is the /profile action's intent
 * "resend-verification" (POST /api/auth/resend-verification, throttled), and says where the link went.
 */
export function VerifyEmailBanner() {
  const t = useT();
  const { data: profile } = useProfile();
  const { revalidate } = useRevalidator();
  const resend = useFetcher<ProfileActionAnswer>();
  const unverified = profile ? !profile.emailVerified : false;

  // The link is usually followed in another tab: the account data is read again when the user comes back to this one.
  useEffect(() => {
    if (!unverified) return;
    const onFocus = () => void revalidate();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [unverified, revalidate]);

  if (!profile || !unverified) return null;

  const sending = resend.state !== "idle";
  const answer = sending ? undefined : resend.data;
  const error = answer && !answer.ok ? errorMessage(new ApiError(answer.message, 0, answer), t("verifyBanner.failed"), t) : null;

  return (
    <Alert variant="warning" role="status" className="mb-4" data-testid="verify-email-banner">
      <MailWarningIcon aria-hidden="true" />
      <AlertDescription className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <span>{t("verifyBanner.text", { email: profile.email })}</span>
          {answer?.ok && (
            <span data-testid="verify-email-sent">
              {t("verifyBanner.sent")}{" "}
              {answer.devOutbox && (
                <a href={answer.devOutbox} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-4">
                  {t("verifyBanner.devMail")}
                </a>
              )}
            </span>
          )}
          {error && (
            <span role="alert" className="text-destructive">
              {error}
            </span>
          )}
        </div>
        <resend.Form method="post" action="/profile" className="shrink-0">
          <input type="hidden" name="intent" value="resend-verification" />
          <Button type="submit" size="sm" variant="outline" disabled={sending}>
            {sending ? t("verifyBanner.sending") : t("verifyBanner.resend")}
          </Button>
        </resend.Form>
      </AlertDescription>
    </Alert>
  );
}
