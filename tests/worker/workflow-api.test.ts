import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LISTING_EMPTY, OPTIMIZE_EMPTY, PDF_EMPTY } from "../../schema/api/workflow";
import { readQuota, type Feature } from "../../worker/domain/quota";
import { instructionLines } from "../../worker/domain/wizard/offline-formatter";
import { formatPattern, runEtsyListing, runGeneratePdf, runOptimizePattern, wizardLlm } from "../../worker/domain/wizard/workflow";
import type { Env } from "../../worker/lib/env";
import { UpstreamError } from "../../worker/lib/errors";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import coaster from "../fixtures/patterns/granny-square-coaster.txt?raw";
import turkishKnit from "../fixtures/patterns/turkish-knitting-hat.txt?raw";
import { api, registerUser } from "./helpers";
import { readPdfText } from "./pdf-text";

const workerEnv = env as unknown as Env;

interface Json {
  [key: string]: any;
}

async function post(path: string, token: string, body: unknown, requestId?: string) {
  const res = await api(path, { body, token, headers: requestId ? { "X-Request-ID": requestId } : {} });
  return { res, body: await res.json<Json>() };
}

async function listingQuota(token: string) {
  const res = await api("/create-listing/quota", { token });
  return (await res.json<{ used: number }>()).used;
}

async function optimized(token: string) {
  const { body } = await post("/workflow/optimize-pattern", token, { pattern: bunny, options: {}, featureKey: "optimize-pattern" });
  return body.optimizedPattern as string;
}

async function generatedPdf(token: string) {
  const { body } = await post("/workflow/generate-pdf", token, { pattern: { optimizedPattern: await optimized(token) }, options: {}, featureKey: "generate-pdf" });
  return body;
}

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("POST /api/workflow/optimize-pattern", () => {
  it("shows a pasted pattern's sections offline, keeps its lines, says which provider did it and echoes the request id", async () => {
    const { token } = await registerUser();
    const { res, body } = await post("/workflow/optimize-pattern", token, { pattern: bunny, options: { language: "en" }, featureKey: "optimize-pattern" }, "opt-echo-1");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-ID")).toBe("opt-echo-1");
    expect(body).toMatchObject({ success: true, error: null, provider: "offline-composer", offline: true, craft: "crochet", craftDetected: true, language: "en" });
    expect(body.optimizedPattern).toContain("## Materials:");
    expect(body.optimizedPattern).toContain("\nR1: 6 SC in a magic ring (6)\n");
    // The sections before the PDF, numbered as pasted, and the tech-edit report of the same text.
    const sections = body.data.sections as Array<{ key: string; heading: string; lines: Array<{ line: number; text: string }> }>;
    expect(sections.map((s) => s.key)).toEqual(["intro", "sizes", "materials", "gauge", "instructions"]);
    expect(sections.find((s) => s.key === "instructions")!.lines[1]).toEqual({ line: 15, text: "R1: 6 SC in a magic ring (6)", part: false });
    expect(body.data.techEdit.issues).toContainEqual(expect.objectContaining({ line: 18, row: "R4", id: "stitch-count", stated: 18, computed: 24 }));
  });

  it("refuses a blank pattern with 400 and a clear message", async () => {
    const { token } = await registerUser();
    for (const payload of [{ pattern: "  \n\t " }, { options: {} }, { pattern: null }]) {
      const { res, body } = await post("/workflow/optimize-pattern", token, payload);
      expect(res.status).toBe(400);
      expect(body).toEqual({ success: false, code: "validation-failed", message: OPTIMIZE_EMPTY, field: "pattern" });
    }
  });

  it("refuses a pattern longer than 50,000 characters", async () => {
    const { token } = await registerUser();
    const { res, body } = await post("/workflow/optimize-pattern", token, { pattern: "sc around (12)\n".repeat(4_000) });
    expect(res.status).toBe(400);
    expect(body.message).toBe("The pattern is too long: paste at most 50,000 characters");
  });

  it("refuses unknown options values and anonymous callers", async () => {
    const { token } = await registerUser();
    const bad = await post("/workflow/optimize-pattern", token, { pattern: bunny, options: { language: "de" } });
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toBe("language must be en or tr");
    const anonymous = await api("/workflow/optimize-pattern", { body: { pattern: bunny } });
    expect(anonymous.status).toBe(401);
  });

  it("costs no listing quota, and a retry with the same request id gets the first answer", async () => {
    const { token } = await registerUser();
    const first = await post("/workflow/optimize-pattern", token, { pattern: bunny }, "opt-retry-1");
    const again = await post("/workflow/optimize-pattern", token, { pattern: bunny }, "opt-retry-1");
    expect(again.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await listingQuota(token)).toBe(0);
  });
});

