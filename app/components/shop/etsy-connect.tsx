import { CheckCircle2Icon, DownloadIcon, LinkIcon, OctagonAlertIcon, RefreshCwIcon, StoreIcon, UnlinkIcon, UploadIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { EtsyConnectionStatus } from "../../../schema/api/shop-etsy";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { settle, type Loaded } from "~/lib/account";
import { errorMessage } from "~/lib/api";
import { connectEtsy, disconnectEtsy, fetchEtsyStatus, importFromEtsy, pushToEtsy } from "~/lib/api/shop";
import { type MessageKey, useI18n } from "~/lib/i18n";

/** The card's data, read by My Shop's loader: whether the server has Etsy keys and the seller's connection (asked twice before it counts as failed). */
export function loadEtsyStatus(): Promise<Loaded<EtsyConnectionStatus>> {
  return settle(fetchEtsyStatus().catch(() => fetchEtsyStatus()));
}
const CALLBACK_REASONS = ["denied", "invalid-state", "expired", "invalid-code", "no-shop", "etsy-unavailable"] as const;
type CallbackReason = (typeof CALLBACK_REASONS)[number];

type Vars = Record<string, string | number>;
/** What the card says after an action: catalogue keys (worded at render time, so a language switch rewords it) or the server's message. */
type Notice = { tone: "success" | "error"; parts: ({ key: MessageKey; vars?: Vars } | { text: string })[]; details?: string[] } | null;

/** Reads (and removes from the address bar) the outcome Etsy's redirect left: ?etsy=connected|error&reason=... */
function takeCallbackOutcome(): "connected" | CallbackReason | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  const outcome = url.searchParams.get("etsy");
  if (!outcome) return null;
  const reason = url.searchParams.get("reason") ?? "";
  url.searchParams.delete("etsy");
  url.searchParams.delete("reason");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  if (outcome === "connected") return "connected";
  return (CALLBACK_REASONS as readonly string[]).includes(reason) ? (reason as CallbackReason) : "etsy-unavailable";
}

/** One action of the card in flight (at most one runs at a time). */
type Action = "connect" | "import" | "push" | "disconnect";

/**
 * My Shop's Etsy connection card (decision 0022). Renders nothing when the server has no Etsy keys.
 * `status` comes from the screen's loader (loadEtsyStatus); after an action the screen revalidates,
 * which reads the status and, after an import or a push, the table again.
 */
