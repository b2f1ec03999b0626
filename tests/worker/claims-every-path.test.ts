/**
 * Every path that writes listing text runs the claims check against the seller's own words (issue 24):
 * Create's streamed parts and its saved listing, a regenerated part, the SPEC's raw /api/ai call, a model
 * writer through the enforcer, bulk optimize's proposal, the Doctor's one-click fixes and the wizard's
 * step-3 listing. The seller of the crochet bunny pattern never said "beginner friendly", "handmade",
 * "DIY", "made with love" or "gift": none of it may reach what they paste.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerateEvent, ListingDetail } from "../../schema/api/listings";
import type { User } from "../../schema/db";
import { applyFix, auditListing } from "../../shared/audit";
import { extractFacts, unsupportedClaims } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { rawAiCall } from "../../worker/domain/listings/ai-call";
import { readEtsyListings } from "../../worker/domain/shop/csv";
import { factsOf, optimizeShopListing, shopAuditInput, type ShopListingSource } from "../../worker/domain/shop/optimize";
import { runEtsyListing } from "../../worker/domain/wizard/workflow";
import type { Env } from "../../worker/lib/env";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import bunnyParts from "../fixtures/patterns/accuracy/en-crochet-bunny-parts.txt?raw";
import { fakeModelAnswer } from "../fixtures/listing-corpus/quality";
import { api, registerUser } from "./helpers";
import { ETSY_FIXTURE } from "./shop-fixtures";

const BUNNY = "Crochet bunny pattern, PDF download: a 20 cm amigurumi rabbit worked in DK cotton with a 3.5 mm hook, US terms";
/** What the bunny's seller never said. */
const INVENTED = /beginner|handmade|hand made|diy|made with love|perfect gift|gift for|one of a kind/i;

const textOf = (l: { title?: string; description?: string; tags?: string[]; altTexts?: string[]; alt_texts?: string[]; bullets?: string[] }) =>
  [l.title ?? "", l.description ?? "", ...(l.tags ?? []), ...(l.altTexts ?? l.alt_texts ?? []), ...(l.bullets ?? [])].join("\n");

async function events(res: Response): Promise<GenerateEvent[]> {
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent);
}

/** A model writer that claims what the seller never said, in every part it is asked for. */
function inventingModel(): LlmProvider & { calls: LlmRequest[] } {
  const calls: LlmRequest[] = [];
  const answers: Record<string, string> = {
    title: "Handmade Crochet Bunny Pattern - Beginner Friendly, Perfect Gift for Kids",
    description:
      "This crochet bunny pattern is made with love and beginner friendly.\n\nFeatures\n• A 20 cm amigurumi rabbit in DK cotton\n• Worked with a 3.5 mm hook, US terms\n• A perfect gift for kids who love bunnies\n\nA fun DIY project for a weekend.",
    tags: JSON.stringify([
      "bunny pattern",
      "beginner friendly",
      "diy project",
      "handmade bunny",
      "gift for kids",
      "amigurumi rabbit",
      "crochet pattern",
      "rabbit pattern",
      "dk cotton",
      "easter bunny gift",
      "one of a kind",
      "made with love",
      "bunny toy pattern",
    ]),
    "alt-text":
      "**Image 1:** Handmade crochet bunny, perfect gift\n**Image 2:** Crochet bunny pattern pages, beginner friendly\n**Image 3:** Amigurumi rabbit 20 cm\n**Image 4:** DK cotton and 3.5 mm hook\n**Image 5:** Finished bunny, a DIY project",
  };
  return {
    name: "deepseek",
    label: "Inventing model",
    offline: false,
    calls,
    async complete(request) {
      calls.push(request);
      const task = request.task ?? (/\btags\b/i.test(request.system) ? "tags" : /\btitle\b/i.test(request.system) ? "title" : "description");
      return answers[task] ?? answers.description;
    },
  };
}

async function userRow(userId: string): Promise<User> {
  return (await env.DB.prepare("SELECT id, plan FROM users WHERE id = ?").bind(userId).first<User>())!;
}

