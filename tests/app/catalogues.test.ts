import { describe, expect, it } from "vitest";

/** Every catalogue module (one per area); the index only lists the base ones. */
const modules = import.meta.glob<{ en: Record<string, string>; tr: Record<string, string> }>(["../../app/lib/i18n/catalog/*.ts", "!../../app/lib/i18n/catalog/index.ts"], { eager: true });

/** Turkish-only by design: English findings and fixes come worded from the audit engine itself. */
const TURKISH_ONLY = /^audit\.(finding|fix)\./;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  it("finds the catalogue modules", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(15);
  });

  for (const [file, catalogue] of Object.entries(modules)) {
    const area = file.split("/").pop();
    it(`${area}: Turkish has exactly the English keys, with the same placeholders`, () => {
      const english = Object.keys(catalogue.en).sort();
      const turkish = Object.keys(catalogue.tr)
        .filter((key) => !TURKISH_ONLY.test(key))
        .sort();
      expect(turkish).toEqual(english);
      for (const key of english) {
        expect(catalogue.tr[key], key).toBeTruthy();
        expect(placeholders(catalogue.tr[key]), key).toEqual(placeholders(catalogue.en[key]));
      }
    });
  }

  it("gives no key two areas (a later catalogue would silently win)", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [file, catalogue] of Object.entries(modules)) {
      for (const key of Object.keys(catalogue.en)) {
        const previous = owner.get(key);
        if (previous && catalogue.en[key] !== modules[previous].en[key]) clashes.push(`${key}: ${previous} / ${file}`);
        owner.set(key, file);
      }
    }
    expect(clashes).toEqual([]);
  });
});