describe("POST /api/workflow/generate-pdf and GET /api/workflow/pdf/:fileId", () => {
  it("answers the formatted draft under both names and a stored PDF the owner can download", async () => {
    const { token, userId } = await registerUser();
    const body = await generatedPdf(token);
    expect(body).toMatchObject({ success: true, error: null, provider: "offline-composer", title: "Sleepy Bunny Amigurumi" });
    expect(body.pdfContent).toBe(body.formattedPattern);
    expect(body.pdfContent).toMatch(/^# Sleepy Bunny Amigurumi\nCrochet pattern · PDF download\n/);
    expect(body.pdfContent).toContain("\nR4: (2sc, inc) x 6 - 18 sts\n");
    expect(body.pdf).toMatchObject({ url: `/api/workflow/pdf/${body.pdf.fileId}`, name: "sleepy-bunny-amigurumi-pattern.pdf" });
    expect(body.pdf.pages).toBeGreaterThanOrEqual(1);

    const row = await env.DB.prepare("SELECT * FROM files WHERE id = ?").bind(body.pdf.fileId).first<Json>();
    expect(row).toMatchObject({ user_id: userId, kind: "pattern-pdf", content_type: "application/pdf", size: body.pdf.bytes, listing_id: null });
    expect(row!.r2_key.startsWith(`${userId}/`)).toBe(true);

    const download = await api(body.pdf.url, { token });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="sleepy-bunny-amigurumi-pattern.pdf"');
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(body.pdf.bytes);
    const read = await readPdfText(bytes);
    expect(read.doc.getPageCount()).toBe(body.pdf.pages);
    expect(read.flat).toContain("Sleepy Bunny Amigurumi");
    expect(read.flat).toContain("R3: (sc, inc)x6 (18)");
    expect(read.flat).toContain("sc single crochet");
  });

  it("refuses an empty optimized pattern with 400 and stores nothing", async () => {
    const { token, userId } = await registerUser();
    for (const payload of [{ pattern: { optimizedPattern: " " } }, { pattern: "not an object" }, {}]) {
      const { res, body } = await post("/workflow/generate-pdf", token, payload);
      expect(res.status).toBe(400);
      expect(body.message).toBe(PDF_EMPTY);
    }
    expect(await count("SELECT count(*) AS n FROM files WHERE user_id = ?", userId)).toBe(0);
  });

  it("serves another user's PDF as a 404, like a file that does not exist", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const body = await generatedPdf(owner.token);
    for (const path of [body.pdf.url, "/workflow/pdf/00000000-0000-0000-0000-000000000000"]) {
      const res = await api(path, { token: other.token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, code: "not-found", message: "File not found" });
    }
    expect((await api(body.pdf.url)).status).toBe(401);
  });

  it("stores one PDF when the same request is retried", async () => {
    const { token, userId } = await registerUser();
    const payload = { pattern: { optimizedPattern: await optimized(token) } };
    const first = await post("/workflow/generate-pdf", token, payload, "pdf-retry-1");
    const again = await post("/workflow/generate-pdf", token, payload, "pdf-retry-1");
    expect(again.body.pdf.fileId).toBe(first.body.pdf.fileId);
    expect(await count("SELECT count(*) AS n FROM files WHERE user_id = ?", userId)).toBe(1);
  });
});

