// Etsy listings CSV files for the bench (the tests have the same generator in tests/worker/shop-fixtures.ts):
// rows shaped like Etsy's export (multi-line quoted descriptions, doubled quotes, HTML entities, tags and
// materials as one field, 0-10 images, variations, unique SKUs).
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

/** @param {string} v */
const field = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** @param {string[]} fields */
const line = (fields) => fields.map(field).join(",");

const PRODUCTS = ["silver ring", "soy candle", "wool beanie", "linen apron", "ceramic mug", "leather wallet", "crochet bunny", "knitting pattern", "resin earrings", "macrame plant hanger"];
const STYLES = ["Minimalist", "Boho", "Vintage style", "Personalized", "Handmade", "Rustic", "Dainty", "Chunky"];
const MATERIALS = ["sterling silver", "soy wax", "merino wool", "linen", "stoneware", "leather", "cotton yarn", "resin", "brass"];
const TAG_WORDS = ["gift", "decor", "present", "idea", "for her", "for him", "set", "small", "large", "custom", "unique", "cute", "boho"];

/** Row `i`; `extraDescription` characters of story make the file as large as wanted. */
/** @param {number} i */
export function generatedRow(i, extraDescription = 0) {
  const product = PRODUCTS[i % PRODUCTS.length];
  const style = STYLES[(i * 7) % STYLES.length];
  const story = extraDescription ? "\n\n" + "Every piece is made slowly, by hand, from materials I choose myself. ".repeat(Math.ceil(extraDescription / 70)).slice(0, extraDescription) : "";
  const description = [
    `A ${style.toLowerCase()} ${product}, made by hand in my studio &amp; packed with care.`,
    "",
    `"Lovely quality," says a buyer; it&#39;s ${10 + (i % 30)} cm tall, with a 2, 3 or 4 week lead time.`,
    `Care: wipe clean. Materials: ${MATERIALS[i % MATERIALS.length]}.${story}`,
  ].join(i % 2 ? "\r\n" : "\n");
  const tags = Array.from({ length: 5 + (i % 9) }, (_, k) => `${product} ${TAG_WORDS[k]}`);
  const images = Array.from({ length: 10 }, (_, k) =>
    k < i % 11 ? `https://i.etsystatic.com/1000${i % 97}/r/il/${(i * 131 + k).toString(16)}/${3000000000 + i * 10 + k}/il_fullxfull.${3000000000 + i * 10 + k}_abcd.jpg` : "",
  );
  const variation = i % 3 === 0 ? ["Size", "Size", "Small,Medium,Large"] : ["", "", ""];
  return [
    `${style} ${product} No. ${i + 1}, Handmade Gift for Her`,
    description,
    (5 + (i % 200)).toFixed(2),
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

/** @param {number} rows */
export function generatedCsv(rows, extraDescription = 0) {
  const lines = [line(ETSY_HEADER)];
  for (let i = 0; i < rows; i++) lines.push(line(generatedRow(i, extraDescription)));
  return lines.join("\r\n") + "\r\n";
}
