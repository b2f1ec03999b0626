/**
 * Etsy listings CSV files for the My Shop tests: the fixture of 12 real-shaped listings and a generator of
 * N rows shaped like Etsy's export (multi-line quoted descriptions, doubled quotes, HTML entities, tags and
 * materials as one field, 0-10 images, variations, unique SKUs).
 */
import fixture from "../fixtures/shop/etsy-listings.csv?raw";

export const ETSY_FIXTURE = fixture;

export const ETSY_HEADER = [
  "TITLE",
  "DESCRIPTION",
  "PRICE",
  "CURRENCY_CODE",
  "QUANTITY",
  "TAGS",
  "MATERIALS",
  ...Array.from({ length: 10 }, (_, i) => `IMAGE${i + 1}`),
  "VARIATION 1 TYPE",
  "VARIATION 1 NAME",
  "VARIATION 1 VALUES",
  "VARIATION 2 TYPE",
  "VARIATION 2 NAME",
  "VARIATION 2 VALUES",
  "SKU",
];

/** One CSV field, quoted when it must be (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: string[]): string {
  return fields.map(csvField).join(",");
}

const PRODUCTS = ["silver ring", "soy candle", "wool beanie", "linen apron", "ceramic mug", "leather wallet", "crochet bunny", "knitting pattern", "resin earrings", "macrame plant hanger"];
const STYLES = ["Minimalist", "Boho", "Vintage style", "Personalized", "Handmade", "Rustic", "Dainty", "Chunky"];
const MATERIALS = ["sterling silver", "soy wax", "merino wool", "linen", "stoneware", "leather", "cotton yarn", "resin", "brass"];

/** A deterministic row `i` of a generated shop; `variant` changes its text (a re-export after edits). */
function generatedRow(i: number, variant = 0): string[] {
  const product = PRODUCTS[i % PRODUCTS.length];
  const style = STYLES[(i * 7) % STYLES.length];
  const title = `${style} ${product} No. ${i + 1}, Handmade Gift for Her${variant ? ` v${variant}` : ""}`;
  const description = [
    `A ${style.toLowerCase()} ${product}, made by hand in my studio &amp; packed with care.`,
    "",
    `"Lovely quality," says a buyer; it&#39;s ${10 + (i % 30)} cm tall, with a 2, 3 or 4 week lead time.`,
    `Care: wipe clean. Materials: ${MATERIALS[i % MATERIALS.length]}.`,
  ].join(i % 2 ? "\r\n" : "\n");
  const tagCount = 5 + (i % 9);
  const tags = Array.from({ length: tagCount }, (_, k) => `${product} ${["gift", "decor", "present", "idea", "for her", "for him", "set", "small", "large", "custom", "unique", "cute", "boho"][k]}`);
  const images = Array.from({ length: 10 }, (_, k) =>
    k < i % 11 ? `https://i.etsystatic.com/1000${i % 97}/r/il/${(i * 131 + k).toString(16)}/${3000000000 + i * 10 + k}/il_fullxfull.${3000000000 + i * 10 + k}_abcd.jpg` : "",
  );
  const variation = i % 3 === 0 ? ["Size", "Size", "Small,Medium,Large"] : ["", "", ""];
  return [
    title,
    description,
    `${(5 + (i % 200)).toFixed(2)}`,
    "USD",
    String(1 + (i % 50)),
    tags.join(","),
    MATERIALS[i % MATERIALS.length],
    ...images,
    ...variation,
    "",
    "",
    "",
    `GEN-${String(i + 1).padStart(5, "0")}`,
  ];
}

/** A whole file of `rows` generated rows (CRLF record ends, as Etsy writes them). */
export function generatedCsv(rows: number, options: { from?: number; variant?: (i: number) => number } = {}): string {
  const from = options.from ?? 0;
  const lines = [csvLine(ETSY_HEADER)];
  for (let i = from; i < from + rows; i++) lines.push(csvLine(generatedRow(i, options.variant?.(i) ?? 0)));
  return lines.join("\r\n") + "\r\n";
}

/** Bytes as a stream cut at the given offsets (sorted, inside the array). */
export function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.length]) {
    pieces.push(bytes.slice(last, p));
    last = p;
  }
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
