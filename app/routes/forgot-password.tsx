import { CheckCircle2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ApiError, api, errorMessage } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";
import { emailError } from "~/lib/validation";
import type { Route } from "./+types/forgot-password";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.forgot.metaTitle") }];
}

type State = "idle" | "sending" | "success" | "error";

export default function ForgotPassword() {
  const t = useT();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [state, setState] = useState<State>("idle");
  const [error, setError] = useState<string | null>(null);
  const [devOutbox, setDevOutbox] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) return;
    setState("sending");
    setError(null);
    try {
      const answer = await api<{ devOutbox?: string }>("/auth/forgot-password", { body: { email: email.trim() }, anonymous: true });
      setDevOutbox(answer.devOutbox ?? null);
      setState("success");
      setEmail("");
    } catch (e) {
      setState("error");
      setError(e instanceof ApiError && e.code === "rate-limited" ? errorMessage(e, undefined, t) : t("auth.forgot.failed"));
    }
  }

  const busy = state === "sending";
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
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {state === "success" && (
          <Alert variant="default" className="border-success/40">
            <CheckCircle2Icon className="text-success" />
            <AlertDescription>
              <p>{t("auth.forgot.success")}</p>
              {devOutbox && (
                <a href={devOutbox} className="mt-2 inline-block text-primary underline underline-offset-4">
                  {t("auth.devMailHint")}
                </a>
              )}
            </AlertDescription>
          </Alert>
        )}
        {state === "error" && error && (
          <Alert variant="destructive">
            <AlertTitle className="sr-only">{t("auth.forgot.failed")}</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <FormField label={t("auth.email")} error={fieldError ? t(fieldError) : null}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t("auth.emailPlaceholder")}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setFieldError(emailError(email))}
            disabled={busy}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={busy || state === "success"}>
          {busy ? t("auth.forgot.busy") : t("auth.forgot.submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
