/**
 * The PDF a designer sells (issue 27): their name as the author and on every page, an optional photo
 * of the finished piece on the cover from their own uploads, the copyright line kept, the terms note,
 * page numbers, US <-> UK crochet terms on request with the abbreviations table following, and the
 * designer's own parts ("HEAD (cream)", "ALT KENAR") under the instructions in the order written.
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ListingDetail } from "../../schema/api/listings";
import { convertCrochetTerms } from "../../worker/domain/wizard/convert-terms";
import bunnyParts from "../fixtures/patterns/accuracy/en-crochet-bunny-parts.txt?raw";
import trBlanket from "../fixtures/patterns/accuracy/tr-knit-baby-blanket.txt?raw";
import ukShawl from "../fixtures/patterns/accuracy/en-crochet-uk-shawl.txt?raw";
import { api, registerUser } from "./helpers";
import { encode, productOnGrey } from "./image-fixtures";
import { readPdfText } from "./pdf-text";

interface Json {
  [key: string]: any;
}

async function post(path: string, token: string, body: unknown) {
  const res = await api(path, { body, token });
  return { res, body: await res.json<Json>() };
}

async function pdfOf(token: string, optimizedPattern: string, options: Record<string, unknown> = {}) {
  const { res, body } = await post("/workflow/generate-pdf", token, { pattern: { optimizedPattern }, options });
  if (res.status !== 200) return { res, body, read: undefined };
  const bytes = new Uint8Array(await (await api(body.pdf.url, { token })).arrayBuffer());
  return { res, body, read: await readPdfText(bytes) };
}

/** Uploads a file the way the listing screen does; answers its id. */
async function uploaded(token: string, bytes: Uint8Array, type: string, name: string) {
  const save = await api("/save-listing", { token, body: { title: "Bunny", description: "A bunny pattern.", tags: [], altTexts: [], originalPrompt: "bunny" } });
  const listing = (await save.json<{ data: { listing: ListingDetail } }>()).data.listing;
  const form = new FormData();
  form.append("file", new Blob([bytes.slice().buffer as ArrayBuffer], { type }), name);
  form.append("listingId", listing.id);
  const res = await exports.default.fetch(new Request("http://localhost/api/files", { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } }));
  return (await res.json<{ data: { file: { id: string } } }>()).data.file.id;
}

/** The images drawn on a page: each page's XObject resources that are images. */
function imagesOn(read: Awaited<ReturnType<typeof readPdfText>>, page: number) {
  const resources = read.doc.getPage(page).node.Resources();
  const xobjects = resources?.lookup(read.doc.context.obj("XObject") as never) as { keys(): unknown[] } | undefined;
  return xobjects ? xobjects.keys().length : 0;
}

