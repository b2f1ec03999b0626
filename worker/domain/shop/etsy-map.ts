/**
 * An Etsy API listing (getListingsByShop with includes=Images) as My Shop's ShopListingInput. Etsy's
 * API returns title, description and tags with HTML entities ("Mom&#39;s", "Tea &amp; Co"), and the
 * price as { amount, divisor, currency_code } (amount 2500, divisor 100 = 25.00).
 */
import type { ShopListingInput } from "../../../schema/api/shop";
import type { EtsyListing, EtsyMoney } from "../../providers/etsy-shop/client";

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  bull: "•",
  middot: "·",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
};

/** Decodes numeric (&#39; &#x27;) and common named entities; anything unknown is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Money -> minor units of its currency (cents): amount/divisor*100, rounded. Null when unusable. */
export function priceMinorOf(price: EtsyMoney | undefined): number | null {
  if (!price || typeof price.amount !== "number" || typeof price.divisor !== "number" || price.divisor <= 0) return null;
  const minor = Math.round((price.amount * 100) / price.divisor);
  return Number.isSafeInteger(minor) && minor >= 0 ? minor : null;
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** The text parts as My Shop stores and compares them: one-line title, \n line endings, tidy tags. */
export function normalizeText(parts: { title: string; description: string; tags: string[] }) {
  return {
    title: clean(parts.title),
    description: parts.description
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t]+\n/g, "\n")
      .trim(),
    tags: parts.tags.map(clean).filter(Boolean),
  };
}

/** The text Etsy has for a listing, decoded and normalised: the baseline a push compares with. */
export function etsyTextOf(listing: EtsyListing) {
  return normalizeText({
    title: decodeEntities(listing.title ?? ""),
    description: decodeEntities(listing.description ?? ""),
    tags: (listing.tags ?? []).map((t) => decodeEntities(String(t))),
  });
}

export function toShopListingInput(listing: EtsyListing): ShopListingInput {
  const text = etsyTextOf(listing);
  const images = [...(listing.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const sku = (listing.skus ?? []).map((s) => String(s).trim()).find(Boolean) ?? null;
  return {
    title: text.title,
    description: text.description,
    priceMinor: priceMinorOf(listing.price),
    currency: listing.price?.currency_code ? listing.price.currency_code.toUpperCase() : null,
    quantity: typeof listing.quantity === "number" ? listing.quantity : null,
    tags: text.tags,
    materials: (listing.materials ?? []).map((m) => clean(decodeEntities(String(m)))).filter(Boolean),
    imageUrls: images.map((i) => i.url_fullxfull ?? i.url_570xN ?? "").filter(Boolean),
    variations: [],
    sku,
    etsyListingId: String(listing.listing_id),
  };
}
