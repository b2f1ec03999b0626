import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { assertSameOrigin, callApi, formText, signInHeaders } from "~/lib/session.server";
import { type MessageKey, useT } from "~/lib/i18n";
import { confirmError, emailError, newPasswordError } from "~/lib/validation";
import type { Route } from "./+types/register";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.register.metaTitle") }, { name: "description", content: metaText(matches, "auth.register.metaDescription") }];
}

type Errors = { email?: MessageKey | null; password?: MessageKey | null; confirm?: MessageKey | null };

/** Creates the account through POST /api/auth/register (run in process) and signs the browser in with a fresh session cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const password = formText(form, "password");
  // SPEC §5: a mismatch found at submit sends nothing (the screen checks it before posting).
  if (password !== formText(form, "confirmPassword")) return data({ formError: null, code: "validation-failed" }, { status: 400 });
  const result = await callApi<{ token: string }>(context, "/auth/register", { body: { username: null, email: formText(form, "email").trim(), password }, token: null });
  if (!result.ok) return data({ formError: result.error.message, code: result.error.code }, { status: result.status });
  return redirect("/dashboard", { headers: signInHeaders(request, result.data.token) });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  // The API's message (SPEC §8's words); a password mismatch found by the action says nothing (SPEC §5).
  const formError = busy || !actionData || actionData.formError === null ? null : actionData.formError || t("auth.register.failed");

  function onSubmit(event: React.FormEvent) {
    const next: Errors = { email: emailError(email), password: newPasswordError(password), confirm: confirmError(password, confirm) };
    if (next.email || next.password || (next.confirm && next.confirm !== "validation.passwordsMismatch")) {
      setErrors(next);
      event.preventDefault();
      return;
    }
    // SPEC §5: a mismatch found at submit silently resets the error state and sends nothing.
    if (next.confirm === "validation.passwordsMismatch") {
      setErrors({});
      event.preventDefault();
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
      <Form method="post" replace onSubmit={onSubmit} noValidate className="grid gap-4">
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
      </Form>
    </AuthShell>
  );
}
