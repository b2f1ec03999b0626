import { CheckCircle2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { api, errorMessage } from "~/lib/api";
import { useT } from "~/lib/i18n";
import type { Route } from "./+types/verify-email";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "auth.verify.metaTitle") }, { name: "robots", content: "noindex" }];
}

export default function VerifyEmail() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"working" | "done" | "error">(token ? "working" : "error");
  const [message, setMessage] = useState<string>(token ? "" : t("auth.verify.missingToken"));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api("/auth/verify-email", { body: { token }, anonymous: true })
      .then(() => setState("done"))
      .catch((error) => {
        setState("error");
        setMessage(errorMessage(error, undefined, t));
      });
  }, [token, t]);

  return (
    <AuthShell title={t("auth.verify.title")}>
      {state === "working" && (
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner aria-label={t("auth.verify.busy")} />
          {t("auth.verify.busy")}
        </div>
      )}
      {state === "done" && (
        <Alert className="border-success/40">
          <CheckCircle2Icon className="text-success" />
          <AlertDescription>{t("auth.verify.success")}</AlertDescription>
        </Alert>
      )}
      {state === "error" && (
        <Alert variant="destructive">
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
