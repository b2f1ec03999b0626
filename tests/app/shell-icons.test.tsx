/**
 * The signed-in shell's icons come from one sprite drawn once per page (decision 0070): each sidebar
 * entry, the sidebar's toggle, the user menu and the logo still show their drawing, and every link and
 * button keeps its name.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../schema/api";
import { AppSidebar } from "~/components/shell/app-sidebar";
import { ShellIconSprite } from "~/components/shell/shell-icons";
import { SidebarProvider, SidebarTrigger } from "~/components/shell/sidebar";
import { I18nProvider } from "~/lib/i18n";
import { ThemeProvider } from "~/lib/theme";

afterEach(cleanup);

function showShell(language: Language = "en") {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <ThemeProvider initialChoice="light">
            <I18nProvider initialLanguage={language}>
              <SidebarProvider>
                <ShellIconSprite />
                <SidebarTrigger />
                <AppSidebar />
              </SidebarProvider>
            </I18nProvider>
          </ThemeProvider>
        ),
      },
    ],
    { initialEntries: ["/listings"] },
  );
  render(<RouterProvider router={router} />);
}

/** The symbol an icon draws (its <use>), with what it draws: every icon must reference a symbol of the sprite that has shapes. */
function drawingOf(element: Element): { id: string; shapes: number } {
  const uses = element.querySelectorAll("svg use");
  expect(uses).toHaveLength(1);
  const href = uses[0].getAttribute("href") ?? "";
  expect(href).toMatch(/^#si-/);
  const symbol = screen.getByTestId("shell-icons").querySelector(`symbol[id="${href.slice(1)}"]`);
  expect(symbol, `no symbol for ${href}`).not.toBeNull();
  expect(uses[0].closest("svg")?.getAttribute("aria-hidden")).toBe("true");
  return { id: href.slice(1), shapes: symbol!.querySelectorAll("path, rect, circle").length };
}

describe("the signed-in shell's icons", () => {
  it("show on every sidebar entry, each its own drawing, and each entry keeps its name", () => {
    showShell();
    const names = ["Dashboard", "Advanced Keywords", "SEO & Keywords", "Create Listing", "Edit Image", "My Listings", "My Shop", "Audit a Listing", "Pattern Wizard", "Image Editor (GPT)"];
    const drawings = names.map((name) => drawingOf(screen.getByRole("link", { name })));
    expect(drawings.every((drawing) => drawing.shapes > 0)).toBe(true);
    expect(new Set(drawings.map((drawing) => drawing.id)).size).toBe(names.length);
    // The page's own entry is still the current one.
    expect(screen.getByRole("link", { name: "My Listings" }).getAttribute("aria-current")).toBe("page");
  });

  it("keep the names in Turkish", () => {
    showShell("tr");
    const nav = screen.getAllByRole("navigation")[0];
    const links = within(nav).getAllByRole("link");
    expect(links).toHaveLength(7);
    for (const link of links) {
      expect(link.textContent?.trim()).not.toBe("");
      expect(drawingOf(link).shapes).toBeGreaterThan(0);
    }
  });

  it("draw the sidebar toggle, the user menu's chevron and the logo's mark, with the toggle and the menu keeping their names", () => {
    showShell();
    expect(drawingOf(screen.getByRole("button", { name: "Toggle sidebar" })).id).toBe("si-panel-left");
    expect(drawingOf(screen.getByRole("button", { name: "Account menu" })).id).toBe("si-chevrons-up-down");
    const home = screen.getByRole("link", { name: "Listora" });
    expect(drawingOf(home)).toEqual({ id: "si-logo", shapes: 3 });
  });

  it("are drawn once: the sprite holds each symbol a single time", () => {
    showShell();
    const ids = [...screen.getByTestId("shell-icons").querySelectorAll("symbol")].map((symbol) => symbol.id);
    expect(ids.length).toBeGreaterThanOrEqual(13);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