describe("POST /api/workflow/etsy-listing", () => {
  it("writes a rule-abiding listing for the digital pattern and charges exactly one listing unit", async () => {
    const { token } = await registerUser();
    const pdf = await generatedPdf(token);
    expect(await listingQuota(token)).toBe(0);
    const { res, body } = await post("/workflow/etsy-listing", token, { input: { pdfContent: pdf.pdfContent, pdfFileId: pdf.pdf.fileId }, options: {}, featureKey: "create-listing" }, "listing-1");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, provider: "offline-composer", pdfFileId: pdf.pdf.fileId, quota: { used: 1, limit: 10, plan: "free" } });
    expect(body.title.length).toBeLessThanOrEqual(130);
    expect(body.title.toLowerCase()).toContain("bunny");
    expect(body.description).toMatch(/digital product/i);
    expect(body.description).toMatch(/no physical item will be shipped/i);
    expect(body.description).not.toMatch(/\bFAQ\b/i);
    expect(body.tags).toHaveLength(13);
    for (const tag of body.tags) expect(tag.length).toBeLessThanOrEqual(20);
    expect(new Set(body.tags.map((t: string) => t.toLowerCase())).size).toBe(13);
    expect(body.altTexts.length).toBeGreaterThan(0);
    for (const alt of body.altTexts) expect(alt.length).toBeLessThanOrEqual(130);
    expect(body.ruleReport.checks.length).toBeGreaterThan(0);
    expect(await listingQuota(token)).toBe(1);

    const again = await post("/workflow/etsy-listing", token, { input: { pdfContent: pdf.pdfContent }, featureKey: "create-listing" }, "listing-1");
    expect(again.body.title).toBe(body.title);
    expect(await listingQuota(token)).toBe(1);
  });

  it("says plainly that it is a digital PDF pattern, names the craft, skill level, size and terms, and discloses AI help when the seller says so", async () => {
    const { token } = await registerUser();
    const pdfContent = (await post("/workflow/generate-pdf", token, { pattern: { optimizedPattern: coaster }, options: {} })).body.pdfContent as string;
    const plain = await post("/workflow/etsy-listing", token, { input: { pdfContent }, options: { craft: "crochet" } });
    expect(plain.res.status).toBe(200);
    for (const fact of [
      "Digital PDF pattern for instant download. This is the pattern, not a finished item: you make the piece yourself.",
      "Craft: Crochet",
      "Skill level: Easy",
      "Finished size: 10 cm",
      "Written in US crochet terms",
    ]) {
      expect(plain.body.description).toContain(fact);
    }
    expect(plain.body.description).not.toMatch(/help of AI/);
    const ai = await post("/workflow/etsy-listing", token, { input: { pdfContent }, options: { craft: "crochet", aiAssisted: true } });
    expect(ai.body.description).toContain("Disclosure: this pattern was made with the help of AI tools, under the seller's creative direction.");
    const knit = (await post("/workflow/generate-pdf", token, { pattern: { optimizedPattern: turkishKnit }, options: {} })).body.pdfContent as string;
    const tr = await post("/workflow/etsy-listing", token, { input: { pdfContent: knit }, options: { craft: "knitting", language: "tr" } });
    expect(tr.body.description).toContain("Teknik: Şiş örgü");
    expect(tr.body.description).toContain("Seviye: Kolay");
    expect(tr.body.description).not.toMatch(/Tığ işi|crochet/iu);
  });

  it("answers 403 with the quota once the day's listings are used up", async () => {
    const { token } = await registerUser();
    for (let i = 0; i < 10; i++) expect((await api("/increment-quota", { token, body: { featureKey: "create-listing" } })).status).toBe(200);
    const { res, body } = await post("/workflow/etsy-listing", token, { input: { pdfContent: "# Hat\n\nRnd 1: 6 sc in MR (6)" }, featureKey: "create-listing" });
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ success: false, quota: { feature: "create-listing", used: 10, limit: 10, plan: "free" } });
    expect(await listingQuota(token)).toBe(10);
  });

  it("refuses empty content, a wrong featureKey and another user's PDF without charging", async () => {
    const { token } = await registerUser();
    const other = await registerUser();
    const otherPdf = await generatedPdf(other.token);
    for (const payload of [{ input: { pdfContent: "" } }, { input: "text" }, {}]) {
      const empty = await post("/workflow/etsy-listing", token, { ...payload, featureKey: "create-listing" });
      expect(empty.res.status).toBe(400);
      expect(empty.body.message).toBe(LISTING_EMPTY);
    }
    const feature = await post("/workflow/etsy-listing", token, { input: { pdfContent: "# Hat" }, featureKey: "edit-image" });
    expect(feature.res.status).toBe(400);
    expect(feature.body.message).toBe("featureKey must be create-listing");
    const stolen = await post("/workflow/etsy-listing", token, { input: { pdfContent: "# Hat", pdfFileId: otherPdf.pdf.fileId } });
    expect(stolen.res.status).toBe(404);
    expect(await listingQuota(token)).toBe(0);
  });
});

