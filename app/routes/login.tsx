import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/api";
import { safeRedirectTarget } from "~/lib/auth";
import { type MessageKey, useT } from "~/lib/i18n";
import { emailError, passwordError } from "~/lib/validation";
import type { Route } from "./+types/login";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.login.metaTitle") }, { name: "description", content: metaText(matches, "auth.login.metaDescription") }];
}

export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: MessageKey | null; password?: MessageKey | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const next = { email: emailError(email), password: passwordError(password) };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    setFormError(null);
    try {
      await api("/auth/login", { body: { email: email.trim(), password }, anonymous: true });
      navigate(safeRedirectTarget(params.get("redirectTo")), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, t("auth.login.failed")));
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title={t("auth.login.title")}
      description={t("auth.login.subtitle")}
      footer={
        <>
          {t("auth.login.noAccount")}{" "}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("auth.login.registerLink")}
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
        <FormField label={t("auth.password")} error={errors.password ? t(errors.password) : null}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setErrors((s) => ({ ...s, password: passwordError(password) }))}
            disabled={busy}
          />
        </FormField>
        <div className="-mt-1 text-right text-sm">
          <Link to="/forgot-password" className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            {t("auth.login.forgot")}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy ? t("auth.login.busy") : t("auth.login.submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
