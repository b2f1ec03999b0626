import { CheckCircle2Icon } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { api, errorMessage } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";
import { confirmError, newPasswordError } from "~/lib/validation";
import type { Route } from "./+types/reset-password";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.reset.metaTitle") }, { name: "robots", content: "noindex" }];
}

export default function ResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: MessageKey | null; confirm?: MessageKey | null }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const next = { password: newPasswordError(password), confirm: confirmError(password, confirm) };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setFormError(null);
    try {
      await api("/auth/reset-password", { body: { token, newPassword: password }, anonymous: true });
      setDone(true);
    } catch (error) {
      setFormError(errorMessage(error, undefined, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title={t("auth.reset.title")} description={t("auth.reset.subtitle")}>
      {!token ? (
        <div className="grid gap-4">
          <Alert variant="destructive">
            <AlertDescription>{t("auth.reset.missingToken")}</AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link to="/forgot-password">{t("auth.reset.requestNew")}</Link>
          </Button>
        </div>
      ) : done ? (
        <div className="grid gap-4">
          <Alert className="border-success/40">
            <CheckCircle2Icon className="text-success" />
            <AlertDescription>{t("auth.reset.success")}</AlertDescription>
          </Alert>
          <Button asChild size="lg">
            <Link to="/login">{t("auth.login.submit")}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>
                {formError}{" "}
                <Link to="/forgot-password" className="underline underline-offset-4">
                  {t("auth.reset.requestNew")}
                </Link>
              </AlertDescription>
            </Alert>
          )}
          <FormField label={t("auth.newPassword")} error={errors.password ? t(errors.password) : null} hint={t("validation.newPasswordHint")}>
            <PasswordInput
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setErrors((s) => ({ ...s, password: newPasswordError(password) }))}
              disabled={busy}
            />
          </FormField>
          <FormField label={t("auth.confirmPassword")} error={errors.confirm ? t(errors.confirm) : null}>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={() => setErrors((s) => ({ ...s, confirm: confirmError(password, confirm) }))}
              disabled={busy}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? t("auth.reset.busy") : t("auth.reset.submit")}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