describe("the designer's PDF", () => {
  it("names the designer from the profile's store name as the author and on every page's footer, never Listora", async () => {
    const { token } = await registerUser();
    await api("/profile", { method: "PUT", token, body: { storeName: "Hoppy Hooks Studio" } });
    const { read } = await pdfOf(token, bunnyParts);
    expect(read!.doc.getAuthor()).toBe("Hoppy Hooks Studio");
    expect(read!.pages.length).toBeGreaterThan(1);
    read!.pages.forEach((page, i) => {
      expect(page).toContain("Hoppy Hooks Studio");
      expect(page).toContain(`Page ${i + 1} of ${read!.pages.length}`);
    });
    // The name typed in the wizard wins over the profile's.
    const edited = await pdfOf(token, bunnyParts, { shopName: "Ayşe Designs" });
    expect(edited.read!.doc.getAuthor()).toBe("Ayşe Designs");
    // No name at all: no author rather than the tool's name.
    const anonymous = await registerUser();
    const plain = await pdfOf(anonymous.token, bunnyParts);
    expect(plain.read!.doc.getAuthor()).toBeUndefined();
  });

  it("keeps the copyright line, the terms note and the designer's parts under the instructions in the order written", async () => {
    const { token } = await registerUser();
    const { read } = await pdfOf(token, bunnyParts);
    const flat = read!.flat;
    expect(flat).toContain("© 2026 Hoppy Hooks. For personal use only; please do not share or resell the pattern.");
    expect(flat).toContain("Written in US crochet terms.");
    const at = (s: string) => flat.indexOf(s);
    expect(at("Notes")).toBeLessThan(at("HEAD (cream)"));
    expect(at("HEAD (cream)")).toBeLessThan(at("Rnd 1: 6 sc in MR."));
    expect(at("HEAD (cream)")).toBeLessThan(at("EARS (make 2, pink)"));
    expect(at("EARS (make 2, pink)")).toBeLessThan(at("BODY (cream)"));

    const tr = await pdfOf(token, trBlanket);
    const order = ["ALT KENAR", "140 ilmek başlayın.", "DESEN", "9. sıra (ön yüz):", "ÜST KENAR", "BİTİRME", "© 2026 Minik Ilmek Atölyesi."].map((s) => tr.read!.flat.indexOf(s));
    expect(order.every((n) => n >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(tr.read!.flat).toContain("Örgü sıklığı");
    expect(tr.read!.pages.at(-1)).toMatch(/Sayfa \d+ \/ \d+/u);
  });

  it("puts the seller's own photo of the finished piece on the cover", async () => {
    const { token } = await registerUser();
    const photo = await uploaded(token, await encode(productOnGrey(300, 200), "image/jpeg"), "image/jpeg", "bunny.jpg");
    const withPhoto = await pdfOf(token, bunnyParts, { coverPhotoId: photo });
    expect(withPhoto.res.status).toBe(200);
    expect(imagesOn(withPhoto.read!, 0)).toBe(1);
    const without = await pdfOf(token, bunnyParts);
    expect(imagesOn(without.read!, 0)).toBe(0);
    const png = await uploaded(token, await encode(productOnGrey(120, 120), "image/png"), "image/png", "bunny.png");
    expect(imagesOn((await pdfOf(token, bunnyParts, { coverPhotoId: png })).read!, 0)).toBe(1);
  });

  it("answers 404 for another user's photo or an unknown id, 400 for a file that is not a JPEG or PNG, and stores no PDF", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const photo = await uploaded(owner.token, await encode(productOnGrey(60, 40), "image/png"), "image/png", "mine.png");
    for (const coverPhotoId of [photo, "00000000-0000-0000-0000-000000000000"]) {
      const { res, body } = await post("/workflow/generate-pdf", other.token, { pattern: { optimizedPattern: bunnyParts }, options: { coverPhotoId } });
      expect(res.status).toBe(404);
      expect(body).toEqual({ success: false, code: "not-found", message: "File not found" });
    }
    const text = await uploaded(owner.token, new TextEncoder().encode("not an image"), "text/plain", "notes.txt");
    const { res, body } = await post("/workflow/generate-pdf", owner.token, { pattern: { optimizedPattern: bunnyParts }, options: { coverPhotoId: text } });
    expect(res.status).toBe(400);
    expect(body.message).toBe("The cover photo must be a JPEG or PNG image");
    const { res: bad } = await post("/workflow/generate-pdf", owner.token, { pattern: { optimizedPattern: bunnyParts }, options: { convertTerms: "fr" } });
    expect(bad.status).toBe(400);
    const pdfs = (userId: string) => env.DB.prepare("SELECT count(*) AS n FROM files WHERE user_id = ? AND kind = 'pattern-pdf'").bind(userId).first<{ n: number }>();
    expect((await pdfs(owner.userId))!.n).toBe(0);
    expect((await pdfs(other.userId))!.n).toBe(0);
  });

  it("converts US crochet terms to UK on request, with the terms note and the abbreviations table following", async () => {
    const { token } = await registerUser();
    const { body, read } = await pdfOf(token, bunnyParts, { convertTerms: "uk" });
    expect(body.pdfContent).toContain("Rnd 3: (dc, inc) x 6. (18)");
    expect(body.pdfContent).toContain("Abbreviations (UK terms)");
    expect(body.pdfContent).toContain("dc = double crochet");
    expect(read!.flat).toContain("Written in UK crochet terms.");
    expect(read!.flat).not.toContain("Written in US crochet terms.");
    expect(read!.flat).not.toMatch(/(?<![a-z])sc(?![a-z])/u);
    // And back: the UK shawl in US terms.
    const us = await pdfOf(token, ukShawl, { convertTerms: "us" });
    expect(us.body.pdfContent).toContain("Row 1: 3 hdc in 3rd ch from hook. (3 hdc)");
    expect(us.body.pdfContent).toContain("Row 62: ch 3 (counts as dc), turn, *ch 1, skip next st, dc in next 2 sts; rep from * to end. (81 dc)");
    expect(us.read!.flat).toContain("Written in US crochet terms.");
  });

  it("converts each stitch once, keeps the seller's case and refuses a pattern that mixes US and UK terms", () => {
    expect(convertCrochetTerms("Rnd 1: 6 SC in MR, 2dc in next st, Single crochets and dc2tog (US terms)", "crochet", "uk")).toEqual({
      text: "Rnd 1: 6 DC in MR, 2tr in next st, Double crochets and tr2tog (UK terms)",
      converted: true,
    });
    expect(convertCrochetTerms("Row 1: tr in each st, dtr in last st (UK terms)", "crochet", "us")).toEqual({ text: "Row 1: dc in each st, tr in last st (US terms)", converted: true });
    expect(convertCrochetTerms("Rnd 1: 6 sc, 2 htr", "crochet", "uk")).toBe("mixed");
    expect(convertCrochetTerms("Row 1: k2, p2", "knitting", "uk")).toEqual({ text: "Row 1: k2, p2", converted: false });
  });
});
