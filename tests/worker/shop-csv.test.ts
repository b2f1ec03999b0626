import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHOP_LIMITS } from "../../schema/api/shop";
import { CsvParser, csvRecords, decodeEntities, parseCsv, priceToMinor, readEtsyListings } from "../../worker/domain/shop/csv";
import { readMultipartFile } from "../../worker/lib/files";
import { HttpError } from "../../worker/lib/errors";
import { ETSY_FIXTURE, ETSY_HEADER, chunked, collect, csvLine, generatedCsv } from "./shop-fixtures";

const encode = (text: string) => new TextEncoder().encode(text);

async function listingsOf(text: string | Uint8Array, cuts: number[] = []) {
  const bytes = typeof text === "string" ? encode(text) : text;
  return collect(readEtsyListings(chunked(bytes, cuts)));
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

function inputs(items: Awaited<ReturnType<typeof listingsOf>>) {
  return items.map((item) => {
    if (!("input" in item)) throw new Error(`row ${item.row}: ${item.error}`);
    return item.input;
  });
}

describe("Etsy listings CSV parser", () => {
  it("reads the 12 listings of an Etsy export with multi-line quoted descriptions, entities, tags, images, variations and SKUs", async () => {
    const items = await listingsOf(ETSY_FIXTURE);
    expect(items).toHaveLength(12);
    expect(items.map((i) => i.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const [necklace, ring, candle, beeswax, blanket, beanie, pattern, turkish, earrings, macrame, mug] = inputs(items);

    expect(necklace.title).toBe("Sterling Silver Leaf Necklace, Dainty Botanical Pendant, Nature Jewelry Gift for Her");
    expect(necklace.description.split("\n")).toContain("- Chain: 16, 18 or 20 inches (choose at checkout)");
    expect(necklace.description.startsWith("This dainty sterling silver")).toBe(true);
    expect(necklace.tags).toHaveLength(13);
    expect(necklace.tags[0]).toBe("silver leaf necklace");
    expect(necklace.materials).toEqual(["sterling silver", "recycled silver"]);
    expect(necklace.imageUrls).toHaveLength(7);
    expect(necklace.imageUrls[0]).toMatch(/^https:\/\/i\.etsystatic\.com\/.+\.jpg$/);
    expect(necklace.priceMinor).toBe(4200);
    expect(necklace.currency).toBe("USD");
    expect(necklace.quantity).toBe(12);
    expect(necklace.variations).toEqual([{ type: "Chain length", values: ["16 inches", "18 inches", "20 inches"] }]);
    expect(necklace.sku).toBe("NECK-LEAF-01");

    // HTML entities as Etsy writes them are decoded in text.
    expect(ring.description).toContain("'just like Grandma's'");
    expect(ring.description).toContain('"The perfect everyday ring" – a happy customer.');
    expect(ring.priceMinor).toBe(5850);
    expect(ring.variations).toEqual([
      { type: "Ring size", values: ["4", "5", "6", "7", "8", "9", "10"] },
      { type: "Finish", values: ["Polished", "Brushed"] },
    ]);
    expect(candle.description).toContain("French lavender & chamomile");
    expect(mug.title).toBe("Mug & Saucer");
    expect(mug.sku).toBeNull();

    // A doubled quote inside a quoted description.
    expect(blanket.description).toContain('"Soft, warm, heavy" - exactly what a winter evening needs.');
    expect(blanket.currency).toBe("EUR");
    expect(blanket.variations.map((v) => v.type)).toEqual(["Size", "Colour"]);

    expect(beeswax).toMatchObject({ title: "Candle", tags: ["candle", "beeswax", "pillar", "gift", "home"], imageUrls: [expect.any(String)] });
    expect(beanie.title).toBe("HAND KNITTED WOOL BEANIE HAT WINTER");
    expect(pattern.materials).toEqual([]);
    expect(pattern.description).toContain("no physical item will be shipped");
    expect(turkish.title).toBe("El Örgüsü Bebek Hırkası, Yün Bebek Ceketi, Yenidoğan Hediyesi");
    expect(turkish.currency).toBe("TRY");
    expect(turkish.priceMinor).toBe(85000);
    expect(turkish.tags).toContain("bebek hırkası");
    expect(earrings.imageUrls).toEqual([]);
    expect(macrame.title.length).toBeGreaterThan(140);
  });

  it("reads the same rows with a byte-order mark, Windows line endings, old Mac line endings and no newline at the end", async () => {
    const plain = inputs(await listingsOf(ETSY_FIXTURE));
    const lf = ETSY_FIXTURE.replace(/\r\n/g, "\n");
    for (const variant of ["\uFEFF" + ETSY_FIXTURE, lf, lf.replace(/\n$/, ""), "\uFEFF" + ETSY_FIXTURE.replace(/\r\n$/, ""), ETSY_FIXTURE + "\r\n\r\n"]) {
      expect(inputs(await listingsOf(variant))).toEqual(plain);
    }
    // A BOM as bytes (EF BB BF) split across two chunks.
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(ETSY_FIXTURE)]);
    expect(inputs(await listingsOf(withBom, [1, 2]))).toEqual(plain);
    // CR alone ends records outside quotes too.
    expect(parseCsv('a,b\r1,"x\ry"\r2,z')).toEqual([
      ["a", "b"],
      ["1", "x\ry"],
      ["2", "z"],
    ]);
  });

  it("follows RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes, empty fields", () => {
    expect(parseCsv('a,"b,c","d""e",,"",f\r\n')).toEqual([["a", "b,c", 'd"e', "", "", "f"]]);
    expect(parseCsv('"line 1\r\nline 2\nline 3",x\n')).toEqual([["line 1\r\nline 2\nline 3", "x"]]);
    expect(parseCsv("a,b,\n,\n")).toEqual([
      ["a", "b", ""],
      ["", ""],
    ]);
    expect(parseCsv('"""quoted"""')).toEqual([['"quoted"']]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\n\n")).toEqual([]);
  });

  it("numbers rows as a spreadsheet does: the header is row 1 and a blank line still counts", async () => {
    const text = `${csvLine(ETSY_HEADER)}\n${csvLine(["One", "d", "1", "USD", "1", "a", "", ...Array(16).fill(""), "S1"])}\n\n${csvLine(["Two", "d", "1", "USD", "1", "a", "", ...Array(16).fill(""), "S2"])}\n`;
    expect((await listingsOf(text)).map((i) => i.row)).toEqual([2, 4]);
  });

  it("decodes HTML entities once: named, decimal and hex; unknown ones stay as written", () => {
    expect(decodeEntities("Tom &amp; Jerry&#39;s &quot;mug&quot; &#x2764; &hellip; &nbsp;x")).toBe('Tom & Jerry\'s "mug" ❤ … \u00a0x');
    expect(decodeEntities("&amp;quot; stays &quot;")).toBe('&quot; stays "');
    expect(decodeEntities("&notanentity; &#0; &#xD800; 5 & 6")).toBe("&notanentity; &#0; &#xD800; 5 & 6");
  });

  it("turns prices into minor units of their currency", () => {
    expect(priceToMinor("16.00", "USD")).toBe(1600);
    expect(priceToMinor("16.5", "USD")).toBe(1650);
    expect(priceToMinor("1,250.99", "EUR")).toBe(125099);
    expect(priceToMinor("1500", "JPY")).toBe(1500);
    expect(priceToMinor("7", "GBP")).toBe(700);
    expect(priceToMinor("12.345", "USD")).toBe(1235);
    expect(priceToMinor("", "USD")).toBeNull();
    expect(priceToMinor("free", "USD")).toBeNull();
    expect(priceToMinor("-3.00", "USD")).toBeNull();
  });

  it("refuses a file cut off inside a quoted description with a 400 naming the row", async () => {
    const cut = ETSY_FIXTURE.slice(0, ETSY_FIXTURE.indexOf("Each leaf is cut"));
    const error = await refusal(listingsOf(cut));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/ends inside a quoted field that starts in row 2/);
    expect(error.message).toContain("TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS");
  });

  it("refuses a wrong header, a binary file, an empty file and a header without rows with a 400 that names the expected columns", async () => {
    const wrong = await refusal(listingsOf("Name,Price,Stock\nMug,12,3\n"));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain("Its first row names NAME, PRICE, STOCK; the columns TITLE, DESCRIPTION, CURRENCY_CODE, QUANTITY, TAGS are missing.");
    expect(wrong.message).toContain("TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS");
    expect(wrong.extra).toMatchObject({ expectedColumns: ["TITLE", "DESCRIPTION", "PRICE", "CURRENCY_CODE", "QUANTITY", "TAGS"] });

    // An .xlsx file is a zip: PK\x03\x04 and NUL bytes.
    const binary = await refusal(listingsOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00])));
    expect(binary.status).toBe(400);
    expect(binary.message).toMatch(/binary data/);

    // Excel's "CSV" in Windows-1252: "Örgü" as D6 72 67 FC.
    const latin1 = new Uint8Array([...encode(csvLine(ETSY_HEADER) + "\r\n"), 0xd6, 0x72, 0x67, 0xfc, ...encode(",d,1,USD,1,a\r\n")]);
    const notUtf8 = await refusal(listingsOf(latin1));
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.message).toMatch(/not UTF-8 text/);

    const empty = await refusal(listingsOf(""));
    expect(empty.status).toBe(400);
    expect(empty.message).toMatch(/The file is empty.*TITLE, DESCRIPTION/s);

    const headerOnly = await refusal(listingsOf(csvLine(ETSY_HEADER) + "\r\n"));
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.message).toMatch(/no listings/);

    // A header in another order, lower case, with an extra column, reads by name.
    const reordered = await listingsOf('sku,Title,EXTRA,tags,quantity,currency_code,price,description\nS-1,Mug,x,"a,b",2,usd,9.5,Nice\n');
    expect(inputs(reordered)).toEqual([
      { title: "Mug", description: "Nice", priceMinor: 950, currency: "USD", quantity: 2, tags: ["a", "b"], materials: [], imageUrls: [], variations: [], sku: "S-1" },
    ]);
  });

  it("reads 5,000 generated rows, and refuses the 5,001st and a file past the byte limit with a 413", async () => {
    const five = await listingsOf(generatedCsv(SHOP_LIMITS.importRowsMax), [65_536, 131_072]);
    expect(five).toHaveLength(5_000);
    expect(inputs(five)[4_999].sku).toBe("GEN-05000");
    expect(five[4_999].row).toBe(5_001);

    const over = await refusal(listingsOf(generatedCsv(SHOP_LIMITS.importRowsMax + 1)));
    expect(over.status).toBe(413);
    expect(over.message).toMatch(/more than 5,000 listings.*Nothing was imported/);

    const big = await refusal(collect(readEtsyListings(chunked(encode(generatedCsv(50)), [1000]), 10_000)));
    expect(big.status).toBe(413);
    expect(big.message).toMatch(/larger than 20 MB/);
  });

  it("gives the same rows wherever the bytes are split, inside UTF-8 characters, CRLF pairs and doubled quotes included (property)", async () => {
    const text = "\uFEFF" + ETSY_FIXTURE + csvLine(['Örgü "çanta" 🧶, el yapımı', 'x ""y""\r\nz', "1", "TRY", "1", "a,b", "", ...Array(16).fill(""), "Ü-1"]);
    const bytes = encode(text);
    const whole = await collect(csvRecords(chunked(bytes, [])));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), async (cuts) => {
        expect(await collect(csvRecords(chunked(bytes, cuts)))).toEqual(whole);
      }),
      { numRuns: 150 },
    );
    // Every single cut point, once each, over the multi-byte row at the end.
    const tail = bytes.length - encode(text.slice(text.lastIndexOf("Örgü"))).length;
    for (let cut = tail; cut < bytes.length; cut++) expect(await collect(csvRecords(chunked(bytes, [cut])))).toEqual(whole);
  });

  it("reads back any table it is given in RFC 4180 form, fed in any pieces (property)", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Ş", " ", ",", '"', "\r", "\n", "\r\n", "x", "🧶"), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (table, cuts) => {
        const text = table.map((row) => row.map((v) => `"${v.replace(/"/g, '""')}"`).join(",")).join("\r\n");
        const parser = new CsvParser();
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const records: string[][] = [];
        let last = 0;
        for (const p of [...points, text.length]) {
          records.push(...parser.push(text.slice(last, p)));
          last = p;
        }
        records.push(...parser.end());
        expect(records).toEqual(table);
      }),
      { numRuns: 300 },
    );
  });
});

