import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../schema/api";
import { GeneratedListing } from "~/components/create/generated-listing";
import { keywordUse } from "~/components/create/keyword-use";
import { KeywordsUsed } from "~/components/create/keywords-used";
import { I18nProvider } from "~/lib/i18n";
import { handle as createRoute } from "~/routes/create";

afterEach(cleanup);

const BUNNY = {
  title: "Crochet Bunny Toy, Handmade Amigurumi Rabbit, Easter Gift for Kids",
  tags: ["crochet bunny", "amigurumi rabbit", "easter basket gift", "baby shower gift", "organic cotton toy"],
  description: "A soft crochet bunny made by hand from organic cotton yarn. Safe for babies: embroidered eyes.",
  hasTags: true,
};

describe("which selected keywords the generated listing used", () => {
  it("finds a keyword in the title and in the tags in any case, as a whole phrase", () => {
    const [bunny, rabbit, hop] = keywordUse(["Crochet BUNNY", "amigurumi rabbit", "bunny hop"], BUNNY);
    expect(bunny).toEqual({ keyword: "Crochet BUNNY", places: ["title", "tags"], reason: null });
    expect(rabbit.places).toEqual(["title", "tags"]);
    expect(hop).toEqual({ keyword: "bunny hop", places: [], reason: null });
  });

  it("does not count a keyword that is only part of a word", () => {
    expect(keywordUse(["bun"], BUNNY)[0].places).toEqual([]);
    expect(keywordUse(["gift"], BUNNY)[0].places).toEqual(["title", "tags"]);
  });

  it("says why a keyword longer than Etsy's 20-character tag limit is not in the tags", () => {
    const [long] = keywordUse(["handmade crochet bunny for newborns"], BUNNY);
    expect(long).toEqual({ keyword: "handmade crochet bunny for newborns", places: [], reason: "tooLongForTag" });
  });

  it("tells a keyword only in the description from one not used at all", () => {
    const [cotton, wool] = keywordUse(["organic cotton yarn", "merino wool"], BUNNY);
    expect(cotton.reason).toBe("descriptionOnly");
    expect(wool.reason).toBeNull();
  });

  it("marks keywords past the first 30 as not sent, and lists a keyword once", () => {
    const many = Array.from({ length: 32 }, (_, i) => `keyword ${i + 1}`);
    const uses = keywordUse([...many.slice(0, 2), "KEYWORD 1", ...many.slice(2)], BUNNY);
    expect(uses).toHaveLength(32);
    // The screen sends the first 30 entries as they are; the repeated one took a place among them.
    expect(uses.filter((u) => u.reason === "notSent").map((u) => u.keyword)).toEqual(["keyword 30", "keyword 31", "keyword 32"]);
  });

  it("reads Turkish text with its dotted and dotless i in any case", () => {
    const kupa = { title: "El Yapımı Seramik Kupa, İznik Desenli", tags: ["seramik kupa", "iznik desenli kupa"], description: "", hasTags: true };
    expect(keywordUse(["İZNİK DESENLİ", "el yapımı seramik"], kupa).map((u) => u.places)).toEqual([["title", "tags"], ["title"]]);
  });

  it("looks at Amazon's search terms, and never at tags, where the marketplace has none", () => {
    const amazon = { title: "Crochet Bunny", tags: ["plush rabbit"], description: "", searchTerms: "plush rabbit easter basket", hasTags: false };
    expect(keywordUse(["plush rabbit", "handmade crochet bunny for newborns"], amazon)).toEqual([
      { keyword: "plush rabbit", places: ["searchTerms"], reason: null },
      { keyword: "handmade crochet bunny for newborns", places: [], reason: null },
    ]);
  });
});

function show(node: React.ReactNode, language: Language = "en") {
  return render(
    <MemoryRouter>
      <I18nProvider initialLanguage={language} catalogues={createRoute.i18n}>
        {node}
      </I18nProvider>
    </MemoryRouter>,
  );
}

const KEYWORDS = ["crochet bunny", "easter basket gift", "handmade crochet bunny for newborns", "merino wool"];

describe("the Create screen's keyword report", () => {
  it("shows under the generated listing which selected keywords are in the title, which in the tags, and which were not used and why", () => {
    show(<GeneratedListing parts={BUNNY} generating={false} listingId="l1" ruleReport={null} onRegenerate={() => {}} regenerating={null} regenerationsLeft={5} keywords={KEYWORDS} />);
    const report = screen.getByTestId("keywords-used");
    expect(within(report).getByTestId("keywords-used-summary").textContent).toBe("2 of 4 selected keywords used (read from the listing, whole phrase, any case).");
    expect(
      within(within(report).getByTestId("keywords-in-title"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["crochet bunny"]);
    expect(
      within(within(report).getByTestId("keywords-in-tags"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["crochet bunny", "easter basket gift"]);
    expect(within(report).getByTestId("keywords-unused").textContent).toMatch(/^Not in the title or tags/);
    const unused = within(report).getAllByTestId("keyword-unused");
    expect(unused.map((li) => li.textContent)).toEqual(["handmade crochet bunny for newborns35 characters: longer than Etsy's 20-character tag limit", "merino wool"]);
  });

  it("says nothing about keywords when none were selected, or while the listing is being written", () => {
    const props = { parts: BUNNY, ruleReport: null, onRegenerate: () => {}, regenerating: null, regenerationsLeft: 5 } as const;
    const { rerender } = show(<GeneratedListing {...props} generating={false} listingId="l1" keywords={[]} />);
    expect(screen.queryByTestId("keywords-used")).toBeNull();
    rerender(
      <MemoryRouter>
        <I18nProvider initialLanguage="en" catalogues={createRoute.i18n}>
          <GeneratedListing {...props} generating listingId={null} keywords={KEYWORDS} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("keywords-used")).toBeNull();
  });

  it("says the same in Turkish", () => {
    show(<KeywordsUsed keywords={KEYWORDS} listing={BUNNY} />, "tr");
    expect(screen.getByTestId("keywords-used-summary").textContent).toContain("Seçili 4 anahtar kelimeden 2 tanesi kullanıldı");
    expect(screen.getByText("Başlıkta")).toBeTruthy();
    expect(screen.getByText("Etiketlerde")).toBeTruthy();
    expect(screen.getAllByTestId("keyword-unused")[0].textContent).toContain("35 karakter: Etsy'nin 20 karakterlik etiket sınırından uzun");
  });
});