export function EtsyConnectCard({ status }: { status: Loaded<EtsyConnectionStatus> }) {
  const { t, language } = useI18n();
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [running, setRunning] = useState<Action | null>(null);

  // Once, on arrival from Etsy: the outcome is read from (and removed from) the address bar, which the
  // server render cannot do without the first client render disagreeing with it.
  useEffect(() => {
    const outcome = takeCallbackOutcome();
    const arrival: Notice =
      outcome === "connected" ? { tone: "success", parts: [{ key: "etsy.callback.connected" }] } : outcome ? { tone: "error", parts: [{ key: `etsy.callback.${outcome}` }] } : null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the notice of an outside system's answer (the redirect), set once
    if (arrival) setNotice(arrival);
  }, []);

  async function run<T>(action: Action, call: () => Promise<T>, onSuccess: (result: T) => void, refreshOnError: boolean) {
    setRunning(action);
    try {
      onSuccess(await call());
    } catch (e) {
      setNotice({ tone: "error", parts: [{ text: errorMessage(e, undefined, t) }] });
      if (refreshOnError) void revalidate();
    } finally {
      setRunning(null);
    }
  }

  const connect = () => run("connect", connectEtsy, (url) => window.location.assign(url), false);
  const importShop = () =>
    run(
      "import",
      importFromEtsy,
      (r) => {
        setNotice({
          tone: "success",
          parts: [
            { key: "etsy.imported", vars: { fetched: r.fetched, imported: r.imported, updated: r.updated, unchanged: r.unchanged } },
            ...(r.skipped ? [{ key: "etsy.importSkipped" as const, vars: { skipped: r.skipped } }] : []),
          ],
          details: r.errors.slice(0, 5).map((e) => e.message),
        });
        void revalidate();
      },
      true,
    );
  const push = () =>
    run(
      "push",
      pushToEtsy,
      (r) => {
        if (!r.pushed && !r.failed) return setNotice({ tone: "success", parts: [{ key: "etsy.pushNothing" }] });
        const failed = r.items.filter((i) => i.status === "failed");
        setNotice({
          tone: r.failed ? "error" : "success",
          parts: [{ key: "etsy.pushed", vars: { pushed: r.pushed } }, ...(r.failed ? [{ key: "etsy.pushFailed" as const, vars: { failed: r.failed } }] : [])],
          details: failed.slice(0, 5).map((i) => i.message),
        });
        void revalidate();
      },
      true,
    );
  const disconnect = () =>
    run(
      "disconnect",
      disconnectEtsy,
      () => {
        setNotice({ tone: "success", parts: [{ key: "etsy.disconnected" }] });
        void revalidate();
      },
      false,
    );

  if (status.data === undefined) {
    return (
      <Card className="gap-0 py-4" data-testid="etsy-connect">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 px-4 sm:px-5">
          <p className="text-sm text-muted-foreground">{t("etsy.statusFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void revalidate()}>
            <RefreshCwIcon aria-hidden="true" />
            {t("etsy.retry")}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const info = status.data;
  if (!info.available) return null;

  const busy = running !== null;
  const since = info.connectedAt ? new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "medium" }).format(new Date(info.connectedAt)) : "";

  return (
    <Card className="gap-0 py-4" data-testid="etsy-connect">
      <CardContent className="grid gap-3 px-4 sm:px-5">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <StoreIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <h2 className="text-base font-semibold">{t("etsy.title")}</h2>
            {info.connected ? (
              <p className="text-sm text-muted-foreground" data-testid="etsy-connected">
                <span className="font-medium text-foreground break-words">{t("etsy.connectedTo", { shop: info.shopName ?? "" })}</span> · {t("etsy.connectedSince", { date: since })}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{t("etsy.intro")}</p>
            )}
          </div>
        </div>

        {info.connected ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void importShop()} disabled={busy} data-testid="etsy-import">
              {running === "import" ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
              {running === "import" ? t("etsy.importing") : t("etsy.import")}
            </Button>
            <Button variant="outline" onClick={() => void push()} disabled={busy} data-testid="etsy-push">
              {running === "push" ? <Spinner /> : <UploadIcon aria-hidden="true" />}
              {running === "push" ? t("etsy.pushing") : t("etsy.push")}
            </Button>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="ghost" disabled={busy} data-testid="etsy-disconnect">
                  <UnlinkIcon aria-hidden="true" />
                  {t("etsy.disconnect")}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{t("etsy.disconnectTitle")}</AlertDialogTitle>
                  <AlertDialogDescription className="break-words">{t("etsy.disconnectBody", { shop: info.shopName ?? "" })}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t("etsy.disconnectCancel")}</AlertDialogCancel>
                  <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={() => void disconnect()} data-testid="etsy-disconnect-confirm">
                    {t("etsy.disconnectConfirm")}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        ) : (
          <div>
            <Button onClick={() => void connect()} disabled={busy} data-testid="etsy-connect-button">
              {running === "connect" ? <Spinner /> : <LinkIcon aria-hidden="true" />}
              {running === "connect" ? t("etsy.connecting") : t("etsy.connect")}
            </Button>
          </div>
        )}

        {notice && (
          <div
            role={notice.tone === "error" ? "alert" : "status"}
            className={
              notice.tone === "error"
                ? "flex items-start gap-2.5 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
                : "flex items-start gap-2.5 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
            }
            data-testid="etsy-notice"
          >
            {notice.tone === "error" ? (
              <OctagonAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            ) : (
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            )}
            <div className="grid min-w-0 gap-1">
              <p className="break-words">{notice.parts.map((p) => ("key" in p ? t(p.key, p.vars) : p.text)).join(" ")}</p>
              {notice.details?.length ? (
                <ul className="list-disc pl-4 text-muted-foreground">
                  {notice.details.map((d, i) => (
                    <li key={i} className="break-words">
                      {d}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
