import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextDiff } from "~/components/shop/text-diff";
import { I18nProvider } from "~/lib/i18n";
import { handle as shopReviewRoute } from "~/routes/shop-review";
import { diffLines, diffTags, diffTokens, diffWords, sideOf, wordTokens } from "~/lib/diff";

afterEach(cleanup);

describe("the word diff of a proposal", () => {
  it("marks a replaced word as one deletion and one insertion and keeps the rest equal", () => {
    expect(diffWords("silver leaf necklace for her", "gold leaf necklace for her")).toEqual([
      { op: "delete", text: "silver" },
      { op: "insert", text: "gold" },
      { op: "equal", text: " leaf necklace for her" },
    ]);
  });

  it("marks words added at the end and in the middle as insertions only", () => {
    expect(diffWords("Moon ring", "Moon stone ring for her")).toEqual([
      { op: "equal", text: "Moon " },
      { op: "insert", text: "stone " },
      { op: "equal", text: "ring" },
      { op: "insert", text: " for her" },
    ]);
    // "ring" and "ring," are different words: punctuation stays with its word.
    expect(diffWords("Moon ring", "Moon ring,")).toEqual([
      { op: "equal", text: "Moon " },
      { op: "delete", text: "ring" },
      { op: "insert", text: "ring," },
    ]);
  });

  it("joins two neighbouring replaced words into one swap instead of keeping the space between them", () => {
    expect(diffWords("a red silver ring", "a blue gold ring")).toEqual([
      { op: "equal", text: "a " },
      { op: "delete", text: "red silver" },
      { op: "insert", text: "blue gold" },
      { op: "equal", text: " ring" },
    ]);
  });

  it("shows nothing changed for equal texts and everything changed against an empty one", () => {
    expect(diffWords("same words", "same words")).toEqual([{ op: "equal", text: "same words" }]);
    expect(diffWords("", "new text")).toEqual([{ op: "insert", text: "new text" }]);
    expect(diffWords("old text", "")).toEqual([{ op: "delete", text: "old text" }]);
    expect(diffWords("", "")).toEqual([]);
  });

  it("gives back both texts exactly, line breaks and spacing included", () => {
    const pairs: [string, string][] = [
      ["Handmade silver ring.\n\nCare: polish it.", "Handmade sterling silver ring.\n\nCare: polish it gently.\nShips in 2 days."],
      ["  leading and trailing  ", "leading, trailing"],
      ["one\r\ntwo\r\nthree", "one\r\n2\r\nthree\r\nfour"],
      ["a b c d e f", "f e d c b a"],
    ];
    for (const [before, after] of pairs) {
      const parts = diffWords(before, after);
      expect(sideOf(parts, "before")).toBe(before);
      expect(sideOf(parts, "after")).toBe(after);
      expect(parts.every((p) => p.text.length > 0)).toBe(true);
      for (let i = 1; i < parts.length; i++) expect(parts[i].op === parts[i - 1].op).toBe(false);
    }
  });

  it("keeps the longest common run: only the words that really changed are marked", () => {
    const parts = diffWords("the quick brown fox jumps over the lazy dog", "the quick red fox jumps over the sleepy dog");
    expect(parts.filter((p) => p.op === "delete").map((p) => p.text)).toEqual(["brown", "lazy"]);
    expect(parts.filter((p) => p.op === "insert").map((p) => p.text)).toEqual(["red", "sleepy"]);
  });

  it("falls back to a line diff when the word table would be too large, and still reconstructs both sides", () => {
    const before = Array.from({ length: 40 }, (_, i) => `line ${i} with some words`).join("\n");
    const after = before.replace("line 7 with", "line seven with").replace("line 30 with", "row 30 with");
    expect(diffTokens(wordTokens(before), wordTokens(after), 100)).toBeNull();
    const parts = diffWords(before, after, 2_000);
    expect(parts.filter((p) => p.op === "delete").map((p) => p.text)).toEqual(["line 7 with some words\n", "line 30 with some words\n"]);
    expect(sideOf(parts, "before")).toBe(before);
    expect(sideOf(parts, "after")).toBe(after);
    // Too large even for lines: the text is shown replaced whole.
    expect(diffLines(before, after, 10)).toEqual([
      { op: "delete", text: before },
      { op: "insert", text: after },
    ]);
  });
});

describe("the tag diff", () => {
  it("marks tags removed and added, ignoring case and spaces around them", () => {
    const tags = diffTags(["silver ring", "Gift For Her", "ring"], ["gift for her", "sterling ring", "ring "]);
    expect(["silver ring", "Gift For Her", "ring"].filter(tags.isRemoved)).toEqual(["silver ring"]);
    expect(["gift for her", "sterling ring", "ring "].filter(tags.isAdded)).toEqual(["sterling ring"]);
  });
});

describe("the diff on screen", () => {
  it("shows deletions on the before side and insertions on the after side, each named for screen readers", () => {
    const parts = diffWords("Silver leaf necklace", "Sterling silver leaf necklace");
    render(
      <I18nProvider initialLanguage="en" catalogues={shopReviewRoute.i18n}>
        <TextDiff parts={parts} side="before" testId="before" />
        <TextDiff parts={parts} side="after" testId="after" />
      </I18nProvider>,
    );
    const before = screen.getByTestId("before");
    const after = screen.getByTestId("after");
    expect(before.querySelectorAll("ins")).toHaveLength(0);
    expect([...before.querySelectorAll("del")].map((d) => d.textContent)).toEqual(["Deleted: Silver"]);
    expect([...after.querySelectorAll("ins")].map((d) => d.textContent)).toEqual(["Added: Sterling silver"]);
    expect(after.querySelectorAll("del")).toHaveLength(0);
  });

  it("names the changes in Turkish", () => {
    render(
      <I18nProvider initialLanguage="tr" catalogues={shopReviewRoute.i18n}>
        <TextDiff parts={diffWords("eski", "yeni")} side="after" testId="after" />
      </I18nProvider>,
    );
    expect(screen.getByTestId("after").querySelector("ins")?.textContent).toBe("Eklendi: yeni");
  });
});