describe("POST /api/workflow/finish", () => {
  it("saves the listing to My Listings from the wizard and attaches the PDF", async () => {
    const { token, userId } = await registerUser();
    const pdf = await generatedPdf(token);
    const listing = (await post("/workflow/etsy-listing", token, { input: { pdfContent: pdf.pdfContent } })).body;
    const { res, body } = await post(
      "/workflow/finish",
      token,
      { title: listing.title, description: listing.description, tags: listing.tags, altTexts: listing.altTexts, pdfFileId: pdf.pdf.fileId, originalPattern: bunny, provider: listing.provider },
      "finish-1",
    );
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ success: true, data: { listing: { title: listing.title, tags: listing.tags, source: "wizard", pdfFileId: pdf.pdf.fileId } } });
    const id = body.data.listing.id;
    const row = await env.DB.prepare("SELECT * FROM listings WHERE id = ?").bind(id).first<Json>();
    expect(row).toMatchObject({ user_id: userId, source: "wizard", platform: "etsy", provider: "offline-composer", original_prompt: bunny });
    expect(await count("SELECT count(*) AS n FROM files WHERE id = ? AND listing_id = ?", pdf.pdf.fileId, id)).toBe(1);
  });

  it("saves exactly one listing when Finish is retried with the same request id", async () => {
    const { token, userId } = await registerUser();
    const payload = { title: "Sleepy Bunny Crochet Pattern", description: "A crochet pattern PDF.", tags: ["crochet pattern"], altTexts: ["Bunny"] };
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { res, body } = await post("/workflow/finish", token, payload, "finish-retry-1");
      expect(res.status).toBe(201);
      ids.add(body.data.listing.id);
    }
    expect(ids.size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(1);
  });

  it("refuses another user's PDF with 404 and saves nothing", async () => {
    const { token, userId } = await registerUser();
    const other = await registerUser();
    const otherPdf = await generatedPdf(other.token);
    const { res } = await post("/workflow/finish", token, { title: "Hat", description: "A hat pattern.", pdfFileId: otherPdf.pdf.fileId });
    expect(res.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM files WHERE id = ? AND listing_id IS NULL", otherPdf.pdf.fileId)).toBe(1);
  });

  it("needs a title", async () => {
    const { token } = await registerUser();
    const { res, body } = await post("/workflow/finish", token, { title: " ", description: "x" });
    expect(res.status).toBe(400);
    expect(body.message).toBe("Title is required");
  });
});

// ---- The workflow with a real (fake) model -------------------------------------------------------

function fakeProvider(complete: (request: LlmRequest) => Promise<string>): LlmProvider & { calls: LlmRequest[] } {
  const calls: LlmRequest[] = [];
  return {
    name: "deepseek",
    label: "DeepSeek (deepseek-chat)",
    offline: false,
    calls,
    complete(request) {
      calls.push(request);
      return complete(request);
    },
  };
}

const failing = () =>
  fakeProvider(async () => {
    throw new UpstreamError("deepseek", "DeepSeek answered 500");
  });
