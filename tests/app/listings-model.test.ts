import { describe, expect, it } from "vitest";
import { addManualKeyword, dedupeKeywords, manualKeyword, parseSelectedKeywords } from "~/components/create/selected-keywords";
import { fileNameOf, readNdjson } from "~/lib/api/listings";
import { createdAtOf, relativeTime } from "~/components/listings/relative-time";

describe("the selected keywords of Create Listing", () => {
  it("adds a typed keyword trimmed, with a manual- id, popularity 0, competition 0, trend stable, selected", () => {
    const { list, added } = addManualKeyword([], "  silver ring  ", 1_700_000_000_000);
    expect(added).toBe(true);
    expect(list).toEqual([{ id: expect.stringMatching(/^manual-silver-ring-/), keyword: "silver ring", popularity: 0, competition: 0, trend: "stable", selected: true }]);
  });

  it("ignores a blank keyword and one already in the list in another case", () => {
    const start = [manualKeyword("Silver Ring", 1)];
    expect(addManualKeyword(start, "   ").added).toBe(false);
    expect(addManualKeyword(start, "silver ring").added).toBe(false);
    expect(addManualKeyword(start, "gold ring").list).toHaveLength(2);
  });

  it("reads what the SEO screen stored, dropping duplicates by id and by text and keeping a keyword without text", () => {
    const stored = JSON.stringify([
      { id: "a", keyword: "boho earrings", popularity: 80, competition: 0.4, trend: "increasing", selected: true },
      { id: "a", keyword: "other", popularity: 1, competition: 0, trend: "stable", selected: true },
      { id: "b", keyword: "Boho Earrings", popularity: 5, competition: 0, trend: "stable", selected: true },
      { id: "c", popularity: 0, competition: 0, trend: "stable", selected: true },
      { keyword: "no id" },
      "garbage",
    ]);
    const list = parseSelectedKeywords(stored);
    expect(list.map((k) => k.id)).toEqual(["a", "c"]);
    expect(list[0]).toMatchObject({ keyword: "boho earrings", popularity: 80, competition: 0.4, trend: "increasing" });
    expect(list[1].keyword).toBeUndefined();
  });

  it("treats unreadable storage as an empty list", () => {
    expect(parseSelectedKeywords("{not json")).toEqual([]);
    expect(parseSelectedKeywords(null)).toEqual([]);
    expect(parseSelectedKeywords('{"id":"a"}')).toEqual([]);
    expect(dedupeKeywords([])).toEqual([]);
  });
});

describe("relative times on listing cards", () => {
  const now = Date.parse("2026-05-10T12:00:00Z");
  it("says '3 days ago' in English and in Turkish", () => {
    expect(relativeTime("2026-05-07T12:00:00Z", "en", now)).toBe("3 days ago");
    expect(relativeTime("2026-05-07T12:00:00Z", "tr", now)).toBe("3 gün önce");
    expect(relativeTime("2026-05-10T09:00:00Z", "en", now)).toBe("3 hours ago");
  });

  it("treats a missing or invalid createdAt as now", () => {
    expect(createdAtOf(undefined, now)).toBe(now);
    expect(createdAtOf("not a date", now)).toBe(now);
    expect(relativeTime(null, "en", now)).toBe("now");
  });
});

describe("the generation stream reader", () => {
  it("hands over every event even when lines arrive split across chunks, and skips a garbled line", async () => {
    const text = '{"type":"start"}\n{"type":"part","part":"title","value":"A ti' + 'tle"}\nnot json\n{"type":"done"}';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const events: unknown[] = [];
    await readNdjson(new Response(stream), (e) => events.push(e));
    expect(events).toEqual([{ type: "start" }, { type: "part", part: "title", value: "A title" }, { type: "done" }]);
  });

  it("names a download after the server's Content-Disposition", () => {
    expect(fileNameOf('attachment; filename="listora-listings-2026-05-10.csv"', "x.csv")).toBe("listora-listings-2026-05-10.csv");
    expect(fileNameOf(null, "x.csv")).toBe("x.csv");
  });
});