describe("Create: the streaming generation", () => {
  it("writes the bunny pattern's listing offline without 'Beginner Friendly', 'handmade pattern' or 'diy project', in the streamed parts and the saved listing", async () => {
    const { token } = await registerUser();
    const list = await events(await api("/listings/generate", { token, body: { description: BUNNY, keywords: [], platform: "etsy" } }));
    const done = list.at(-1);
    expect(done?.type).toBe("done");
    const listing = (done as Extract<GenerateEvent, { type: "done" }>).listing;
    expect(textOf(listing)).not.toMatch(INVENTED);
    for (const e of list) if (e.type === "part") expect(JSON.stringify(e.value)).not.toMatch(INVENTED);
    // The facts stay: every measure and the hook, the yarn, the terms, the format.
    expect(listing.title).toMatch(/crochet bunny pattern/i);
    for (const fact of ["20 cm", "3.5 mm hook", "DK cotton", "US terms", "PDF"]) expect(`${listing.title}\n${listing.description}`).toContain(fact);
  });

  it("a model writer's parts lose their invented claims before they stream to the screen, not only in the saved listing", async () => {
    const model = inventingModel();
    const streamed: string[] = [];
    const { listing, report } = await generateListingParts(model, { description: BUNNY, keywords: [], platform: "etsy" }, (_part, value) => streamed.push(JSON.stringify(value)));
    expect(streamed).toHaveLength(4);
    for (const s of streamed) expect(s).not.toMatch(INVENTED);
    expect(textOf(listing)).not.toMatch(INVENTED);
    expect(report.checks.find((c) => c.rule === "facts.claims-supported")?.status).toBe("repaired");
  });
});

describe("Create: regenerating one part", () => {
  it("a regenerated title and tags claim nothing the seller did not say", async () => {
    const { token } = await registerUser();
    const list = await events(await api("/listings/generate", { token, body: { description: BUNNY, keywords: [], platform: "etsy" } }));
    const listing = (list.at(-1) as Extract<GenerateEvent, { type: "done" }>).listing;
    for (const part of ["title", "tags", "altTexts"]) {
      const res = await api("/listings/generate/part", { token, body: { listingId: listing.id, part } });
      expect(res.status).toBe(200);
      const body = await res.json<{ data: { listing: ListingDetail } }>();
      expect(textOf(body.data.listing)).not.toMatch(INVENTED);
    }
  });
});

describe("the SPEC's raw call, POST /api/ai/:provider", () => {
  const system = "You are an expert Etsy SEO copywriter. Write exactly one listing title. Rules: at most 130 characters; no markdown. Answer with the title only.";
  const prompt = `Product description:\n${BUNNY}\n\nKeywords: (none selected)`;

  it("the offline composer's title for the bunny pattern claims no skill level the seller never gave", async () => {
    const { token } = await registerUser();
    const res = await api("/ai/offline", { token, body: { system, prompt, featureKey: "create-listing" } });
    expect(res.status).toBe(200);
    const { content } = await res.json<{ content: string }>();
    expect(content).toMatch(/crochet bunny pattern/i);
    expect(content).not.toMatch(INVENTED);
  });

  it("a model's title, tags and description lose the claims the product description does not support", async () => {
    const { userId } = await registerUser();
    const model = inventingModel();
    const deps = { env: env as unknown as Env, user: await userRow(userId), provider: model };
    const title = await rawAiCall(deps, { system, prompt, featureKey: "create-listing" });
    expect(title).toMatch(/crochet bunny pattern/i);
    expect(title).not.toMatch(INVENTED);
    const tags = await rawAiCall(deps, { system: "Write exactly 13 Etsy tags. Answer with a JSON array of 13 strings.", prompt, featureKey: "create-listing" });
    const list = JSON.parse(tags) as string[];
    expect(list).toContain("bunny pattern");
    expect(list.join("\n")).not.toMatch(INVENTED);
    const description = await rawAiCall(deps, { system: "Write the listing description as plain text.", prompt, featureKey: "create-listing" });
    expect(description).toContain("20 cm");
    expect(description).not.toMatch(INVENTED);
  });

  it("a call that is not about a product's listing is answered as the model wrote it", async () => {
    const { userId } = await registerUser();
    const model: LlmProvider = { name: "deepseek", label: "m", offline: false, complete: async () => "A handmade gift idea: bake bread." };
    const deps = { env: env as unknown as Env, user: await userRow(userId), provider: model };
    expect(await rawAiCall(deps, { system: "You are helpful.", prompt: "Suggest a weekend activity." })).toBe("A handmade gift idea: bake bread.");
  });
});

