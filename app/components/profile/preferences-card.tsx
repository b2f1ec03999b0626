import { SlidersHorizontalIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { LANGUAGES, THEMES, type Language, type Theme } from "../../../schema/api";
import { FormField } from "~/components/form-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/use-toast";
import { useI18n } from "~/lib/i18n";
import type { ProfileResponse } from "~/lib/api/profile";
import { refusedChangeText } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";
import { useTheme } from "~/lib/theme";

/**
 * Language, theme and the two notification toggles. Each change applies at once (language and theme on
 * screen) and is saved by the route's action (intent "preferences", PUT /api/profile); a failed save
 * puts the previous value back.
 */
export function PreferencesCard({ profile }: { profile: ProfileResponse }) {
  const { t, language, setLanguage } = useI18n();
  const { theme, setTheme } = useTheme();
  const save = useFetcher<ProfileActionAnswer>();
  const undo = useRef<(() => void) | undefined>(undefined);
  const emailId = useId();
  const pushId = useId();

  // While a switch's change is on its way, it shows the value sent.
  const sent = (name: string) => (save.formData?.has(name) ? save.formData.get(name) === "true" : undefined);
  const emailOn = sent("emailNotifications") ?? profile.emailNotifications ?? true;
  const pushOn = sent("pushNotifications") ?? profile.pushNotifications ?? true;

  const answer = save.state === "idle" ? save.data : undefined;
  useEffect(() => {
    if (!answer || answer.ok) return;
    undo.current?.();
    undo.current = undefined;
    toast({ title: t("profile.toast.failed", { message: refusedChangeText(answer, t) }), variant: "destructive" });
  }, [answer, t]);
  const status = save.state !== "idle" ? "saving" : answer?.ok ? "saved" : "idle";

  function send(changes: Record<string, string | boolean>, restore?: () => void) {
    undo.current = restore;
    const form: Record<string, string> = { intent: "preferences" };
    for (const [name, value] of Object.entries(changes)) form[name] = String(value);
    void save.submit(form, { method: "post" });
  }

  function changeLanguage(next: string) {
    const previous = language;
    setLanguage(next as Language);
    send({ language: next }, () => setLanguage(previous));
  }

  function changeTheme(next: string) {
    const previous = theme;
    setTheme(next as Theme);
    send({ theme: next }, () => setTheme(previous));
  }

  return (
    <Card data-testid="preferences-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <SlidersHorizontalIcon className="size-5 text-primary" aria-hidden="true" />
          {t("profile.prefs.title")}
        </CardTitle>
        <CardDescription>{t("profile.prefs.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t("profile.prefs.language")}>
            <Select value={language} onValueChange={changeLanguage}>
              <SelectTrigger className="w-full" data-testid="language-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LANGUAGES.map((code) => (
                  <SelectItem key={code} value={code} lang={code}>
                    {t(`profile.prefs.language.${code}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField label={t("profile.prefs.theme")}>
            <Select value={theme} onValueChange={changeTheme}>
              <SelectTrigger className="w-full" data-testid="theme-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {THEMES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`profile.prefs.theme.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        </div>
        <div className="grid divide-y rounded-lg border">
          <div className="flex items-center justify-between gap-4 p-4">
            <div className="grid gap-0.5">
              <Label htmlFor={emailId}>{t("profile.prefs.emailNotifications")}</Label>
              <p className="text-xs text-muted-foreground" id={`${emailId}-hint`}>
                {t("profile.prefs.emailNotificationsHint")}
              </p>
            </div>
            <Switch id={emailId} aria-describedby={`${emailId}-hint`} checked={emailOn} onCheckedChange={(checked) => send({ emailNotifications: checked })} data-testid="email-notifications" />
          </div>
          <div className="flex items-center justify-between gap-4 p-4">
            <div className="grid gap-0.5">
              <Label htmlFor={pushId}>{t("profile.prefs.pushNotifications")}</Label>
              <p className="text-xs text-muted-foreground" id={`${pushId}-hint`}>
                {t("profile.prefs.pushNotificationsHint")}
              </p>
            </div>
            <Switch id={pushId} aria-describedby={`${pushId}-hint`} checked={pushOn} onCheckedChange={(checked) => send({ pushNotifications: checked })} data-testid="push-notifications" />
          </div>
        </div>
        <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite" data-testid="preferences-status">
          {status === "saving" ? t("profile.prefs.saving") : status === "saved" ? t("profile.prefs.saved") : ""}
        </p>
      </CardContent>
    </Card>
  );
}
