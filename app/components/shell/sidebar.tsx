import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useT } from "~/lib/i18n";
import { COOKIE, writeCookie } from "~/lib/storage-keys";
import { useIsMobile } from "~/lib/use-mobile";
import { cn } from "~/lib/utils";
import { ShellIcon, type ShellIconName } from "./shell-icons";

/** SPEC §9: 16rem wide (18rem on mobile), 3rem in icon mode; state kept in a cookie for 7 days. */
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SHORTCUT_KEY = "b";

interface SidebarValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarValue | null>(null);

export function useSidebar() {
  const value = useContext(SidebarContext);
  if (!value) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return value;
}

export function SidebarProvider({ defaultOpen = true, children }: { defaultOpen?: boolean; children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeCookie(COOKIE.sidebar, String(next), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((v) => !v);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // Ctrl+B or Cmd+B toggles the sidebar.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SHORTCUT_KEY && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }), [open, setOpen, openMobile, isMobile, toggle]);
  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={{ "--sidebar-width": "16rem", "--sidebar-width-mobile": "18rem", "--sidebar-width-icon": "3rem" } as React.CSSProperties}
        className="flex min-h-dvh w-full"
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** Desktop: a fixed column that collapses to icons. Mobile: a slide-over drawer. */
export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  const t = useT();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" closeLabel={t("app.close")} className="w-(--sidebar-width-mobile) bg-sidebar p-0 text-sidebar-foreground" data-testid="sidebar-drawer">
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">{label}</SheetDescription>
          <div className="flex h-full flex-col" data-state="expanded" data-collapsible="">
            {children}
          </div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <div className="group peer hidden text-sidebar-foreground md:block" data-state={open ? "expanded" : "collapsed"} data-collapsible={open ? "" : "icon"} data-testid="sidebar">
      <div className={cn("relative h-dvh bg-transparent transition-[width] duration-200 ease-linear", open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)")} />
      <aside
        aria-label={label}
        className={cn(
          "fixed inset-y-0 left-0 z-10 hidden h-dvh border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear md:flex md:flex-col",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      >
        {children}
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  const t = useT();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={t("nav.toggleSidebar")}
      aria-expanded={isMobile ? openMobile : open}
      title={`${t("nav.toggleSidebar")} (Ctrl/⌘ B)`}
      data-testid="sidebar-trigger"
      className={cn("size-8", className)}
    >
      <ShellIcon name="panel-left" />
    </Button>
  );
}

export function SidebarHeader({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-2 p-2 pt-3">{children}</div>;
}

export function SidebarContent({ children }: { children: ReactNode }) {
  return <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2 group-data-[collapsible=icon]:overflow-hidden">{children}</div>;
}

export function SidebarFooter({ children }: { children: ReactNode }) {
  return <div className="border-t border-sidebar-border p-2">{children}</div>;
}

export function SidebarGroupLabel({ children }: { children: ReactNode }) {
  return <div className="px-2 pb-1 pt-2 text-xs font-medium text-sidebar-foreground/70 transition-opacity group-data-[collapsible=icon]:sr-only">{children}</div>;
}

/** A menu entry: highlighted when active; in icon mode its label becomes a tooltip. */
export function SidebarMenuLink({ to, label, icon, active }: { to: string; label: string; icon: ShellIconName; active: boolean }) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  const link = (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      data-active={active ? "true" : undefined}
      onClick={() => isMobile && setOpenMobile(false)}
      className={cn(
        "flex h-9 w-full items-center gap-2.5 overflow-hidden rounded-md px-2.5 text-sm outline-none transition-colors",
        "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
        active && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
      )}
    >
      <ShellIcon name={icon} className="size-4 shrink-0" />
      <span className="truncate group-data-[collapsible=icon]:sr-only">{label}</span>
    </Link>
  );
  if (open || isMobile) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

export function SidebarInset({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh min-w-0 flex-1 flex-col bg-background">{children}</div>;
}