describe("bulk optimize", () => {
  it("a proposal for the bunny pattern keeps the writer's invented claims out of every part", async () => {
    const row = {
      title: "Crochet Bunny Pattern",
      description: BUNNY,
      tags: ["bunny pattern", "amigurumi rabbit"],
      altTexts: [],
      platform: "etsy",
      ruleReport: null,
      photoCount: 5,
    };
    const outcome = await optimizeShopListing(row, inventingModel());
    expect(outcome.proposal).not.toBeNull();
    expect(textOf(outcome.proposal!)).not.toMatch(INVENTED);
  });
});

describe("an imported listing (Etsy CSV, My Shop): its own words are its only support", () => {
  /** A writer that invents claims, drops sizes and mixes English into Turkish (the corpus's careless model). */
  const careless: LlmProvider = {
    name: "openai",
    label: "A careless model (test fake)",
    offline: false,
    complete: async (request) => fakeModelAnswer(request.task ?? "generic", request.context?.description ?? request.prompt, "etsy"),
  };
  const imported = async () => {
    const rows: ShopListingSource[] = [];
    const bytes = new Blob([ETSY_FIXTURE]).stream();
    for await (const item of readEtsyListings(bytes)) {
      if (!("input" in item)) continue;
      const { title, description, tags, materials, variations, imageUrls } = item.input;
      rows.push({ title, description, tags, materials, variations, altTexts: [], platform: "etsy", ruleReport: null, photoCount: imageUrls.length });
    }
    return rows;
  };
  const claimsIn = (l: { title: string; description: string; tags: string[]; altTexts: string[] }) => [l.title, l.description, ...l.tags, ...l.altTexts].join("\n");

  it("the Doctor audits an imported listing's own claims as the seller's words: its 'handmade' and 'gift for her' are not flagged", async () => {
    const rows = await imported();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.some((r) => /handmade|gift for her/i.test(`${r.title}\n${r.description}`))).toBe(true);
    for (const row of rows) {
      // As My Shop audits it: the imported row, with no Create prompt behind it.
      const report = auditListing(shopAuditInput(row, { title: row.title, description: row.description, tags: row.tags as string[], altTexts: [] }));
      expect(
        report.findings.filter((f) => f.id.endsWith("unsupported-claims")).map((f) => f.id),
        row.title,
      ).toEqual([]);
    }
  });

  it("bulk optimize with a writer that invents claims proposes, for every imported row in English and Turkish, no claim the imported listing did not make", async () => {
    const rows = await imported();
    expect(rows.some((r) => /[çğıöşü]/iu.test(r.title))).toBe(true);
    let proposals = 0;
    for (const row of rows) {
      const outcome = await optimizeShopListing(row, careless);
      if (!outcome.proposal) continue;
      proposals++;
      // The imported text (title, description, materials, variations, tags) is all that supports a claim:
      // the Doctor, given it as the listing's words, finds no claim in the proposal that it does not make.
      const own = factsOf(row);
      const source = `${row.title}\n${own}\n${(row.tags as string[]).join("\n")}`;
      const facts = extractFacts({ text: source, platform: "etsy" });
      expect(
        unsupportedClaims(claimsIn(outcome.proposal), facts, source).map((c) => c.phrase),
        row.title,
      ).toEqual([]);
      const report = auditListing({ ...outcome.proposal, platform: "etsy", photoCount: row.photoCount, original: `${row.title}\n${own}`, keywords: row.tags as string[] });
      expect(
        report.findings.filter((f) => f.id.endsWith("unsupported-claims")).map((f) => `${f.id}: ${f.params.claims}`),
        row.title,
      ).toEqual([]);
      // The writer's stock lines never reach the proposal.
      expect(claimsIn(outcome.proposal), row.title).not.toMatch(/made with love|one piece at a time|variations in glaze|add it to your cart|özenle hazırlandı|hemen sepete/i);
    }
    expect(proposals).toBeGreaterThanOrEqual(8);
  });
});

