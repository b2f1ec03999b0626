import { useEffect, useRef } from "react";
import { useI18n } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";
import { useTheme } from "~/lib/theme";

/**
 * Applies the language and theme saved in the profile when the profile arrives (after login, on
 * another device) or changes on the server. It acts only when the profile's values change, so a
 * choice made on this screen is never fought over. A profile theme of "light" (also the server's
 * default) does not override the system preference of someone who never chose a theme here. The
 * first name is kept in this browser for the dashboard's greeting (SPEC §4's userName).
 */
export function ProfileSync() {
  const { data: profile } = useProfile();
  const { language, setLanguage } = useI18n();
  const { choice, setTheme } = useTheme();
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (!profile) return;
    if (profile.firstName) safeLocalStorage()?.setItem(STORAGE.userName, profile.firstName);
    const signature = `${profile.language}|${profile.theme}`;
    if (applied.current === signature) return;
    applied.current = signature;
    if ((profile.language === "en" || profile.language === "tr") && profile.language !== language) setLanguage(profile.language);
    if ((profile.theme === "dark" || (profile.theme === "light" && choice !== null)) && profile.theme !== choice) setTheme(profile.theme);
  }, [profile, language, setLanguage, choice, setTheme]);

  return null;
}
