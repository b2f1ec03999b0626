/**
 * The Listing Doctor flags what a listing claims that the seller never said (issue #24, decision 0047):
 * an audience, occasion, use or property ("dog mom gift", "new puppy gift", "kadın hırka") or a claim such
 * as "made with care", "one of a kind", "kolay yıkanır", in the title, the description or the tags of a
 * listing Listora wrote from the seller's words. Judged by the same rule the writers follow, so what the
 * seller said is never flagged. And the tag-slot fix fills what the listing's words give, even when that
 * is fewer than every empty slot.
 */
import { describe, expect, it } from "vitest";
import { applyFix, auditListing, type AuditInput, type AuditReport } from "../../shared/audit";

const finding = (r: AuditReport, id: string) => r.findings.find((f) => f.id === id);
const ids = (r: AuditReport) => r.findings.map((f) => f.id);

const SELLER = "Brown leather dog collar with a solid brass buckle, 2 cm wide, fits necks 30-40 cm. Care: wipe with a damp cloth.";
const COLLAR: AuditInput = {
  platform: "etsy",
  title: "Leather Dog Collar - Dog Mom Gift, New Puppy Gift",
  description: "Brown leather dog collar with a solid brass buckle, 2 cm wide, fits necks 30-40 cm. Made with care, one piece at a time.\n\nCare: wipe with a damp cloth.",
  tags: ["leather dog collar", "dog mom gift", "new puppy gift", "brass buckle collar", "brown dog collar"],
  altTexts: [],
  photoCount: 5,
  keywords: ["leather dog collar"],
  original: SELLER,
};

const TURKISH: AuditInput = {
  platform: "etsy",
  title: "Merinos Yün Hırka, El Örgüsü Kadın Hırka - Anneye Hediye",
  description: "El örgüsü merinos yün hırka, %100 merinos, S-M-L beden. Kolay yıkanır. Elde yıkayın, düz kurutun.",
  tags: ["merinos yün hırka", "el örgüsü hırka", "anneye hediye", "kadın hırka"],
  altTexts: [],
  photoCount: 5,
  keywords: ["merinos yün hırka"],
  original: "El örgüsü merinos yün hırka, %100 merinos, S-M-L beden. Elde yıkayın, düz kurutun.",
};

