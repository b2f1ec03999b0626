import { describe, expect, it } from "vitest";
import { competitionBadgeVariant, competitionLevel } from "~/lib/competition";

describe("competition label (SPEC §5)", () => {
  it("calls a score below 0.3 Low", () => {
    expect(competitionLevel(0)).toBe("Low");
    expect(competitionLevel(0.29)).toBe("Low");
  });

  it("calls 0.3 up to just under 0.6 Medium", () => {
    expect(competitionLevel(0.3)).toBe("Medium");
    expect(competitionLevel(0.59)).toBe("Medium");
  });

  it("calls 0.6 and above High", () => {
    expect(competitionLevel(0.6)).toBe("High");
    expect(competitionLevel(1)).toBe("High");
  });

  it("colours High as a warning sign and Low as a good sign", () => {
    expect(competitionBadgeVariant("High")).toBe("destructive");
    expect(competitionBadgeVariant("Medium")).toBe("warning");
    expect(competitionBadgeVariant("Low")).toBe("success");
  });
});
