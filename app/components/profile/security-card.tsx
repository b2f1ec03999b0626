import { LaptopIcon, LogOutIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Separator } from "~/components/ui/separator";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/use-toast";
import { forgetLocalSession } from "~/lib/auth";
import { type MessageKey, useT } from "~/lib/i18n";
import { refusedChangeText } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";
import { newPasswordError } from "~/lib/validation";
import { useOncePer } from "~/lib/use-once-per";

/** Rules checked on submit: the shared password policy (decision 0009) and the confirmation must match. */
export function passwordChangeErrors(newPassword: string, confirmPassword: string) {
  return {
    newPassword: newPasswordError(newPassword),
    confirmPassword: newPassword !== confirmPassword ? ("profile.security.mismatch" as const) : null,
  };
}

export function SecurityCard() {
  const t = useT();
  const logoutAll = useFetcher<{ success: false; code: string; message: string }>();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ newPassword: MessageKey | null; confirmPassword: MessageKey | null }>({ newPassword: null, confirmPassword: null });
  const change = useFetcher<ProfileActionAnswer>();
  const busy = change.state !== "idle";
  const signingOut = logoutAll.state !== "idle";
  const logoutAllError = logoutAll.state === "idle" ? logoutAll.data : undefined;
  useOncePer(logoutAllError, (error) => toast({ title: t("profile.security.logoutAllFailed", { message: error.message }), variant: "destructive" }));
  // The action's answer: the fields empty and a toast, or the server's reason above the form.
  const answer = change.state === "idle" ? change.data : undefined;
  const formError = answer && !answer.ok ? refusedChangeText(answer, t) || t("profile.security.changeFailed") : null;
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer?.ok) {
      setCurrent("");
      setNext("");
      setConfirm("");
    }
  }
  useOncePer(answer, (answer) => {
    if (answer.ok) toast({ title: t("profile.security.changed"), variant: "success" });
  });
  const twoFactorId = useId();
  const canSubmit = current !== "" && next !== "" && confirm !== "" && !busy;

  /** The shared rules first (nothing is sent while they fail), then the route's action (intent "password"). */
  // The answer sets a fresh session cookie, so this tab stays signed in.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = passwordChangeErrors(next, confirm);
    setErrors(found);
    if (!canSubmit || found.newPassword || found.confirmPassword) event.preventDefault();
  }

  /** The /logout action ends every session of the account and clears this browser's cookie, then goes to /login. */
  function signOutEverywhere() {
    forgetLocalSession();
    void logoutAll.submit({ intent: "everywhere" }, { method: "post", action: "/logout" });
  }

  return (
    <Card data-testid="security-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
          {t("profile.security.title")}
        </CardTitle>
        <CardDescription>{t("profile.security.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <change.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="change-password-title">
          <input type="hidden" name="intent" value="password" />
          <h3 id="change-password-title" className="text-sm font-semibold">
            {t("profile.security.changePassword")}
          </h3>
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <FormField label={t("profile.security.currentPassword")}>
            <PasswordInput name="currentPassword" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} readOnly={busy} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t("profile.security.newPassword")} error={errors.newPassword ? t(errors.newPassword) : null} hint={t("validation.newPasswordHint")}>
              <PasswordInput
                name="newPassword"
                autoComplete="new-password"
                value={next}
                onChange={(e) => {
                  setNext(e.target.value);
                  if (errors.newPassword) setErrors((s) => ({ ...s, newPassword: null }));
                }}
                readOnly={busy}
              />
            </FormField>
            <FormField label={t("profile.security.confirmPassword")} error={errors.confirmPassword ? t(errors.confirmPassword) : null}>
              <PasswordInput
                name="confirmPassword"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => {
                  setConfirm(e.target.value);
                  if (errors.confirmPassword) setErrors((s) => ({ ...s, confirmPassword: null }));
                }}
                readOnly={busy}
              />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={!canSubmit} data-testid="update-password">
              {busy ? t("profile.security.updating") : t("profile.security.update")}
            </Button>
          </div>
        </change.Form>

        <Separator />

        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-0.5">
            <div className="flex items-center gap-2">
              <Label htmlFor={twoFactorId}>{t("profile.security.twoFactor")}</Label>
              <Badge variant="secondary">{t("profile.security.comingSoon")}</Badge>
            </div>
            <p className="text-xs text-muted-foreground">{t("profile.security.twoFactorHint")}</p>
          </div>
          <Switch id={twoFactorId} checked={false} disabled data-testid="two-factor" />
        </div>

        <Separator />

        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">{t("profile.security.sessions")}</h3>
          <div className="flex items-center gap-3 rounded-lg border p-3">
            <span className="flex size-9 items-center justify-center rounded-lg bg-muted">
              <LaptopIcon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{t("profile.security.thisDevice")}</p>
              <p className="text-xs text-muted-foreground">{t("profile.security.sessionsHint")}</p>
            </div>
            <Badge variant="success">{t("profile.security.currentSession")}</Badge>
          </div>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" variant="outline" className="w-fit" disabled={signingOut} data-testid="logout-all">
                <LogOutIcon aria-hidden="true" />
                {signingOut ? t("profile.security.logoutAllBusy") : t("profile.security.logoutAll")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("profile.security.logoutAllTitle")}</AlertDialogTitle>
                <AlertDialogDescription>{t("profile.security.logoutAllBody")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("profile.security.cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={signOutEverywhere} data-testid="logout-all-confirm">
                  {t("profile.security.logoutAllConfirm")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>

        <Separator />

        <div className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-0.5">
            <h3 className="text-sm font-semibold text-destructive">{t("profile.security.dangerTitle")}</h3>
            <p className="text-xs text-muted-foreground">{t("profile.security.dangerHint")}</p>
          </div>
          <Button type="button" variant="destructive" disabled className="shrink-0" data-testid="delete-account">
            <Trash2Icon aria-hidden="true" />
            {t("profile.security.delete")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
