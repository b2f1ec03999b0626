/**
 * An answer's notice (a toast) is shown once per answer: a screen that renders again with the same
 * answer (a revalidation, a new translate function once the language's strings load) shows nothing
 * more, and the next answer shows its own. Keyed on `[answer, t]`, the notice of one analysis was
 * shown twice on Advanced Keywords.
 */
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOncePer } from "~/lib/use-once-per";

afterEach(cleanup);

describe("useOncePer", () => {
  it("runs once for an answer however often the screen renders with it, and again for the next answer", () => {
    const shown: string[] = [];
    const first = { keyword: "soy candle" };
    const { rerender } = renderHook(({ answer, t }: { answer: { keyword: string } | undefined; t: (k: string) => string }) => useOncePer(answer, (a) => shown.push(t(a.keyword))), {
      initialProps: { answer: undefined as { keyword: string } | undefined, t: (k: string) => k },
    });
    expect(shown).toEqual([]);
    rerender({ answer: first, t: (k) => k });
    // The same answer with a new translate function, as after a revalidation.
    rerender({ answer: first, t: (k) => `${k}!` });
    rerender({ answer: first, t: (k) => `${k}?` });
    expect(shown).toEqual(["soy candle"]);
    rerender({ answer: { keyword: "linen napkins" }, t: (k) => k });
    expect(shown).toEqual(["soy candle", "linen napkins"]);
  });

  it("runs nothing for no answer", () => {
    const run = vi.fn();
    const { rerender } = renderHook(({ value }: { value: string | null | undefined }) => useOncePer(value, run), { initialProps: { value: undefined as string | null | undefined } });
    rerender({ value: null });
    expect(run).not.toHaveBeenCalled();
  });
});
