import { describe, expect, it } from "vitest";
import type { AdvancedAnalysis, KeywordSearchResult } from "../../schema/api/keywords";
import { api, registerUser } from "./helpers";

/** With no provider configured (the test environment), every answer is the sample engine's, and says so. */
describe("sample-engine answers say they are samples", () => {
  it("marks every keyword suggestion's figures as sample data", async () => {
    const { token } = await registerUser();
    const res = await api("/keywords?product_name=linen%20apron&platform=etsy", { token });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: KeywordSearchResult }>();
    expect(data.source).toBe("sample");
    expect(data.error).toBe(true);
    expect(data.keywords.length).toBeGreaterThan(0);
    expect(data.keywords.every((k) => k.popularitySource === "sample" && k.competitionSource === "sample")).toBe(true);
  });

  it("makes no claim about real shoppers, growth or timing from sample figures in the market insights", async () => {
    const { token } = await registerUser();
    // Several keywords, so a sample 'Breakout' related query is among them.
    const insights: string[] = [];
    for (const keyword of ["boho earrings", "linen apron", "moon necklace", "macrame wall hanging", "silver ring"]) {
      const res = await api("/advanced-keywords/analyze", { token, body: { keyword, geo: "US" } });
      expect(res.status).toBe(200);
      const { data } = await res.json<{ data: AdvancedAnalysis }>();
      expect(data.source).toBe("sample");
      expect(data.isFallback).toBe(true);
      expect(data.marketInsights.at(-1)).toBe("These figures come from Listora's offline sample engine, not from live search data.");
      insights.push(...data.marketInsights);
    }
    const text = insights.join("\n");
    expect(text).not.toMatch(/breakout search|growth of more than|fastest-growing|Shoppers also search/);
    // Nor about timing: no "A good time to list", no "Searches peaked around November" from a sample curve.
    expect(text).not.toMatch(/good time to list|peaked around|is rising|is declining|steady in recent weeks/);
    expect(text).toContain("The interest curve is sample data: it does not show when people search, so it gives no advice on when to list.");
  });
});
