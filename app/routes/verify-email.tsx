import { CheckCircle2Icon } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { Form, Link, data, useFetcher, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { assertSameOrigin, callApi, formText } from "~/lib/session.server";
import type { Route } from "./+types/verify-email";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as authStrings from "~/lib/i18n/catalog/auth";

/** The auth screens' strings (catalog/auth.ts). */
export const handle = { i18n: [authStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.verify.metaTitle") }, { name: "robots", content: "noindex" }];
}

type VerifyAnswer = { done: true } | { done: false; status: number; error: { code: string; message: string; [key: string]: unknown } };

/**
 * Confirms the address with the link's token through POST /api/auth/verify-email (run in process,
 * anonymously). A write, so an action: opening the link (a GET, which mail scanners also fetch) changes
 * nothing until the page posts the token: at once once hydrated, or with the button without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const token = formText(form, "token").trim();
  if (!token) return data<VerifyAnswer>({ done: false, status: 400, error: { code: "validation-failed", message: "This verification link is incomplete.", field: "token" } }, { status: 400 });
  const result = await callApi(context, "/auth/verify-email", { body: { token }, token: null });
  if (!result.ok) return data<VerifyAnswer>({ done: false, status: result.status, error: result.error }, { status: result.status });
  return data<VerifyAnswer>({ done: true });
}

const noChanges = () => () => {};

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  const t = useT();
  // False in the server's HTML, true once the browser runs the page (and posts the token itself).
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const fetcher = useFetcher<typeof action>();
  const sent = useRef(false);
  const submit = fetcher.submit;

  useEffect(() => {
    if (!token || sent.current || actionData) return;
    sent.current = true;
    void submit({ token }, { method: "post" });
  }, [token, submit, actionData]);

  // The answer of the fetcher (JavaScript), or of the plain form post (without it).
  const answer = fetcher.data ?? actionData;
  const state = !token ? "missing" : !answer ? "working" : answer.done ? "done" : "error";
  const message = !token ? t("auth.verify.missingToken") : answer && !answer.done ? errorMessage(new ApiError(answer.error.message, answer.status, answer.error), undefined, t) : "";

  return (
    <AuthShell title={t("auth.verify.title")}>
      {state === "working" &&
        (hydrated ? (
          <div className="flex items-center gap-3 text-muted-foreground" data-testid="verify-working">
            <Spinner aria-label={t("auth.verify.busy")} />
            {t("auth.verify.busy")}
          </div>
        ) : (
          // Before the page's JavaScript runs (or without it) nothing posts the token by itself: the seller does, with this button.
          <Form method="post" replace>
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" className="w-full">
              {t("auth.verify.confirm")}
            </Button>
          </Form>
        ))}
      {state === "done" && (
        <Alert className="border-success/40" data-testid="verify-success">
          <CheckCircle2Icon className="text-success" />
          <AlertDescription>{t("auth.verify.success")}</AlertDescription>
        </Alert>
      )}
      {(state === "error" || state === "missing") && (
        <Alert variant="destructive" data-testid="verify-error">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      {state !== "working" && (
        <Button asChild size="lg" className="w-full">
          <Link to="/">{t("auth.verify.continue")}</Link>
        </Button>
      )}
    </AuthShell>
  );
}
