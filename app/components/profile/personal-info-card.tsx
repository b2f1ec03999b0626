import { BadgeCheckIcon, UserRoundIcon } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { LIMITS } from "../../../schema/api";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import type { ProfileResponse } from "~/lib/api/profile";
import { refusedChangeText } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";
import { useOncePer } from "~/lib/use-once-per";

export function joinFullName(profile: Pick<ProfileResponse, "firstName" | "lastName">) {
  return [profile.firstName, profile.lastName].filter(Boolean).join(" ");
}

/** Full Name (split at the first space on save), read-only Email, Store Name. */
export function PersonalInfoCard({ profile }: { profile: ProfileResponse }) {
  const t = useT();
  const save = useFetcher<ProfileActionAnswer>();
  const saving = save.state !== "idle";
  const [fullName, setFullName] = useState(() => joinFullName(profile));
  const [storeName, setStoreName] = useState(profile.storeName ?? "");
  const dirty = fullName.trim() !== joinFullName(profile) || storeName.trim() !== (profile.storeName ?? "");

  // The action's answer (once per save): the saved profile fills the fields, or the toast says why not.
  const answer = save.state === "idle" ? save.data : undefined;
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer?.ok && answer.profile) {
      setFullName(joinFullName(answer.profile));
      setStoreName(answer.profile.storeName ?? "");
    }
  }
  useOncePer(answer, (answer) => {
    if (answer.ok && answer.profile) {
      toast({ title: t("profile.toast.updated"), variant: "success" });
    } else if (!answer.ok) {
      toast({ title: t("profile.toast.failed", { message: refusedChangeText(answer, t) }), variant: "destructive" });
    }
  });

  return (
    <Card data-testid="personal-card">
      <save.Form method="post" noValidate className="contents">
        <input type="hidden" name="intent" value="personal" />
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <UserRoundIcon className="size-5 text-primary" aria-hidden="true" />
            {t("profile.personal.title")}
          </CardTitle>
          <CardDescription>{t("profile.personal.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField label={t("profile.personal.fullName")} hint={t("profile.personal.fullNameHint")}>
            <Input
              name="fullName"
              autoComplete="name"
              value={fullName}
              maxLength={LIMITS.nameMax * 2 + 1}
              placeholder={t("profile.personal.fullNamePlaceholder")}
              onChange={(e) => setFullName(e.target.value)}
              readOnly={saving}
            />
          </FormField>
          <FormField label={t("profile.personal.email")} hint={t("profile.personal.emailHint")}>
            <Input name="email" type="email" value={profile.email} readOnly className="bg-muted/50 text-muted-foreground" />
          </FormField>
          <div className="-mt-3">
            {profile.emailVerified ? (
              <Badge variant="success">
                <BadgeCheckIcon aria-hidden="true" />
                {t("profile.personal.verified")}
              </Badge>
            ) : (
              <Badge variant="outline">{t("profile.personal.unverified")}</Badge>
            )}
          </div>
          <FormField label={t("profile.personal.storeName")}>
            <Input
              name="storeName"
              autoComplete="organization"
              value={storeName}
              maxLength={LIMITS.storeNameMax}
              placeholder={t("profile.personal.storeNamePlaceholder")}
              onChange={(e) => setStoreName(e.target.value)}
              readOnly={saving}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={!dirty || saving} data-testid="save-profile">
            {saving ? t("profile.personal.saving") : t("profile.personal.save")}
          </Button>
        </CardFooter>
      </save.Form>
    </Card>
  );
}