describe("multipart file reader", () => {
  const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
  const form = (file: string) =>
    encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="EtsyListingsDownload.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n` +
        `--${boundary}--\r\n`,
    );
  const type = `multipart/form-data; boundary=${boundary}`;
  const fileOf = async (stream: ReadableStream<Uint8Array>) =>
    new TextDecoder().decode(new Uint8Array(await new Response(new Blob((await collect(readMultipartFile(stream, type))) as BlobPart[])).arrayBuffer()));

  it("passes on the file part's bytes exactly, wherever the body is split (property)", async () => {
    const file = ETSY_FIXTURE + "\r\n--not-the-boundary\r\n";
    const body = form(file);
    expect(await fileOf(chunked(body, []))).toBe(file);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 30 }), async (cuts) => {
        expect(await fileOf(chunked(body, cuts))).toBe(file);
      }),
      { numRuns: 120 },
    );
  });

  it("answers 400 for a form without a file field, a missing boundary and a body cut off inside the file", async () => {
    const noFile = encode(`--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`);
    expect((await refusal(collect(readMultipartFile(chunked(noFile, []), type)))).message).toMatch(/no file in a field named "file"/);
    expect((await refusal(collect(readMultipartFile(chunked(noFile, []), "multipart/form-data")))).message).toMatch(/no boundary/);
    const cut = form(ETSY_FIXTURE).slice(0, 900);
    expect((await refusal(collect(readMultipartFile(chunked(cut, []), type)))).message).toMatch(/cut off/);
  });
});
