import { useState } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { safeRedirectTarget } from "~/lib/auth";
import { assertSameOrigin, callApi, formText, signInHeaders } from "~/lib/session.server";
import { type MessageKey, useT } from "~/lib/i18n";
import { emailError, passwordError } from "~/lib/validation";
import type { Route } from "./+types/login";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.login.metaTitle") }, { name: "description", content: metaText(matches, "auth.login.metaDescription") }];
}

/**
 * Signs in through POST /api/auth/login (its checks, throttles and messages, run in process) and sets
 * a fresh HttpOnly session cookie (decision 0041); works before the page's JavaScript has loaded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const result = await callApi<{ token: string }>(context, "/auth/login", { body: { email: formText(form, "email").trim(), password: formText(form, "password") }, token: null });
  if (!result.ok) return data({ formError: result.error.message, code: result.error.code }, { status: result.status, headers: retryAfter(result.headers) });
  const to = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  return redirect(to, { headers: signInHeaders(request, result.data.token) });
}

function retryAfter(headers: Headers): HeadersInit {
  const value = headers.get("Retry-After");
  return value ? { "Retry-After": value } : {};
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: MessageKey | null; password?: MessageKey | null }>({});
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  // The API's message (SPEC §8's words); the screen's own only if an answer carried none.
  const formError = busy || !actionData ? null : actionData.formError || t("auth.login.failed");

  function onSubmit(event: React.FormEvent) {
    const next = { email: emailError(email), password: passwordError(password) };
    setErrors(next);
    if (next.email || next.password) event.preventDefault();
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
      </Form>
    </AuthShell>
  );
}
