import { LogOutIcon, MoonIcon, SunIcon, UserIcon } from "lucide-react";
import { useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { forgetLocalSession } from "~/lib/auth";
import { useT } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import { useTheme } from "~/lib/theme";
import { ShellIcon } from "./shell-icons";
import { useSidebar } from "./sidebar";

/** The sidebar footer's user menu: the name and e-mail of the app layout's account data (in the first HTML), or the SPEC's placeholders when they are empty. */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const { isMobile } = useSidebar();
  const { data: profile } = useProfile();
  const saveTheme = useFetcher();
  const signOutForm = useRef<HTMLFormElement>(null);

  // The choice is saved to the profile too (the /profile action), so another device (and the profile sync) agrees.
  function switchTheme() {
    const next = theme === "dark" ? "light" : "dark";
    toggleTheme();
    void saveTheme.submit({ intent: "preferences", theme: next }, { method: "post", action: "/profile" });
  }

  const initial = profile?.firstName ? profile.firstName.charAt(0).toUpperCase() : "...";
  const fullName = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  const name = fullName || profile?.firstName || t("user.fallbackName");
  const email = profile?.email || t("user.noEmail");

  /**
   * The /logout action clears the HttpOnly session cookie and goes to /login; what the browser kept goes
   * too. Sent as a plain form, so the browser loads /login as a new page: nothing the signed-in page held
   * in memory stays, and no request it still had on its way can move the visitor afterwards. (Posted
   * through the router, a save ending meanwhile made it reload the pending location's data, and the
   * answers could arrive in any order: a sign-out ended on /landing, or on /login?redirectTo=.)
   */
  function logOut() {
    forgetLocalSession();
    signOutForm.current?.submit();
  }

  return (
    <DropdownMenu>
      {/* Outside the menu's content, which is only in the page while the menu is open. */}
      <form ref={signOutForm} method="post" action="/logout" hidden />
      <DropdownMenuTrigger
        className="flex w-full items-center gap-2 rounded-md p-1.5 text-left text-sm outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent"
        aria-label={t("user.menu")}
        data-testid="user-menu"
      >
        <Avatar className="size-8 rounded-lg">
          <AvatarFallback className="rounded-lg bg-primary/15 font-semibold text-primary">{initial}</AvatarFallback>
        </Avatar>
        <span className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
          <span className="truncate font-medium" data-testid="user-name">
            {name}
          </span>
          <span className="truncate text-xs text-muted-foreground" data-testid="user-email">
            {email}
          </span>
        </span>
        <ShellIcon name="chevrons-up-down" className="ml-auto size-4 text-muted-foreground group-data-[collapsible=icon]:hidden" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side={isMobile ? "top" : "right"} align="end" className="min-w-56">
        <DropdownMenuLabel className="font-normal">
          <div className="grid leading-tight">
            <span className="truncate font-medium">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserIcon /> {t("user.profileSettings")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={switchTheme} data-testid="menu-theme-toggle">
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          {theme === "dark" ? t("user.lightMode") : t("user.darkMode")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logOut} data-testid="logout">
          <LogOutIcon /> {t("user.logOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