describe("the Doctor flags claims the seller's words do not support", () => {
  it("tells the seller, as an error, that the tags 'dog mom gift' and 'new puppy gift' claim a gift and an audience they never named", () => {
    const report = auditListing(COLLAR);
    const tags = finding(report, "tags.unsupported-claims");
    expect(tags?.severity).toBe("error");
    expect(tags?.message).toContain('"dog mom gift", "new puppy gift"');
    expect(tags?.message).toContain("you did not say who it is for");
    expect(tags?.message).toContain("you did not mention a gift");
    expect(report.counts.errors).toBeGreaterThanOrEqual(1);
  });

  it("tells the seller the title's 'Dog Mom Gift, New Puppy Gift' is unsupported, and one click leaves 'Leather Dog Collar' with a higher score", () => {
    const report = auditListing(COLLAR);
    const title = finding(report, "title.unsupported-claims");
    expect(title?.severity).toBe("error");
    expect(title?.message).toContain('The title says "Dog Mom Gift", "New Puppy Gift", but');
    expect(title?.fix?.patch.title).toBe("Leather Dog Collar");
    const after = auditListing(applyFix(COLLAR, title!.fix!));
    expect(ids(after)).not.toContain("title.unsupported-claims");
    expect(after.score).toBeGreaterThan(report.score);
  });

  it("writes no missing Amazon bullet that only repeats what the bullets already say: with nothing new in the description, no fix is offered", () => {
    const led: AuditInput = {
      platform: "amazon",
      title: "LED Strip Lights 16.4 ft, RGB Colour Changing, App Control, 12V Adapter",
      description: "LED strip lights 16.4 ft, RGB colour changing with remote and app control, 12V adapter included.",
      bullets: ["What You Get: LED strip lights 16.4 ft.", "Size: 16.4 ft.", "Good to Know: RGB colour changing with remote and app control.", "Good to Know: 12V adapter included."],
      searchTerms: "light strip led tape",
      tags: [],
      altTexts: [],
      photoCount: 5,
      original: "LED strip lights 16.4 ft, RGB colour changing with remote and app control, 12V adapter included.",
    };
    const missing = finding(auditListing(led), "bullets.missing");
    expect(missing).toBeDefined();
    expect(missing?.fix).toBeUndefined();
    // A sentence that says something new still makes the missing bullet.
    const more = auditListing({ ...led, description: `${led.description} Cut every 3 LEDs to fit any space.` });
    expect(finding(more, "bullets.missing")?.fix?.patch.bullets).toEqual([...led.bullets!, "Cut every 3 LEDs to fit any space."]);
  });

  it("quotes each claim of a title as the whole phrase a seller reads, never its single words, and the fix removes exactly that phrase", () => {
    const title = (t: string, original = SELLER, platform: AuditInput["platform"] = "etsy") => finding(auditListing({ ...COLLAR, platform, title: t, original }), "title.unsupported-claims");
    const christmas = title("Leather Dog Collar, Perfect Christmas Gift for Her");
    expect(christmas?.params.claims).toBe('"Perfect Christmas Gift for Her"');
    expect(christmas?.fix?.patch.title).toBe("Leather Dog Collar");
    const puppy = title("Leather Dog Collar for New Puppy Owners");
    expect(puppy?.params.claims).toBe('"for New Puppy Owners"');
    expect(puppy?.fix?.patch.title).toBe("Leather Dog Collar");
    expect(title("Dog Mom Gift Leather Collar, Brass Buckle")?.params.claims).toBe('"Dog Mom Gift"');
    expect(title("Handmade Leather Dog Collar with Brass Buckle")?.params.claims).toBe('"Handmade"');
    const pyrex = "Vintage Pyrex #403 mixing bowl, 2.5 qt, 1970s, no chips.";
    expect(title("Vintage Pyrex #403 Mixing Bowl 2.5 qt - Perfect Gift for Mom", pyrex, "ebay")?.params.claims).toBe('"Perfect Gift for Mom"');
    // Turkish: the occasion and its gift are one phrase; in the product's own part only the claiming word goes.
    const tr = title("Deri Köpek Tasması - Anneler Günü Hediyesi", "Deri köpek tasması, pirinç tokalı, S-XL beden.");
    expect(tr?.params.claims).toBe('"Anneler Günü Hediyesi"');
    expect(tr?.fix?.patch.title).toBe("Deri Köpek Tasması");
    const cardigan = finding(auditListing(TURKISH), "title.unsupported-claims");
    expect(cardigan?.params.claims).toBe('"Kadın", "Anneye Hediye"');
  });

  it("flags 'Made with care' and 'one piece at a time' in the description, and its fix removes that sentence and keeps every size", () => {
    const report = auditListing(COLLAR);
    const described = finding(report, "description.unsupported-claims");
    expect(described?.severity).toBe("error");
    expect(described?.message).toContain('"Made with care", "one piece at a time"');
    const text = described?.fix?.patch.description ?? "";
    expect(text).not.toMatch(/care, one piece/i);
    expect(text).toContain("2 cm wide, fits necks 30-40 cm");
    expect(text).toContain("Care: wipe with a damp cloth.");
    expect(auditListing(applyFix(COLLAR, described!.fix!)).score).toBeGreaterThan(report.score);
  });

  it("replaces the unsupported tags with phrases from the listing that claim nothing, and the score rises", () => {
    const report = auditListing(COLLAR);
    const fix = finding(report, "tags.unsupported-claims")?.fix;
    expect(fix?.patch.tags).toEqual(expect.arrayContaining(["leather dog collar", "brass buckle collar", "brown dog collar"]));
    expect(fix?.patch.tags).not.toContain("dog mom gift");
    expect(fix?.patch.tags).not.toContain("new puppy gift");
    const after = auditListing(applyFix(COLLAR, fix!));
    expect(ids(after)).not.toContain("tags.unsupported-claims");
    expect(after.score).toBeGreaterThan(report.score);
  });

  it("flags nothing when the seller's own words say it is a gift for a dog mom with a new puppy, made with care, one piece at a time", () => {
    const report = auditListing({ ...COLLAR, original: `${SELLER} A gift for a dog mom with a new puppy. Made with care, one piece at a time.` });
    expect(ids(report).filter((id) => id.endsWith("unsupported-claims"))).toEqual([]);
    expect(report.score).toBeGreaterThan(auditListing(COLLAR).score);
  });

  it("flags 'handmade' only when the seller did not say it: their 'handmade' is theirs to repeat", () => {
    const listing: AuditInput = { ...COLLAR, title: "Handmade Leather Dog Collar, Brass Buckle", tags: COLLAR.tags!.filter((t) => !/gift/.test(t)), description: SELLER };
    expect(finding(auditListing(listing), "title.unsupported-claims")?.message).toContain('"Handmade"');
    expect(ids(auditListing({ ...listing, original: `Handmade ${SELLER}` }))).not.toContain("title.unsupported-claims");
  });

  it("flags 'gift for her' when the seller said nothing of a woman or a gift, and not when they said it is a gift for a woman", () => {
    const necklace: AuditInput = {
      platform: "etsy",
      title: "Silver Leaf Necklace, Sterling Pendant - Gift for Her",
      description: "A silver leaf necklace in sterling silver, 2 cm pendant on a 45 cm chain. Polish with a soft cloth.",
      tags: ["silver leaf necklace", "gift for her", "sterling pendant"],
      photoCount: 5,
      original: "Silver leaf necklace in sterling silver, 2 cm pendant on a 45 cm chain. Polish with a soft cloth.",
    };
    expect(ids(auditListing(necklace))).toEqual(expect.arrayContaining(["title.unsupported-claims", "tags.unsupported-claims"]));
    const said = auditListing({ ...necklace, original: `${necklace.original} A birthday gift for a woman who loves nature.` });
    expect(ids(said).filter((id) => id.endsWith("unsupported-claims"))).toEqual([]);
  });

  it("flags 'Kolay yıkanır', 'Anneye Hediye' and 'kadın hırka' in a Turkish listing of a hand-wash cardigan, in Turkish words of the seller's listing", () => {
    const report = auditListing(TURKISH);
    expect(finding(report, "description.unsupported-claims")?.message).toContain('"Kolay yıkanır"');
    expect(finding(report, "tags.unsupported-claims")?.message).toContain('"anneye hediye", "kadın hırka"');
    expect(finding(report, "title.unsupported-claims")?.fix?.patch.title).toBe("Merinos Yün Hırka, El Örgüsü Hırka");
    expect(finding(report, "description.unsupported-claims")?.fix?.patch.description).toBe("El örgüsü merinos yün hırka, %100 merinos, S-M-L beden. Elde yıkayın, düz kurutun.");
  });

  it("flags nothing in the Turkish listing when the seller wrote that it is a gift for their mother, a women's cardigan, easy to wash", () => {
    const report = auditListing({ ...TURKISH, original: "Anneme hediye, el örgüsü kadın hırka: merinos yün, %100 merinos, S-M-L beden. Kolay yıkanır: elde yıkayın, düz kurutun." });
    expect(ids(report).filter((id) => id.endsWith("unsupported-claims"))).toEqual([]);
    expect(report.score).toBeGreaterThan(auditListing(TURKISH).score);
  });

  it("reads 'not dishwasher safe' as no claim, and 'dishwasher safe' the seller never said as one", () => {
    const mug: AuditInput = {
      platform: "etsy",
      title: "Stoneware Coffee Mug, 350 ml",
      description: "A stoneware coffee mug, 350 ml. Not dishwasher safe: wash by hand.",
      tags: ["stoneware coffee mug"],
      original: "Stoneware coffee mug, 350 ml. Wash by hand.",
    };
    expect(ids(auditListing(mug))).not.toContain("description.unsupported-claims");
    expect(finding(auditListing({ ...mug, description: "A stoneware coffee mug, 350 ml. Dishwasher safe." }), "description.unsupported-claims")?.message).toContain('"Dishwasher safe"');
  });

  it("judges a listing the seller wrote themselves (no words given to Listora) by its own words: nothing to flag", () => {
    const { original: _, ...own } = COLLAR;
    expect(ids(auditListing(own)).filter((id) => id.endsWith("unsupported-claims"))).toEqual([]);
    expect(ids(auditListing(COLLAR)).filter((id) => id.endsWith("unsupported-claims")).length).toBe(3);
  });
});

