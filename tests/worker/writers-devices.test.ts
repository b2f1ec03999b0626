/**
 * Twelve device sellers' texts that were in no corpus (session 38), read as their sellers would before any
 * change (decision 0086). Each case failed before its fix: a Dell laptop had no brand, "Size: 1165G" from its
 * processor's name and "Intel Core 7-1165 g" in its title; a GoPro was typed "Card" and given its microSD
 * card's 64 GB as its storage, as a Canon DSLR was its SD card's; a Switch was typed "Model"; no device had its
 * model; and the Doctor asked every device what it is made of and how to care for it.
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { extractFacts } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

type Platform = "etsy" | "ebay" | "amazon";
const write = async (description: string, platform: Platform) => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (listing: { itemSpecifics?: { name: string; value: string }[] }, name: string) => listing.itemSpecifics?.find((s) => s.name === name)?.value;
/** What the Doctor says the description does not say (its keys), for the composed listing of the seller's text. */
const missing = async (text: string, platform: Platform) => {
  const listing = await write(text, platform);
  const audit = auditListing({ ...listing, platform, photoCount: 5, original: text } as never);
  const details = audit.findings.find((f) => f.id === "description.details");
  return String(details?.params?.missingKeys ?? "")
    .split(",")
    .filter(Boolean);
};

const DELL = "Dell XPS 13 9310 laptop, Intel Core i7-1165G7, 16GB RAM, 512GB SSD, 13.4 inch FHD+ touchscreen, Windows 11. Battery holds about 6 hours.";
const CANON = "Canon EOS Rebel T7 DSLR camera with 18-55mm lens, 24.1MP, shutter count about 4,000. Includes battery, charger, strap and 32GB SD card. Excellent condition.";
const GOPRO = "GoPro HERO9 Black action camera with 2 batteries, 64GB microSD card and chest mount. Waterproof to 10m without housing.";
const SWITCH = "Nintendo Switch OLED model, white Joy-Con, 64GB, with dock and original box. Lightly used, screen protector applied since day one.";
const BOSE = "Bose QuietComfort 45 wireless noise cancelling headphones, black. Battery lasts about 20 hours. Includes case and USB-C cable. Ear pads replaced last month.";
const S21 = "Samsung Galaxy S21 5G 128GB Phantom Gray, unlocked, battery good, cracked back glass, front screen perfect.";
const WALKMAN = "Vintage Sony Walkman WM-FX193 cassette player with FM/AM radio, tested and working, minor scuffs, no headphones.";
const MX = "Logitech MX Master 3S kablosuz mouse, grafit renk. Sessiz tıklama, USB-C şarj. Kutusunda, çok az kullanıldı.";
const KINDLE = "Kindle Paperwhite 11th generation, 8GB, 6.8 inch display, ad-supported, with black fabric cover.";

describe("a laptop", () => {
  it("reads its maker, model, processor, memory, drive, system and screen, and no weight from its processor's name", async () => {
    const facts = extractFacts({ text: DELL });
    expect(facts.brand).toBe("Dell");
    expect(facts.measures).not.toContain("1165G");
    const ebay = await write(DELL, "ebay");
    expect(specific(ebay, "Brand")).toBe("Dell");
    expect(specific(ebay, "Model")).toBe("XPS 13 9310");
    expect(specific(ebay, "Processor")).toBe("Intel Core i7-1165G7");
    expect(specific(ebay, "RAM Size")).toBe("16 GB");
    expect(specific(ebay, "Storage Capacity")).toBe("512 GB");
    expect(specific(ebay, "Operating System")).toBe("Windows 11");
    expect(specific(ebay, "Screen Size")).toBe("13.4 in");
    // The screen is its size: no second "Size".
    expect(specific(ebay, "Size")).toBeUndefined();
    expect(ebay.title).toContain("Intel Core i7-1165G7");
    expect(ebay.title).toMatch(/16GB RAM/u);
    expect(ebay.title).toMatch(/512GB SSD/u);
    expect(ebay.title).not.toMatch(/1165 g/iu);
  });
});

describe("what comes with a device is not the device", () => {
  it("gives a camera no storage of the memory card in its box", async () => {
    const canon = await write(CANON, "ebay");
    expect(specific(canon, "Storage Capacity")).toBeUndefined();
    expect(canon.title).not.toContain("32GB");
    expect(specific(canon, "Model")).toBe("EOS Rebel T7");
  });

  it("reads an action camera listed with its accessories as the camera", async () => {
    expect(extractFacts({ text: GOPRO }).head).toBe("camera");
    const ebay = await write(GOPRO, "ebay");
    expect(specific(ebay, "Type")).toBe("Action Camera");
    expect(specific(ebay, "Model")).toBe("HERO9 Black");
    expect(specific(ebay, "Storage Capacity")).toBeUndefined();
  });
});

