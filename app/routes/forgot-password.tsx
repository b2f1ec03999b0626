import { CheckCircle2Icon } from "lucide-react";
import { useState } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ApiError, errorMessage } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";
import { assertSameOrigin, callApi, formText } from "~/lib/session.server";
import { emailError } from "~/lib/validation";
import type { Route } from "./+types/forgot-password";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as authStrings from "~/lib/i18n/catalog/auth";

/** The auth screens' strings (catalog/auth.ts). */
export const handle = { i18n: [authStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.forgot.metaTitle") }];
}

/** What the action answers the form: sent (with the local outbox's link in development), or why not. */
type ForgotAnswer = { done: true; devOutbox: string | null } | { done: false; email: string; fieldError: MessageKey | null; error: { code: string; message: string; [key: string]: unknown } | null };

/**
 * Asks POST /api/auth/forgot-password (run in process, anonymously) for a reset link. A plain form
 * post, so the screen works before its JavaScript has loaded; the address is checked here too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const email = formText(form, "email").trim();
  const fieldError = emailError(email);
  if (fieldError) return data<ForgotAnswer>({ done: false, email, fieldError, error: { code: "validation-failed", message: "Enter a valid e-mail address.", field: "email" } }, { status: 400 });
  const result = await callApi<{ devOutbox?: string }>(context, "/auth/forgot-password", { body: { email }, token: null });
  if (!result.ok) return data<ForgotAnswer>({ done: false, email, fieldError: null, error: result.error }, { status: result.status });
  return data<ForgotAnswer>({ done: true, devOutbox: result.data.devOutbox ?? null });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  // After a plain post that was refused (no JavaScript yet) the field keeps what was typed.
  const [email, setEmail] = useState(() => (actionData && !actionData.done ? actionData.email : ""));
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const busy = navigation.state === "submitting";
  const answer = busy ? undefined : actionData;
  const done = answer?.done === true;
  const shownFieldError = fieldError ?? (answer && !answer.done ? answer.fieldError : null);
  // SPEC §8: a refusal for too many requests says so; anything else is the screen's fallback text.
  const failure = answer && !answer.done && !answer.fieldError && answer.error ? answer.error : null;
  const error = failure ? (failure.code === "rate-limited" ? errorMessage(new ApiError(failure.message, 429, failure), undefined, t) : t("auth.forgot.failed")) : null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) event.preventDefault();
  }

  return (
    <AuthShell
      title={t("auth.forgot.title")}
      description={t("auth.forgot.subtitle")}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("auth.forgot.back")}
        </Link>
      }
    >
      {/* The form resets after success (SPEC): a new key remounts the field empty. */}
      <Form method="post" replace onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="forgot-form">
        {done && (
          <Alert variant="default" className="border-success/40" data-testid="forgot-success">
            <CheckCircle2Icon className="text-success" />
            <AlertDescription>
              <p>{t("auth.forgot.success")}</p>
              {answer.devOutbox && (
                <a href={answer.devOutbox} className="mt-2 inline-block text-primary underline underline-offset-4">
                  {t("auth.devMailHint")}
                </a>
              )}
            </AlertDescription>
          </Alert>
        )}
        {error && (
          <Alert variant="destructive" data-testid="forgot-error">
            <AlertTitle className="sr-only">{t("auth.forgot.failed")}</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <FormField label={t("auth.email")} error={shownFieldError ? t(shownFieldError) : null}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t("auth.emailPlaceholder")}
            value={done ? "" : email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            onBlur={() => setFieldError(emailError(email))}
            readOnly={busy}
            disabled={done}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={busy || done}>
          {busy ? t("auth.forgot.busy") : t("auth.forgot.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
