import { useLocation } from "react-router";
import { Logo } from "~/components/logo";
import { useT } from "~/lib/i18n";
import { Sidebar, SidebarContent, SidebarFooter, SidebarGroupLabel, SidebarHeader, SidebarMenuLink } from "./sidebar";
import { ShellLogoMark } from "./shell-icons";
import { UserMenu } from "./user-menu";

/** SPEC §2 sidebar entries, in order; the pattern wizard and the GPT editor follow as extra tools. */
const NAV_ITEMS = [
  { key: "nav.dashboard", to: "/", icon: "layout-dashboard", activeOn: ["/", "/dashboard"] },
  { key: "nav.advancedKeywords", to: "/advanced-keywords", icon: "trending-up" },
  { key: "nav.seoKeywords", to: "/seo-keywords", icon: "search" },
  { key: "nav.createListing", to: "/create", icon: "sparkles" },
  { key: "nav.editImage", to: "/edit-image", icon: "image" },
  { key: "nav.listings", to: "/listings", icon: "list" },
  { key: "nav.shop", to: "/shop", icon: "store", activePrefix: "/shop/" },
] as const;

const EXTRA_ITEMS = [
  { key: "nav.audit", to: "/audit", icon: "stethoscope" },
  { key: "nav.patternWizard", to: "/optimize", icon: "file-text", activeOn: ["/optimize", "/review", "/listing-generation"] },
  { key: "nav.editImageGpt", to: "/edit-image-gpt", icon: "wand-sparkles" },
] as const;

export function AppSidebar() {
  const t = useT();
  const { pathname } = useLocation();
  const isActive = (item: { to: string; activeOn?: readonly string[]; activePrefix?: string }) =>
    (item.activePrefix !== undefined && pathname.startsWith(item.activePrefix)) || (item.activeOn ? item.activeOn.includes(pathname) : pathname === item.to);
  return (
    <Sidebar label={t("nav.mainMenu")}>
      <SidebarHeader>
        <Logo to="/" mark={<ShellLogoMark />} className="px-1 group-data-[collapsible=icon]:[&>span]:hidden" />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t("nav.mainMenu")} className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <SidebarMenuLink key={item.to} to={item.to} label={t(item.key)} icon={item.icon} active={isActive(item)} />
          ))}
        </nav>
        <SidebarGroupLabel>{t("nav.tools")}</SidebarGroupLabel>
        <nav aria-label={t("nav.tools")} className="grid gap-1">
          {EXTRA_ITEMS.map((item) => (
            <SidebarMenuLink key={item.to} to={item.to} label={t(item.key)} icon={item.icon} active={isActive(item)} />
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <UserMenu />
      </SidebarFooter>
    </Sidebar>
  );
}