describe("a device's model and kind", () => {
  it("names a console's, headphones', a phone's and a mouse's model as the seller wrote it", async () => {
    const console = await write(SWITCH, "ebay");
    expect(specific(console, "Model")).toBe("Switch OLED");
    expect(specific(console, "Type")).not.toBe("Model");
    expect(specific(await write(BOSE, "ebay"), "Model")).toBe("QuietComfort 45");
    expect(specific(await write(S21, "ebay"), "Model")).toBe("Galaxy S21 5G");
    expect(specific(await write(MX, "ebay"), "Model")).toBe("MX Master 3S");
  });

  it("types a cassette player as one", async () => {
    expect(specific(await write(WALKMAN, "ebay"), "Type")).toBe("Cassette Player");
  });
});

describe("what the Doctor asks of a device", () => {
  it("never asks a device what it is made of or how to care for it", async () => {
    for (const text of [BOSE, WALKMAN, SWITCH, KINDLE, DELL, GOPRO]) {
      const keys = await missing(text, "ebay");
      expect(keys, text).not.toContain("materials");
      expect(keys, text).not.toContain("care");
    }
  });

  it("asks what state it is in and what comes with it when the seller did not say", async () => {
    expect(await missing(DELL, "ebay")).toEqual(["included"]);
    expect(await missing(GOPRO, "ebay")).toEqual(["condition"]);
    expect(await missing(BOSE, "ebay")).toEqual([]);
  });

  it("still asks a made thing with a device's noun how to care for it", async () => {
    expect(await missing("Needle felted wool mouse, grey with pink ears, about 6 cm long.", "etsy")).toContain("care");
  });
});

describe("a device's title, as its seller would write it", () => {
  it("says what comes in the box as a list, the model in the seller's capitals and the colour once", async () => {
    const gopro = await write(GOPRO, "ebay");
    expect(gopro.title).toBe("GoPro HERO9 Black Action Camera with 2 Batteries and 64GB microSD Card");
    // The list ends where the item's state begins ("tested and working" is no accessory).
    expect((await write(WALKMAN, "ebay")).title).toBe("Vintage Sony Walkman WM-FX193 Cassette Player with FM/AM Radio");
  });

  it("reads a phone's broken back glass and good battery as its condition, never its material or title words", async () => {
    const s21 = await write(S21, "ebay");
    expect(s21.title).toBe("Samsung Galaxy S21 5G 128GB Phantom Gray Unlocked");
    expect(specific(s21, "Material")).toBeUndefined();
    expect(specific(s21, "Condition Notes")).toMatch(/cracked back glass/iu);
    const audit = auditListing({ ...s21, platform: "ebay", photoCount: 5, original: S21 } as never);
    expect(audit.findings.find((f) => f.id === "title.dropped-facts")).toBeUndefined();
  });

  it("says a charger's watts once", async () => {
    const amazon = await write("Voltra 65W USB-C charger, GaN, 3 ports (2 USB-C, 1 USB-A), foldable plug, for MacBook, iPhone and Samsung phones.", "amazon");
    expect(amazon.title.match(/65 ?W/gu)).toHaveLength(1);
  });
});

describe("what the Doctor tells a device's seller to write", () => {
  it("asks a short device description for its condition and what comes with it, a made thing's for its material and care", async () => {
    const tooShort = async (text: string, platform: Platform) => {
      const listing = await write(text, platform);
      return auditListing({ ...listing, platform, photoCount: 5, original: text } as never).findings.find((f) => f.id === "description.too-short");
    };
    const gopro = await tooShort(GOPRO, "ebay");
    expect(gopro?.message).toMatch(/its condition and what comes with it\.$/u);
    expect(gopro?.message).not.toMatch(/made of/u);
    expect(gopro?.params.adviceKey).toBe("describeDevice");
    // (And the advice the details finding cites is a device's.)
    const listing = await write(DELL, "ebay");
    const details = auditListing({ ...listing, platform: "ebay", photoCount: 5, original: DELL } as never).findings.find((f) => f.id === "description.details");
    expect(details?.source.name).toMatch(/what state a device is in and what comes with it/u);
    const mouse = await tooShort("Needle felted wool mouse, grey with pink ears, about 6 cm long.", "etsy");
    expect(mouse?.message).toMatch(/what it is made of, its size and how to care for it\.$/u);
  });
});

describe("what comes with a device keeps its own colour and its absence", () => {
  it("gives a reader no colour of its cover, and says the cover as what comes with it", async () => {
    const kindle = await write(KINDLE, "ebay");
    expect(specific(kindle, "Color")).toBeUndefined();
    // (The title gives its 80 characters to the maker and the storage first: the cover is said in the description.)
    expect(kindle.description).toMatch(/with black fabric cover/u);
  });

  it("notes the headphones a player comes without", async () => {
    expect(specific(await write(WALKMAN, "ebay"), "Condition Notes")).toMatch(/no headphones/u);
  });
});

