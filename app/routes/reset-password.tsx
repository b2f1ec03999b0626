import { CheckCircle2Icon } from "lucide-react";
import { useState } from "react";
import { Form, Link, data, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { assertSameOrigin, callApi, carriedCookies, formText, signOutHeaders } from "~/lib/session.server";
import { type MessageKey, useT } from "~/lib/i18n";
import { confirmError, newPasswordError } from "~/lib/validation";
import type { Route } from "./+types/reset-password";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as authStrings from "~/lib/i18n/catalog/auth";

/** The auth screens' strings (catalog/auth.ts). */
export const handle = { i18n: [authStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.reset.metaTitle") }, { name: "robots", content: "noindex" }];
}

/**
 * Sets the new password through POST /api/auth/reset-password (run in process). The reset ends every
 * session of the account (the token version moves on), and this browser's session cookie is cleared too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const newPassword = formText(form, "newPassword");
  if (newPassword !== formText(form, "confirmPassword")) return data({ done: false, formError: null, code: "validation-failed" }, { status: 400 });
  const token = new URL(request.url).searchParams.get("token") ?? formText(form, "token");
  const result = await callApi(context, "/auth/reset-password", { body: { token, newPassword }, token: null });
  if (!result.ok) return data({ done: false, formError: result.error.message, code: result.error.code }, { status: result.status, headers: carriedCookies(result) });
  return data({ done: true, formError: null, code: null }, { headers: signOutHeaders(request) });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: MessageKey | null; confirm?: MessageKey | null }>({});
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const done = actionData?.done === true;
  const formError = busy ? null : (actionData?.formError ?? null);

  function onSubmit(event: React.FormEvent) {
    const next = { password: newPasswordError(password), confirm: confirmError(password, confirm) };
    setErrors(next);
    if (next.password || next.confirm) event.preventDefault();
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
        <Form method="post" replace onSubmit={onSubmit} noValidate className="grid gap-4">
          <input type="hidden" name="token" value={token} />
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
        </Form>
      )}
    </AuthShell>
  );
}
