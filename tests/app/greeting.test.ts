import { describe, expect, it } from "vitest";
import { bandGreeting, greetingBand, greetingKey, pickGreeting } from "~/lib/greeting";
import { en, tr } from "~/lib/i18n/catalog/dashboard";

/** A fixed sequence of dice throws. */
const dice = (...values: number[]) => {
  let i = 0;
  return () => values[i++] ?? 0.99;
};
const at = (hour: number, day = 3 /* Wednesday 2026-11-18 */) => new Date(2026, 10, 15 + day, hour, 30);

describe("dashboard greeting", () => {
  it("puts 05-11 in the morning, 12-16 in the afternoon, 17-21 in the evening and the rest at night", () => {
    const expected: Record<number, string> = {};
    for (let h = 0; h < 24; h++) expected[h] = h >= 5 && h <= 11 ? "morning" : h >= 12 && h <= 16 ? "afternoon" : h >= 17 && h <= 21 ? "evening" : "night";
    for (let h = 0; h < 24; h++) expect(greetingBand(h), `hour ${h}`).toBe(expected[h]);
    expect([4, 5, 11, 12, 16, 17, 21, 22].map(greetingBand)).toEqual(["night", "morning", "morning", "afternoon", "afternoon", "evening", "evening", "night"]);
  });

  it("shows the weekday line when the first throw is under 30 %", () => {
    const g = pickGreeting(at(9), dice(0.29), null);
    expect(g.kind).toBe("weekday");
    expect(g.key).toBe("dashboard.greeting.weekday.wednesday");
    expect(pickGreeting(new Date(2026, 10, 16, 9), dice(0), null).key).toBe("dashboard.greeting.weekday.monday");
  });

  it("otherwise shows a generic line when the second throw is under 50 %, else the band line", () => {
    expect(pickGreeting(at(14), dice(0.3, 0.49, 0.7), null)).toMatchObject({ kind: "generic", key: "dashboard.greeting.generic.2" });
    expect(pickGreeting(at(14), dice(0.3, 0.5), null)).toMatchObject({ kind: "band", key: "dashboard.greeting.band.afternoon" });
    expect(pickGreeting(at(23), dice(0.95, 0.95), null)).toMatchObject({ kind: "band", key: "dashboard.greeting.band.night" });
  });

  it("lands on weekday 30 %, generic 35 % and band 35 % of the time over an even spread of throws", () => {
    const counts = { weekday: 0, generic: 0, band: 0 };
    const steps = 100;
    for (let a = 0; a < steps; a++) {
      for (let b = 0; b < steps; b++) counts[pickGreeting(at(10), dice((a + 0.5) / steps, (b + 0.5) / steps, 0.1), null).kind]++;
    }
    expect(counts).toEqual({ weekday: 3000, generic: 3500, band: 3500 });
  });

  it("uses the stored user name in the line when there is one, and ignores a blank one", () => {
    const named = pickGreeting(at(8), dice(0.9, 0.9), "  Ayşe ");
    expect(named.name).toBe("Ayşe");
    expect(greetingKey(named)).toBe("dashboard.greeting.band.morning.named");
    expect(en[greetingKey(named) as keyof typeof en]).toContain("{name}");
    expect(greetingKey(pickGreeting(at(8), dice(0.9, 0.9), "   "))).toBe("dashboard.greeting.band.morning");
  });

  it("renders the band line on the server, without dice", () => {
    expect(bandGreeting(at(19))).toMatchObject({ kind: "band", key: "dashboard.greeting.band.evening", name: null });
  });

  it("has every line in English and Turkish, named variants carrying the name", () => {
    const keys = Object.keys(en).filter((k) => k.startsWith("dashboard.greeting."));
    expect(keys.length).toBe((4 + 7 + 3) * 2);
    for (const key of keys) {
      expect(tr[key as keyof typeof tr], key).toBeTruthy();
      if (key.endsWith(".named")) expect(tr[key as keyof typeof tr], key).toContain("{name}");
    }
  });
});
