import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";
import { confirmError, emailError, newPasswordError } from "~/lib/validation";
import type { Route } from "./+types/register";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.register.metaTitle") }, { name: "description", content: metaText(matches, "auth.register.metaDescription") }];
}

type Errors = { email?: MessageKey | null; password?: MessageKey | null; confirm?: MessageKey | null };

export default function Register() {
  const t = useT();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const next: Errors = { email: emailError(email), password: newPasswordError(password), confirm: confirmError(password, confirm) };
    if (next.email || next.password || (next.confirm && next.confirm !== "validation.passwordsMismatch")) {
      setErrors(next);
      return;
    }
    // SPEC §5: a mismatch found at submit silently resets the error state and sends nothing.
    if (next.confirm === "validation.passwordsMismatch") {
      setErrors({});
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await api("/auth/register", { body: { username: null, email: email.trim(), password }, anonymous: true });
      navigate("/dashboard", { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, t("auth.register.failed")));
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title={t("auth.register.title")}
      description={t("auth.register.subtitle")}
      footer={
        <>
          {t("auth.register.haveAccount")}{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("auth.register.loginLink")}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {formError && (
          <Alert variant="destructive">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        )}
        <FormField label={t("auth.email")} error={errors.email ? t(errors.email) : null}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t("auth.emailPlaceholder")}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setErrors((s) => ({ ...s, email: emailError(email) }))}
            disabled={busy}
          />
        </FormField>
        <FormField label={t("auth.password")} error={errors.password ? t(errors.password) : null} hint={t("validation.newPasswordHint")}>
          <PasswordInput
            name="password"
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
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? t("auth.register.busy") : t("auth.register.submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
