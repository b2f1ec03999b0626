import { env } from "cloudflare:test";
import type { ShopVariation } from "../../schema/api/shop";

/** A listing as a seller's Etsy shop has it (the fields Etsy's listings CSV carries). */
export interface ShopFixture {
  title: string;
  description: string;
  tags: string[];
  materials: string[];
  variations: ShopVariation[];
  photoCount: number;
  sku: string;
  priceMinor: number;
}

/**
 * Real-shaped listings of small Etsy shops, each with the weaknesses sellers' listings have: keyword-
 * stuffed titles, too few tags, single-word tags, no alt texts, a thin description.
 */
export const SHOP_FIXTURES: ShopFixture[] = [
  {
    title: "Sterling Silver Moon Necklace, Dainty Crescent Pendant, Layering Necklace, Gift for Her, Minimalist Jewelry, Celestial Necklace",
    description:
      "This dainty crescent moon necklace is made from solid 925 sterling silver. The pendant measures 12mm and hangs on an 18 inch cable chain.\n\nEach necklace is hand polished in my studio and arrives in a gift box, ready to give.\n\nCare: store in the pouch provided and avoid water.\n\nShipping: ships within 2 business days from Portland.",
    tags: ["moon necklace", "silver necklace", "crescent", "layering necklace", "gift for her", "celestial"],
    materials: ["sterling silver"],
    variations: [{ type: "Chain length", values: ["16 inch", "18 inch", "20 inch"] }],
    photoCount: 6,
    sku: "NECK-MOON-01",
    priceMinor: 3800,
  },
  {
    title: "SOY CANDLE lavender",
    description: "Hand poured soy wax candle with lavender essential oil in an amber glass jar. Burns about 40 hours.",
    tags: ["candle", "soy candle", "lavender"],
    materials: ["soy wax", "cotton wick", "amber glass"],
    variations: [],
    photoCount: 3,
    sku: "CANDLE-LAV-8OZ",
    priceMinor: 2200,
  },
  {
    title: "Chunky Knit Blanket - Merino Wool Throw - Handmade Gift",
    description:
      "A chunky knit throw blanket, hand knitted from soft merino wool. Size 100 x 150 cm. Perfect on a sofa or at the foot of the bed.\n\nCare: hand wash cold, dry flat.\n\nEvery blanket is knitted to order, please allow 5 days before shipping.",
    tags: ["chunky knit blanket", "merino wool throw", "knitted blanket", "handmade gift", "throw blanket", "cozy blanket", "housewarming gift", "wool blanket", "sofa throw", "bed throw"],
    materials: ["merino wool"],
    variations: [{ type: "Color", values: ["Cream", "Grey", "Blush"] }],
    photoCount: 8,
    sku: "BLANKET-CHUNKY",
    priceMinor: 12900,
  },
];

/** Inserts a shop listing (source 'shop') with its first version row, as an import does. */
export async function insertShopListing(userId: string, fixture: ShopFixture, now = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  const snapshot = { title: fixture.title, description: fixture.description, tags: fixture.tags, altTexts: [], originalPrompt: "" };
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO listings (id, user_id, title, description, tags, alt_texts, original_prompt, platform, provider, source, rule_report, version,
         sku, shop_title, price_minor, currency, quantity, materials, image_urls, variations, photo_count, import_hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '[]', '', 'etsy', 'etsy-csv', 'shop', NULL, 1, ?, ?, ?, 'USD', 5, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      userId,
      fixture.title,
      fixture.description,
      JSON.stringify(fixture.tags),
      fixture.sku,
      fixture.title,
      fixture.priceMinor,
      JSON.stringify(fixture.materials),
      JSON.stringify(Array.from({ length: fixture.photoCount }, (_, i) => `https://i.etsystatic.com/${fixture.sku}/${i + 1}.jpg`)),
      JSON.stringify(fixture.variations),
      fixture.photoCount,
      `hash-${id}`,
      now,
      now,
    ),
    env.DB.prepare("INSERT INTO listing_versions (id, listing_id, user_id, version, snapshot, reason, created_at) VALUES (?, ?, ?, 1, ?, 'import', ?)").bind(
      crypto.randomUUID(),
      id,
      userId,
      JSON.stringify(snapshot),
      now,
    ),
  ]);
  return id;
}
