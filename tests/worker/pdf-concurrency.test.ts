import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import type { Fontkit, Subset } from "pdf-lib/es/types/fontkit";
import { encodeSubset, requestSafeFontkit } from "../../worker/domain/wizard/font-embedding";
import { dejaVuSans } from "../../worker/domain/wizard/font";
import { api, registerUser } from "./helpers";
import { readPdfText } from "./pdf-text";

interface Json {
  [key: string]: any;
}

function generate(token: string, pattern: string, requestId?: string) {
  return api("/workflow/generate-pdf", {
    token,
    headers: requestId ? { "X-Request-ID": requestId } : {},
    body: { pattern: { optimizedPattern: pattern }, options: {}, featureKey: "generate-pdf" },
  });
}

async function pdfBytes(token: string, fileId: string) {
  const res = await api(`/workflow/pdf/${fileId}`, { token });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("concurrent PDF generation", () => {
  it("answers 20 overlapping generate-pdf calls from different users with 20 readable PDFs", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser()));
    const calls = Array.from({ length: 20 }, (_, i) => ({ user: users[i % users.length], pattern: i % 2 ? turkish : bunny, id: `pdf-conc-${i}-${Date.now()}` }));
    const responses = await Promise.all(calls.map((c) => generate(c.user.token, c.pattern, c.id)));
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json<Json>() })));
    expect(bodies.map((b) => b.status)).toEqual(calls.map(() => 200));

    // Every PDF is whole and carries its own pattern's text (no glyphs borrowed from another request's subset).
    for (const [i, { body }] of bodies.entries()) {
      const text = await readPdfText(await pdfBytes(calls[i].user.token, body.pdf.fileId));
      expect(text.flat).toContain(body.title);
    }
  });

  it("gives every one of 20 overlapping calls of one user its own stored file", async () => {
    const { token } = await registerUser();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(token, bunny, `pdf-one-user-${i}-${Date.now()}`)));
    const bodies = await Promise.all(responses.map((r) => r.json<Json>()));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    expect(new Set(bodies.map((b) => b.pdf.fileId)).size).toBe(20);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency WHERE scope = 'workflow.pdf' AND status = 0 AND request_id LIKE 'pdf-one-user-%'").first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

/** fontkit's own stream (run alone in one request, where its timer is safe): the reference bytes. */
function streamedSubset(subset: Subset) {
  return new Promise<Uint8Array>((resolve) => {
    const parts: Uint8Array[] = [];
    const stream = subset.encodeStream() as unknown as { on(e: string, f: (b?: Uint8Array) => void): typeof stream };
    stream
      .on("data", (b) => parts.push(b!))
      .on("end", () => {
        const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          out.set(p, at);
          at += p.length;
        }
        resolve(out);
      });
  });
}

describe("the request-safe font subset", () => {
  it("writes the same font file, byte for byte, as fontkit's own stream for the same glyphs", async () => {
    const bytes = await dejaVuSans();
    const reference = (fontkit as Fontkit).create(bytes);
    const safe = requestSafeFontkit.create(bytes);
    const text = "Şirin Ayıcık: ğ ş ı İ ç ö ü — Rnd 1: 6 sc in a MR (6 sts) • Ωμέγα Привет";
    const a = reference.createSubset();
    const b = safe.createSubset();
    for (const glyph of reference.layout(text).glyphs) a.includeGlyph(glyph.id);
    for (const glyph of safe.layout(text).glyphs) b.includeGlyph(glyph.id);
    const expected = await streamedSubset(a);
    expect(expected.length).toBeGreaterThan(1000);
    expect(encodeSubset(b)).toEqual(expected);
  });

  it("keeps the next PDF's copied text whole after a PDF with Ö, Ş and İ, which the font draws from O, S and I", async () => {
    // A copy of the font file is parsed afresh, as in a new Worker isolate; both PDFs share that parse.
    const bytes = (await dejaVuSans()).slice();
    const pdfText = async (text: string) => {
      const doc = await PDFDocument.create();
      doc.registerFontkit(requestSafeFontkit);
      const font = await doc.embedFont(bytes, { subset: true });
      doc.addPage().drawText(text, { font, size: 12, x: 20, y: 700 });
      return (await readPdfText(await doc.save())).flat;
    };
    expect(await pdfText("ÖRGÜ ŞİŞ İĞNE ÇÖZGÜ")).toContain("ÖRGÜ ŞİŞ İĞNE ÇÖZGÜ");
    const english = await pdfText("Rnd 13: Change to white, sc in BLO around. SIZE: ONE");
    expect(english).toContain("Rnd 13: Change to white, sc in BLO around. SIZE: ONE");
    expect(english).not.toContain("\ufffd");
  });

  it("parses a font file once and hands every PDF its own subset", async () => {
    const bytes = await dejaVuSans();
    const one = requestSafeFontkit.create(bytes);
    expect(requestSafeFontkit.create(bytes)).toBe(one);
    const [a, b] = [one.createSubset(), one.createSubset()];
    a.includeGlyph(one.layout("A").glyphs[0]);
    expect(b.includeGlyph(one.layout("B").glyphs[0])).toBe(a.includeGlyph(one.layout("A").glyphs[0]));
  });
});
