import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIPS, TIP_INTERVAL_MS, TipsCarousel } from "~/components/dashboard/tips-carousel";
import { FeatureCarousel, LANDING_SLIDE_MS } from "~/components/landing/feature-carousel";
import { sectionCatalogues } from "~/components/landing/sections";
import { I18nProvider } from "~/lib/i18n";
import { handle as dashboardRoute } from "~/routes/dashboard";
import { handle as landingRoute } from "~/routes/landing";
import { useCarousel } from "~/lib/use-carousel";

let reducedMotion = false;
beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") ? reducedMotion : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wrap = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <I18nProvider initialLanguage="en" catalogues={[...dashboardRoute.i18n, ...landingRoute.i18n, ...sectionCatalogues]}>
      {children}
    </I18nProvider>
  </MemoryRouter>
);

describe("useCarousel timing", () => {
  it("advances once per interval and loops back to the first slide", () => {
    const { result } = renderHook(() => useCarousel({ count: 3, intervalMs: 5000 }));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.index).toBe(0);
  });

  it("holds the slide while paused and resumes with a full interval afterwards", () => {
    const { result, rerender } = renderHook(({ paused }) => useCarousel({ count: 6, intervalMs: 6000, paused }), { initialProps: { paused: false } });
    act(() => vi.advanceTimersByTime(3000));
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(5999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
  });

  it("wraps both ways by hand and gives a slide chosen by hand its full time", () => {
    const { result } = renderHook(() => useCarousel({ count: 6, intervalMs: 6000 }));
    act(() => result.current.previous());
    expect(result.current.index).toBe(5);
    act(() => result.current.next());
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current.goTo(3));
    act(() => vi.advanceTimersByTime(5999));
    expect(result.current.index).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(4);
  });

  it("never moves on its own when the visitor prefers reduced motion, but still moves by hand", () => {
    reducedMotion = true;
    const { result } = renderHook(() => useCarousel({ count: 3, intervalMs: 5000 }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    expect(result.current.autoPlaying).toBe(false);
    act(() => result.current.next());
    expect(result.current.index).toBe(1);
  });
});

const activeTip = () => screen.getByTestId("tips").getAttribute("data-index");
const activeSlide = () => screen.getByTestId("feature-carousel").getAttribute("data-index");

describe("Tips & Inspiration carousel", () => {
  it("shows six tips, one every 6 seconds, wrapping after the last", () => {
    expect(TIPS).toHaveLength(6);
    expect(TIP_INTERVAL_MS).toBe(6000);
    render(<TipsCarousel />, { wrapper: wrap });
    expect(screen.getByTestId("tip-title").getAttribute("data-active")).toBe("true");
    for (let i = 1; i <= 6; i++) {
      act(() => vi.advanceTimersByTime(6000));
      expect(activeTip()).toBe(String(i % 6));
    }
  });

  it("pauses while the pointer is over it and resumes when it leaves", () => {
    render(<TipsCarousel />, { wrapper: wrap });
    fireEvent.mouseEnter(screen.getByTestId("tips"));
    act(() => vi.advanceTimersByTime(30_000));
    expect(activeTip()).toBe("0");
    fireEvent.mouseLeave(screen.getByTestId("tips"));
    act(() => vi.advanceTimersByTime(6000));
    expect(activeTip()).toBe("1");
  });

  it("pauses while a control has keyboard focus, and the buttons and dots move it", () => {
    render(<TipsCarousel />, { wrapper: wrap });
    const next = screen.getByRole("button", { name: "Next tip" });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(30_000));
    expect(activeTip()).toBe("0");
    fireEvent.click(screen.getByRole("button", { name: "Previous tip" }));
    expect(activeTip()).toBe("5");
    fireEvent.click(next);
    fireEvent.click(next);
    expect(activeTip()).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Show tip 5" }));
    expect(activeTip()).toBe("4");
    expect(screen.getByRole("button", { name: "Show tip 5" }).getAttribute("aria-current")).toBe("true");
    act(() => next.blur());
    act(() => vi.advanceTimersByTime(6000));
    expect(activeTip()).toBe("5");
  });
});

describe("landing feature carousel", () => {
  it("moves every 5 seconds through 3 slides and loops", () => {
    expect(LANDING_SLIDE_MS).toBe(5000);
    render(<FeatureCarousel />, { wrapper: wrap });
    const seen = [activeSlide()];
    for (let i = 0; i < 3; i++) {
      act(() => vi.advanceTimersByTime(5000));
      seen.push(activeSlide());
    }
    expect(seen).toEqual(["0", "1", "2", "0"]);
  });

  it("pauses on hover, resumes on leave, and jumps with dots", () => {
    render(<FeatureCarousel />, { wrapper: wrap });
    const region = screen.getByTestId("feature-carousel");
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(20_000));
    expect(activeSlide()).toBe("0");
    fireEvent.click(screen.getByRole("button", { name: "Show feature 3" }));
    expect(activeSlide()).toBe("2");
    expect(screen.getByTestId("feature-slide-2").getAttribute("aria-hidden")).toBe("false");
    expect(screen.getByTestId("feature-slide-0").getAttribute("aria-hidden")).toBe("true");
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe("0");
  });

  it("stays still under reduced motion", () => {
    reducedMotion = true;
    render(<FeatureCarousel />, { wrapper: wrap });
    act(() => vi.advanceTimersByTime(30_000));
    expect(activeSlide()).toBe("0");
  });
});
