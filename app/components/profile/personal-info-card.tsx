import { BadgeCheckIcon, UserRoundIcon } from "lucide-react";
import { useState } from "react";
import { LIMITS, splitFullName } from "../../../schema/api";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { markOnboardingStep } from "~/lib/onboarding";
import { useUpdateProfile, type ProfileResponse } from "~/lib/profile";

export function joinFullName(profile: Pick<ProfileResponse, "firstName" | "lastName">) {
  return [profile.firstName, profile.lastName].filter(Boolean).join(" ");
}

/** Full Name (split at the first space on save), read-only Email, Store Name. */
export function PersonalInfoCard({ profile }: { profile: ProfileResponse }) {
  const t = useT();
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(() => joinFullName(profile));
  const [storeName, setStoreName] = useState(profile.storeName ?? "");
  const dirty = fullName.trim() !== joinFullName(profile) || storeName.trim() !== (profile.storeName ?? "");

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const { firstName, lastName } = splitFullName(fullName);
    try {
      const saved = await update.mutateAsync({ firstName, lastName, storeName: storeName.trim() });
      setFullName(joinFullName(saved));
      setStoreName(saved.storeName ?? "");
      markOnboardingStep("profile");
      toast({ title: t("profile.toast.updated"), variant: "success" });
    } catch (error) {
      toast({ title: t("profile.toast.failed", { message: error instanceof Error ? error.message : "Failed to update profile" }), variant: "destructive" });
    }
  }

  return (
    <Card data-testid="personal-card">
      <form onSubmit={onSubmit} noValidate className="contents">
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
              disabled={update.isPending}
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
              disabled={update.isPending}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={!dirty || update.isPending} data-testid="save-profile">
            {update.isPending ? t("profile.personal.saving") : t("profile.personal.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
