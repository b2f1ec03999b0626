import { SlidersHorizontalIcon } from "lucide-react";
import { useId, useRef } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import { LANGUAGES, THEMES, type Language, type Theme } from "../../../schema/api";
import { FormField } from "~/components/form-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/use-toast";
import { useI18n } from "~/lib/i18n";
import type { ProfileResponse } from "~/lib/api/profile";
import { refusedChangeText } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";
import { useTheme } from "~/lib/theme";
import { cn } from "~/lib/utils";
import { useOncePer } from "~/lib/use-once-per";

const NOTIFICATIONS = ["emailNotifications", "pushNotifications"] as const;
type Notification = (typeof NOTIFICATIONS)[number];

/** One notification toggle with its label and hint: a checkbox named `name`, posted as "true" when on. */
function NotificationSwitch({ name, checked, onCheckedChange }: { name: Notification; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 p-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{t(`profile.prefs.${name}`)}</Label>
        <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
          {t(`profile.prefs.${name}Hint`)}
        </p>
      </div>
      <Switch
        id={id}
        name={name}
        value="true"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onCheckedChange={onCheckedChange}
        data-testid={name === "emailNotifications" ? "email-notifications" : "push-notifications"}
      />
    </div>
  );
}

/**
 * Language, theme and the two notification toggles. Each change applies at once (language and theme on
 * screen) and is saved by the route's action (intent "preferences", PUT /api/profile); a failed save
 * puts the previous value back. Before the page runs (or without JavaScript, decision 0071) they are the
 * browser's own select and checkbox in a form, sent by a Save button only shown then; the action saves
 * them and the page comes back in the chosen language and theme.
 */
export function PreferencesCard({ profile }: { profile: ProfileResponse }) {
  const { t, language, setLanguage } = useI18n();
  const { theme, setTheme } = useTheme();
  const save = useFetcher<ProfileActionAnswer>();
  const undo = useRef<(() => void) | undefined>(undefined);

  // While a switch's change is on its way, it shows the value sent.
  const sent = (name: string) => (save.formData?.has(name) ? save.formData.get(name) === "true" : undefined);

  const answer = save.state === "idle" ? save.data : undefined;
  // Posted without JavaScript: a refusal comes back as the page's action data, a save as ?saved=preferences.
  const posted = useActionData<ProfileActionAnswer>();
  const refused = posted && !posted.ok && posted.intent === "preferences" ? posted : null;
  const [params] = useSearchParams();
  const savedByPost = params.get("saved") === "preferences";
  useOncePer(answer, (answer) => {
    if (answer.ok) return;
    undo.current?.();
    undo.current = undefined;
    toast({ title: t("profile.toast.failed", { message: refusedChangeText(answer, t) }), variant: "destructive" });
  });
  const status = save.state !== "idle" ? "saving" : answer?.ok || (!answer && savedByPost) ? "saved" : "idle";

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
      <CardContent>
        <save.Form method="post" className="grid gap-6">
          <input type="hidden" name="intent" value="preferences" />
          {/* The form holds the switches: one not checked is off (a checkbox that is off is not posted). */}
          <input type="hidden" name="notificationsShown" value="1" />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={t("profile.prefs.language")}>
              <NativeSelect
                name="language"
                className="w-full"
                value={language}
                onChange={(event) => changeLanguage(event.target.value)}
                options={LANGUAGES.map((code) => ({ value: code, label: t(`profile.prefs.language.${code}`) }))}
                data-testid="language-select"
              />
            </FormField>
            <FormField label={t("profile.prefs.theme")}>
              <NativeSelect
                name="theme"
                className="w-full"
                value={theme}
                onChange={(event) => changeTheme(event.target.value)}
                options={THEMES.map((value) => ({ value, label: t(`profile.prefs.theme.${value}`) }))}
                data-testid="theme-select"
              />
            </FormField>
          </div>
          <div className="grid divide-y rounded-lg border">
            {NOTIFICATIONS.map((name) => (
              <NotificationSwitch key={name} name={name} checked={sent(name) ?? profile[name] ?? true} onCheckedChange={(checked) => send({ [name]: checked })} />
            ))}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className={cn("min-h-5 text-sm", refused && !answer ? "text-destructive" : "text-muted-foreground")} aria-live="polite" data-testid="preferences-status">
              {status === "saving"
                ? t("profile.prefs.saving")
                : status === "saved"
                  ? t("profile.prefs.saved")
                  : refused && !answer
                    ? t("profile.toast.failed", { message: refusedChangeText(refused, t) })
                    : ""}
            </p>
            {/* Without JavaScript the choices are sent with this (with it, each change at once). */}
            <noscript>
              <Button type="submit" name="via" value="document" data-testid="preferences-save">
                {t("profile.prefs.save")}
              </Button>
            </noscript>
          </div>
        </save.Form>
      </CardContent>
    </Card>
  );
}