// Session 39: the devices of session 38's round that were still read wrong, each written down first as its seller would
// publish it. Each case failed before its fix, but two guards of what the fixes must not do: a storage box for watches
// stays a case, and what a mouse works with is no list of what comes with it.
const WATCH = "Apple Watch Series 7 GPS 45mm midnight aluminium case with sport band. Battery 91%. Charger included.";
const GALAXY = "Galaxy S21 Ultra 256GB, Phantom Black, unlocked.";
const IPAD = "iPad Air 4th generation 64GB Wi-Fi, Sky Blue, with Apple Pencil 2.";
const XIAOMI = "Xiaomi Redmi Note 12 128GB, 6GB RAM, gri renk. Kutusu ve şarj aleti ile birlikte, ekranda çizik yok. Pil sağlığı iyi.";
const MX_EN = "Logitech MX Master 3S wireless mouse, graphite, 8000 DPI sensor, quiet clicks, USB-C charging, works with Windows and macOS. Bluetooth and Logi Bolt receiver included.";

describe("a device named by its maker's line", () => {
  it("reads a reader's model, its one-figure storage and its screen, and says its storage in the title", async () => {
    const kindle = await write(KINDLE, "ebay");
    expect(specific(kindle, "Brand")).toBe("Amazon");
    expect(specific(kindle, "Model")).toBe("Kindle Paperwhite 11th Generation");
    expect(specific(kindle, "Storage Capacity")).toBe("8 GB");
    expect(specific(kindle, "Screen Size")).toBe("6.8 in");
    expect(specific(kindle, "Size")).toBeUndefined();
    expect(kindle.title).toMatch(/8GB/u);
    // A generation is no kind of thing.
    expect(specific(kindle, "Type")).not.toBe("Generation");
  });

  it("leads with the maker a line belongs to and reads the model, network and whole colour name of a phone", async () => {
    const galaxy = await write(GALAXY, "ebay");
    expect(galaxy.title).toMatch(/^Samsung Galaxy S21 Ultra 256GB/u);
    expect(galaxy.title).toMatch(/Phantom Black/u);
    expect(specific(galaxy, "Model")).toBe("Galaxy S21 Ultra");
    expect(specific(galaxy, "Network")).toBe("Unlocked");
    expect(specific(galaxy, "Color")).toBe("Phantom Black");
    expect(specific(await write(S21, "ebay"), "Color")).toBe("Phantom Gray");
  });

  it("takes a tablet's model from the line it opens with, not from the maker's pencil it comes with", async () => {
    const ipad = await write(IPAD, "ebay");
    expect(specific(ipad, "Model")).toBe("iPad Air 4th Generation");
    expect(specific(ipad, "Storage Capacity")).toBe("64 GB");
  });
});

describe("a smartwatch", () => {
  it("is a smartwatch with its case size, never a case", async () => {
    const facts = extractFacts({ text: WATCH });
    expect(facts.head).toBe("watch");
    const ebay = await write(WATCH, "ebay");
    expect(specific(ebay, "Type")).toBe("Smartwatch");
    expect(specific(ebay, "Case Size")).toBe("45 mm");
    expect(specific(ebay, "Model")).toBe("Watch Series 7");
    // A device: the Doctor asks its state and what comes with it, never its care.
    const audit = auditListing({ ...ebay, platform: "ebay", photoCount: 5, original: WATCH } as never);
    expect(audit.findings.find((f) => f.id === "description.details")?.params?.missingKeys ?? "").not.toMatch(/care|materials/u);
  });

  it("keeps a storage box for watches a case", async () => {
    expect(extractFacts({ text: "Watch case, walnut, holds 6 watches." }).head).toMatch(/case/u);
  });
});

describe("a camera's resolution and shutter count", () => {
  it("says a DSLR's megapixels in its title and specifics, and its shutter count as its condition, never a bare title phrase", async () => {
    const ebay = await write(CANON, "ebay");
    expect(ebay.title).toMatch(/24\.1MP/u);
    expect(ebay.title).not.toMatch(/Shutter Count/u);
    expect(specific(ebay, "Maximum Resolution")).toBe("24.1 MP");
    expect(specific(ebay, "Condition Notes")).toMatch(/shutter count about 4,000/iu);
  });
});

describe("what a device works with and what its seller says of its state", () => {
  it("never says what a mouse works with as what comes with it", async () => {
    const amazon = await write(MX_EN, "amazon");
    expect(amazon.title).not.toMatch(/with Windows/u);
    expect(amazon.title).toMatch(/Logi Bolt Receiver/u);
  });

  it("keeps a Turkish phone's good battery out of its title, in its condition notes", async () => {
    const ebay = await write(XIAOMI, "ebay");
    expect(ebay.title).not.toMatch(/Pil Sağlığı/iu);
    expect(ebay.itemSpecifics?.find((s) => /Durum/u.test(s.name))?.value).toMatch(/pil sağlığı iyi/iu);
  });
});