describe("the tag-slot fix fills what the listing's words give", () => {
  const THIN: AuditInput = {
    platform: "etsy",
    title: "Walnut Serving Board, 40 x 20 cm",
    description: "A walnut serving board, 40 x 20 cm, oiled with food-grade mineral oil. Hand wash and dry flat; oil it once a month.",
    tags: ["walnut serving board", "walnut board"],
    photoCount: 5,
    altTexts: ["Walnut board", "Board with cheese", "Board edge", "Board back", "Board in hand"],
  };

  it("offers to add fewer tags than the empty slots when the listing's words give fewer, and the score rises with the tag count", () => {
    const before = auditListing(THIN);
    const unused = finding(before, "tags.unused");
    expect(unused?.params.missing).toBe(11);
    const fix = unused?.fix;
    expect(fix?.label).toMatch(/^Add \d+ tags? from the title and description$/);
    const added = (fix?.patch.tags?.length ?? 0) - THIN.tags!.length;
    expect(added).toBeGreaterThanOrEqual(1);
    expect(added).toBeLessThan(11);
    expect(fix?.label).toBe(`Add ${added} ${added === 1 ? "tag" : "tags"} from the title and description`);
    const after = auditListing(applyFix(THIN, fix!));
    expect(after.score).toBeGreaterThan(before.score);
    expect(finding(after, "tags.unused")?.params.missing).toBe(11 - added);
  });

  it("never proposes a care phrase from the description as a tag", () => {
    const tags = finding(auditListing(THIN), "tags.unused")?.fix?.patch.tags ?? [];
    expect(tags.length).toBeGreaterThan(THIN.tags!.length);
    expect(tags.some((t) => /wash|dry flat|once a month|oil it/.test(t))).toBe(false);
  });
});