describe("the Doctor's one-click fixes", () => {
  it("no fix offered on a Create listing adds a claim the seller's words do not support", () => {
    // The listing carries claims the seller never made; a fix may remove them, never spread them (tags from the description).
    const input = {
      platform: "etsy" as const,
      title: "Crochet Bunny Pattern - Amigurumi Rabbit",
      description:
        "Crochet bunny pattern, PDF download: a 20 cm amigurumi rabbit worked in DK cotton with a 3.5 mm hook, US terms. A handmade gift for kids, beginner friendly.\n\nThis is a digital product. No physical item will be shipped.",
      tags: ["bunny pattern", "amigurumi rabbit", "crochet bunny", "rabbit pattern", "crochet pattern", "pdf pattern", "dk cotton", "us terms", "amigurumi pattern", "easter bunny", "Bunny Pattern"],
      altTexts: [],
      original: BUNNY,
    };
    const facts = extractFacts({ text: BUNNY, platform: "etsy" });
    const before = new Set(unsupportedClaims(`${input.title}\n${input.tags.join("\n")}`, facts, BUNNY).map((c) => c.phrase.toLowerCase()));
    const report = auditListing(input);
    const fixes = report.findings.filter((f) => f.fix);
    expect(fixes.length).toBeGreaterThan(0);
    for (const f of fixes) {
      const next = applyFix(input, f.fix!);
      const added = unsupportedClaims(`${next.title}\n${next.tags.join("\n")}\n${next.altTexts.join("\n")}`, facts, BUNNY).filter((c) => !before.has(c.phrase.toLowerCase()));
      expect(added, `fix "${f.fix!.label}" adds ${added.map((c) => c.phrase).join(", ")}`).toEqual([]);
    }
    // Filling the empty tag slots takes only phrases that claim nothing the seller did not say: never "handmade gift" or "gift for kids" (decision 0047).
    const filled = report.findings.find((f) => f.id === "tags.unused")?.fix?.patch.tags ?? [];
    expect(filled.filter((t) => /handmade|gift|kids/.test(t))).toEqual([]);
  });

  it("on a listing the seller wrote themselves (no Create prompt), a fix may reuse their own words", () => {
    const own = {
      platform: "etsy" as const,
      title: "Crochet Bunny Pattern - Amigurumi Rabbit",
      description:
        "Crochet bunny pattern, PDF download: a 20 cm amigurumi rabbit in DK cotton, 3.5 mm hook, US terms. A handmade gift for kids.\n\nThis is a digital product. No physical item will be shipped.",
      tags: ["bunny pattern", "amigurumi rabbit", "crochet bunny", "rabbit pattern", "crochet pattern", "pdf pattern", "dk cotton", "us terms", "amigurumi pattern", "easter bunny"],
      altTexts: [],
    };
    const fill = auditListing(own).findings.find((f) => f.id === "tags.unused")?.fix;
    expect(fill?.patch.tags).toEqual(expect.arrayContaining(["handmade gift"]));
  });
});

describe("the wizard's step 3", () => {
  it("a model's listing for the pattern loses the claims the pattern does not back", async () => {
    const { userId, token } = await registerUser();
    const pdf = await (await api("/workflow/generate-pdf", { token, body: { pattern: { optimizedPattern: bunnyParts }, options: { language: "en" } } })).json<{ pdfContent: string }>();
    const listing = await runEtsyListing(env as unknown as Env, await userRow(userId), { input: { pdfContent: pdf.pdfContent }, options: { language: "en" } } as never, { llm: inventingModel() });
    // The pattern says "Skill level: Easy" (a model may call it beginner friendly); it never says handmade, DIY or gift.
    expect(textOf(listing)).not.toMatch(/handmade|hand made|diy|made with love|perfect gift|gift for|one of a kind/i);
    expect(listing.title).toMatch(/bunny/i);
  });
});