const hanging = () => fakeProvider(() => new Promise<string>(() => {}));

async function domainUser() {
  const { userId } = await registerUser();
  return { id: userId, plan: "free" };
}

const used = async (user: { id: string; plan: string }, feature: Feature | "ai-call") => (await readQuota(workerEnv, user, feature as Feature)).used;

describe("wizard steps with a model provider", () => {
  it("optimize uses the model's answer when it keeps every line, with the 180 s time-out asked for, and takes one ai-call unit", async () => {
    const user = await domainUser();
    const pattern = "Tiny Ball\nRnd 1: 6 sc in MR (6)\nRnd 2: inc around (12)";
    const answer = "# Tiny Ball\n\n## Instructions\nRnd 1: 6 sc in MR (6)\nRnd 2: inc around (12)";
    const llm = fakeProvider(async () => "```markdown\n" + answer + "\n```");
    const result = await runOptimizePattern(workerEnv, user, { pattern, options: {} }, { llm });
    expect(result).toMatchObject({ optimizedPattern: `${answer}\n`, provider: "deepseek", offline: false, craft: "crochet" });
    expect(llm.calls[0]).toMatchObject({ task: "optimize-pattern", timeoutMs: 180_000, prompt: pattern });
    expect(llm.calls[0].system).toContain("Keep EVERY line exactly as given");
    expect(await used(user, "ai-call")).toBe(1);
    expect(await used(user, "create-listing")).toBe(0);
  });

  it("optimize keeps the embedded structure when the model's answer changed or dropped a line", async () => {
    const user = await domainUser();
    const llm = fakeProvider(async () => "# Bunny\n\n## Instructions\nRnd 1: 6 sc in MR (6 sts)");
    const result = await runOptimizePattern(workerEnv, user, { pattern: bunny, options: {} }, { llm });
    expect(result.optimizedPattern).toContain("\nR4: (2sc, inc) x 6 - 18 sts\n");
    expect(result.optimizedPattern.startsWith("# Sleepy Bunny Amigurumi\n")).toBe(true);
  });

  it("optimize turns a provider failure into a 502 with the SPEC's text and gives the ai-call unit back", async () => {
    const user = await domainUser();
    const error = await runOptimizePattern(workerEnv, user, { pattern: bunny, options: {} }, { llm: failing() }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(502);
    expect(error.message).toBe("Failed to optimize content: DeepSeek answered 500");
    expect(await used(user, "ai-call")).toBe(0);
  });

  it("optimize gives up on a provider that never answers with a 504", async () => {
    const user = await domainUser();
    // The provider never answers by itself: only the 50 ms time-out ends the call.
    const error = await runOptimizePattern(workerEnv, user, { pattern: bunny, options: {} }, { llm: hanging(), timeoutMs: 50 }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/^Failed to optimize content: DeepSeek \(deepseek-chat\) did not answer/);
    expect(await used(user, "ai-call")).toBe(0);
  });

  it("an empty model answer is a 502, not an empty pattern", async () => {
    const user = await domainUser();
    const error = await runOptimizePattern(workerEnv, user, { pattern: bunny, options: {} }, { llm: fakeProvider(async () => "  ") }).catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^Failed to optimize content: .*empty answer/);
  });

  it("format keeps the embedded layout when the model's layout lost instruction lines", async () => {
    const llm = fakeProvider(async () => "# Bunny\n\n## Instructions\nRnd 1: 6 sc in MR (6 sts)");
    const draft = await formatPattern({ optimizedPattern: bunny, options: {} }, llm);
    expect(draft.title).toBe("Sleepy Bunny Amigurumi");
    expect(instructionLines(draft).length).toBeGreaterThan(20);
  });

  it("format uses the model's layout only when every line under the headings is kept as written", async () => {
    const pattern = "# Tiny Ball\n\n## Instructions\nRnd 1: 6 sc in MR (6)\nRnd 2: inc around (12)\n";
    const kept = await formatPattern(
      { optimizedPattern: pattern, options: {} },
      fakeProvider(async () => "# Tiny Ball\n\n## How to make it\nRnd 1: 6 sc in MR (6)\nRnd 2: inc around (12)"),
    );
    expect(kept.sections.find((s) => s.key === "instructions")?.heading).toBe("How to make it");
    const rewritten = await formatPattern(
      { optimizedPattern: pattern, options: {} },
      fakeProvider(async () => "# Tiny Ball\n\n## How to make it\nRnd 1: 6 sc in a magic ring (6 sts)\nRnd 2: inc around (12)"),
    );
    expect(rewritten.sections.find((s) => s.key === "instructions")?.heading).toBe("Instructions");
    expect(instructionLines(rewritten)).toEqual(["Rnd 1: 6 sc in MR (6)", "Rnd 2: inc around (12)"]);
  });

  it("generate-pdf turns a provider failure into a 502 'Failed to format content' and stores no file", async () => {
    const user = await domainUser();
    const error = await runGeneratePdf(workerEnv, user, { pattern: { optimizedPattern: bunny }, options: {} }, { llm: failing() }).catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.message).toBe("Failed to format content: DeepSeek answered 500");
    const timedOut = await runGeneratePdf(workerEnv, user, { pattern: { optimizedPattern: bunny }, options: {} }, { llm: hanging(), timeoutMs: 50 }).catch((e) => e);
    expect(timedOut.status).toBe(504);
    expect(await count("SELECT count(*) AS n FROM files WHERE user_id = ?", user.id)).toBe(0);
    expect(await used(user, "ai-call")).toBe(0);
  });

  it("etsy-listing gives the create-listing unit back when the provider fails or times out", async () => {
    const user = await domainUser();
    const input = { input: { pdfContent: bunny }, options: {} };
    const failed = await runEtsyListing(workerEnv, user, input, { llm: failing() }).catch((e) => e);
    expect(failed.status).toBe(502);
    expect(failed.message).toBe("Etsy listing could not be generated.: DeepSeek answered 500");
    const timedOut = await runEtsyListing(workerEnv, user, input, { llm: hanging(), timeoutMs: 50 }).catch((e) => e);
    expect(timedOut.status).toBe(504);
    expect(await used(user, "create-listing")).toBe(0);
  });

  it("etsy-listing asks for the four parts and repairs the model's answers by the listing rules", async () => {
    const user = await domainUser();
    const answers: Record<string, string> = {
      title: "SLEEPY BUNNY Crochet Pattern, Amigurumi Bunny PDF",
      description: "A sweet bunny to crochet.\n\n**Features**\n- Numbered rounds",
      tags: '["crochet bunny", "amigurumi pattern", "crochet bunny"]',
      "alt-text": "**Image 1:** Finished crochet bunny sitting\n**Image 2:** Pattern page with numbered rounds",
    };
    const llm = fakeProvider(async (request) => answers[request.task!]);
    const result = await runEtsyListing(workerEnv, user, { input: { pdfContent: bunny }, options: {} }, { llm });
    expect(llm.calls.map((c) => c.task).sort()).toEqual(["alt-text", "description", "tags", "title"]);
    for (const call of llm.calls) expect(call.context).toMatchObject({ digital: true, platform: "etsy" });
    expect(result.title).not.toMatch(/SLEEPY|BUNNY/);
    expect(result.description).toMatch(/no physical item will be shipped/i);
    expect(result.tags).toHaveLength(13);
    expect(result.tags.filter((t) => t === "crochet bunny")).toHaveLength(1);
    expect(result.altTexts).toEqual(["Finished crochet bunny sitting", "Pattern page with numbered rounds"]);
    expect(result.ruleReport.repaired).toBe(true);
    expect(await used(user, "create-listing")).toBe(1);
  });

  it("uses the offline provider when no model is configured, and DeepSeek when its key is set", () => {
    expect(wizardLlm(workerEnv)).toMatchObject({ name: "offline-composer", offline: true });
    expect(wizardLlm({ ...workerEnv, DEEPSEEK_API_KEY: "sk-test" })).toMatchObject({ name: "deepseek", offline: false });
  });
});
