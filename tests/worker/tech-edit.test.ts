import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OPTIMIZE_EMPTY } from "../../schema/api/workflow";
import { readQuota } from "../../worker/domain/quota";
import { checkStitchCounts } from "../../worker/domain/wizard/stitch-count";
import { optimizePatternOffline } from "../../worker/domain/wizard/offline-optimizer";
import { techEdit } from "../../worker/domain/wizard/tech-edit";
import type { Env } from "../../worker/lib/env";
import { api, registerUser } from "./helpers";
import { PATTERNS, bunny, coaster, dishcloth, granny, mittens, topDownHat, whale } from "./wizard-patterns";

const workerEnv = env as unknown as Env;

/** The rows each fixture gets wrong on purpose (1-based lines); every other fixture is correct. */
const WRONG: Record<string, number[]> = {
  "crochet amigurumi bunny": [18],
  "crochet amigurumi whale": [20, 26],
  "knitted mittens": [26, 31],
};

/** Rows the checker cannot follow and must leave unchecked, never call wrong. */
const UNREADABLE: Record<string, number[]> = {
  "crochet amigurumi whale": [23],
  "granny square block": [17, 18],
  "knitted beanie": [16],
  "crochet blanket in rows": [21],
};

const yarnPatterns = PATTERNS.filter((p) => p.craft === "crochet" || p.craft === "knitting");
const wrongLines = (text: string) =>
  techEdit(text)
    .issues.filter((i) => i.id === "stitch-count")
    .map((i) => i.line);

describe("stitch-count checker", () => {
  for (const pattern of yarnPatterns) {
    it(`finds exactly the wrong rows of the ${pattern.name}, at their lines, and leaves what it cannot read unchecked`, () => {
      const report = techEdit(pattern.text);
      expect(wrongLines(pattern.text)).toEqual(WRONG[pattern.name] ?? []);
      expect(report.rowsChecked).toBeGreaterThanOrEqual(2);
      for (const line of UNREADABLE[pattern.name] ?? []) {
        expect(report.rows.find((r) => r.line === line)).toMatchObject({ status: "unchecked" });
      }
      expect(report.rowsUnchecked).toBe(report.rows.filter((r) => r.status === "unchecked").length);
    });
  }

  it("finds a changed stated count on every checked row of the correct patterns, and only there", () => {
    let mutated = 0;
    for (const pattern of yarnPatterns.filter((p) => !WRONG[p.name])) {
      const lines = pattern.text.split("\n");
      for (const row of techEdit(pattern.text).rows.filter((r) => r.status === "ok" && r.statedText)) {
        const original = lines[row.line - 1];
        const at = original.lastIndexOf(row.statedText!);
        // Far from any other reading of the row (a ch-3 that may count, "3 times" that may mean 4).
        const changed = row.statedText!.replace(/\d+/, (n) => String(Number(n) * 2 + 3));
        const copy = [...lines];
        copy[row.line - 1] = original.slice(0, at) + changed + original.slice(at + row.statedText!.length);
        expect(wrongLines(copy.join("\n")), `${pattern.name} line ${row.line}`).toEqual([row.line]);
        mutated++;
      }
    }
    expect(mutated).toBeGreaterThan(60);
  });

  it("finds the bunny's round 4: (2sc, inc) x 6 makes 24 stitches from 18, not 18", () => {
    const issue = techEdit(bunny).issues.find((i) => i.id === "stitch-count");
    expect(issue).toMatchObject({ line: 18, row: "R4", severity: "error", stated: 18, computed: 24 });
    expect(issue!.message).toBe("R4 makes 24 stitches, but the pattern says 18.");
    expect(issue!.replacement).toBe("R4: (2sc, inc) x 6 - 24 sts");
    // Accepting the computed count makes the pattern clean.
    const fixed = bunny
      .split("\n")
      .map((l, i) => (i === 17 ? issue!.replacement! : l))
      .join("\n");
    expect(wrongLines(fixed)).toEqual([]);
  });

  it("reads the usual spellings of repeats, ranges, increases and decreases", () => {
    const rows = (text: string, craft: "crochet" | "knitting" = "crochet") => checkStitchCounts(optimizePatternOffline(text, { craft }).sections, craft).map((r) => [r.status, r.computed]);
    expect(
      rows(
        "Rnd 1: 6 sc in MR (6)\nRnd 2: inc around (12)\nRnd 3: [sc, inc] 6 times (18)\nRnd 4: *2 sc, inc; rep from * around (24)\nRnd 5: *3 sc, inc; rep from * 5 more times [30]\nRnds 6-8: sc in each st around - 30 sts\nRnd 9: (3 sc, sc2tog) x 6 (24 stitches)\nRnd 10: (2 sc, dec) x 6. 18 sts.",
      ),
    ).toEqual([
      ["ok", 6],
      ["ok", 12],
      ["ok", 18],
      ["ok", 24],
      ["ok", 30],
      ["ok", 30],
      ["ok", 24],
      ["ok", 18],
    ]);
    expect(
      rows("Ch 21.\nRow 1: sc in 2nd ch from hook and in each ch across, turn. (20)\nRow 2: ch 1, turn, sc in each st across. (20)\nRow 3: ch 2, dc in each st across, turn. (20)", "crochet"),
    ).toEqual([
      ["ok", 20],
      ["ok", 20],
      ["ok", 20],
    ]);
    expect(
      rows(
        "Cast on 48 sts.\nRnd 1: (k6, k2tog) to end. (42)\nRnd 2: *k5, ssk; rep from * to end (36)\nRnd 3: *k4, p2tog; rep from * 5 more times (30)\nRnd 4: *k1, kfb; rep from * to end (45)\nRnd 5: k2, m1, k to end (46)\nRnd 6: *k1, m1l, k44, m1r, k1 (48)\nRow 7: k1, yo, k to end. (49)",
        "knitting",
      ),
    ).toEqual([
      ["ok", 42],
      ["ok", 36],
      ["ok", 30],
      ["ok", 45],
      ["ok", 46],
      ["unchecked", undefined],
      ["ok", 49],
    ]);
  });

  it("reads loops, 'repeat N times', 'sts rem', 'k all sts' and increase or decrease rounds", () => {
    const rows = (text: string, craft: "crochet" | "knitting") => techEdit(text, { craft }).rows.map((r) => [r.line, r.status, r.computed]);
    expect(
      rows(
        "Rnd 1: 6 sc in MR (6)\nRnd 2: 2 sc in each st around. (12)\nRound 3: *Sc in next st, 2 sc in next st; repeat from * around - 18 sts\nRnd 4: [Sc in next 2 sts, inc] 6 times. (24 sts)\nRnd 5: (3 sc, inc) repeat 6 times (30)\nRnd 6: sc in BLO around (30)\nRnd 7: FLO sc in each st around (30)\nRnd 8: (3 sc, dec) x 6 (24 sts remain)",
        "crochet",
      ),
    ).toEqual([
      [1, "ok", 6],
      [2, "ok", 12],
      [3, "ok", 18],
      [4, "ok", 24],
      [5, "ok", 30],
      [6, "ok", 30],
      [7, "ok", 30],
      [8, "ok", 24],
    ]);
    expect(
      rows(
        "Cast on 40 sts.\nRnd 1: K all sts. (40)\nDec rnd: k1, k2tog, knit to last 3 sts, ssk, k1. (38 sts rem)\nNext rnd: *K2tog; rep from * to end. (19)\nRow 1 (RS): K1, *yo, k2tog; rep from * to last st, k1. (19)",
        "knitting",
      ),
    ).toEqual([
      [2, "ok", 40],
      [3, "ok", 38],
      [4, "ok", 19],
      // 19 stitches cannot be k1, pairs, k1: the repeat does not fit, so the row is not checked.
      [5, "unchecked", undefined],
    ]);
  });

  it("reads 'MR, 6 sc', 'sc 3' (count after the stitch), 'sk first st' and a ch-3 that counts", () => {
    const chick =
      "Chick\nRnd 1: MR, 6 sc. (6 sts)\nRnd 2: inc in each st. (12 sts)\nRnd 3: [sc 1, inc] x 6. (18 sts)\nRnd 4-6: sc in each st. (18 sts)\nRnd 7: [sc 1, dec] x 6. (12 sts)\nRnd 8: dec x 6. (6 sts)";
    expect(techEdit(chick).rows.map((r) => [r.status, r.computed])).toEqual([
      ["ok", 6],
      ["ok", 12],
      ["ok", 18],
      ["ok", 18],
      ["ok", 12],
      ["ok", 6],
    ]);
    const stripe =
      "Ch 102.\nRow 1: dc in 4th ch from hook, dc in each ch across. (100 dc)\nRow 2: ch 3 (counts as dc), turn, sk first st, *3 dc in next st, sk 2 sts* 33 times, dc in last st. (101 dc)\nRow 3: ch 1, turn, sc in each st across. (101)";
    expect(techEdit(stripe).rows.map((r) => [r.status, r.computed])).toEqual([
      ["ok", 100],
      ["ok", 101],
      ["ok", 101],
    ]);
  });

  it("reads Turkish patterns written in words: düz, ters, birlikte düz örün, sık iğne, arttırma, azaltma", () => {
    const hat = [
      "Bebek Beresi",
      "Şişe 64 ilmek başlayın ve tur için birleştirin.",
      "1-8. turlar: *2 düz, 2 ters*, turun sonuna kadar tekrarlayın. (64 ilmek)",
      "9. tur: *6 düz, 2 ilmeği birlikte düz örün*, sona kadar tekrarlayın. (56 ilmek)",
      "10. tur: Tüm ilmekleri düz örün. (56 ilmek)",
      "11. tur: *5 düz, 2 ilmeği birlikte düz örün*, sona kadar tekrarlayın. (49 ilmek)",
    ].join("\n");
    const report = techEdit(hat);
    expect(report.craft).toBe("knitting");
    expect(report.rows.map((r) => [r.line, r.status, r.computed])).toEqual([
      [3, "ok", 64],
      [4, "ok", 56],
      [5, "ok", 56],
      [6, "wrong", 48],
    ]);
    expect(report.issues.find((i) => i.id === "stitch-count")?.message).toBe("11. tur 48 ilmek yapıyor, ancak modelde 49 yazıyor.");
    const ball = "Top\nTur 1: sihirli halkaya 6 sık iğne (6)\nTur 2: her ilmeğe arttırma (12)\nTur 3: (1 sık iğne, arttırma) x 6 (18)\nTur 4: (1 sık iğne, azaltma) x 6 (12)";
    expect(techEdit(ball).rows.map((r) => [r.status, r.computed])).toEqual([
      ["ok", 6],
      ["ok", 12],
      ["ok", 18],
      ["ok", 12],
    ]);
  });

  it("works a repeat of earlier rows as often as it says", () => {
    const yoke =
      "Cast on 80 sts.\nRnd 1: *k1, m1, k19; rep from * 3 more times. (84)\nRnd 2: Knit. (84)\nRnds 3-8: Repeat Rnds 1 and 2 three more times. (96 sts)\nRnds 9-12: Repeat Rnds 1-2 twice. (104)";
    expect(techEdit(yoke, { craft: "knitting" }).rows.map((r) => [r.line, r.status, r.computed])).toEqual([
      [2, "ok", 84],
      [3, "ok", 84],
      [4, "ok", 96],
      [5, "ok", 104],
    ]);
    const wrong = yoke.replace("(96 sts)", "(92 sts)");
    expect(
      techEdit(wrong, { craft: "knitting" })
        .issues.filter((i) => i.id === "stitch-count")
        .map((i) => [i.line, i.computed]),
    ).toEqual([[4, 96]]);
  });

  it("never calls a row it cannot read wrong", () => {
    const report = techEdit("Rnd 1: 6 sc in MR (6)\nRnd 2: work the petals as shown in the chart (99)\nRnd 3: sc around (99)");
    expect(report.rows.map((r) => r.status)).toEqual(["ok", "unchecked", "ok"]);
    expect(report.issues.filter((i) => i.id === "stitch-count")).toEqual([]);
  });

  it("checks a top-down hat whose chain-2 may or may not count, and a hat that says it does not", () => {
    expect(techEdit(topDownHat).rows.every((r) => r.status === "ok")).toBe(true);
  });
});

describe("abbreviations, terms and missing sections", () => {
  it("finds abbreviations used but not defined, and defined but not used, at their lines", () => {
    const text = ["Star Coaster", "Abbreviations", "ch = chain", "sc = single crochet", "hdc = half double crochet", "Ch 4, join to form a ring.", "Rnd 1: 12 dc in ring. (12)"].join("\n");
    const report = techEdit(text);
    expect(report.abbreviations).toEqual({ used: ["ch", "dc"], undefined: ["dc"], unused: ["sc", "hdc"] });
    expect(report.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "abbreviation-unused", line: 4, severity: "tip", abbreviation: "sc" }),
        expect.objectContaining({ id: "abbreviation-unused", line: 5, severity: "tip", abbreviation: "hdc" }),
        expect.objectContaining({ id: "abbreviation-undefined", line: 7, severity: "warning", abbreviation: "dc" }),
      ]),
    );
    expect(techEdit(coaster).abbreviations.undefined).toEqual([]);
  });

  it("tells US from UK crochet terms, declared or used, and warns when they are mixed", () => {
    expect(techEdit(bunny).terms).toBe("us");
    expect(techEdit(dishcloth).terms).toBe("uk");
    expect(techEdit(granny).terms).toBe("unknown");
    expect(techEdit("Rnd 1: 6 htr in MR (6)\nRnd 2: 2 htr in each st around (12)").terms).toBe("uk");
    const mixed = techEdit("Cowl (UK terms)\nCh 30, join.\nRnd 1: ch 1, dc in each ch around. (30)\nRnd 2: ch 1, sc in each st around. (30)");
    expect(mixed.terms).toBe("mixed");
    expect(mixed.issues).toContainEqual(expect.objectContaining({ id: "terms-mixed", line: 4, severity: "warning", abbreviation: "sc" }));
  });

  it("lists the sections a buyer expects that the pattern lacks", () => {
    expect(techEdit(bunny).missingSections).toEqual(["skill-level", "abbreviations", "notes", "copyright"]);
    expect(techEdit(coaster).missingSections).toEqual(["gauge"]);
    expect(techEdit(mittens).missingSections).toEqual([]);
    expect(techEdit(whale).missingSections).toEqual([]);
    expect(techEdit("Rnd 1: 6 sc in MR (6)").missingSections).toEqual(["skill-level", "materials", "hook-or-needle-size", "gauge", "finished-size", "abbreviations", "notes", "copyright"]);
    expect(techEdit("Hat\nMaterials\n- wool yarn\nRnd 1: 6 sc in MR (6)").missingSections).toEqual(expect.arrayContaining(["yarn-weight", "yarn-amount"]));
  });

  it("writes its messages in Turkish for a Turkish pattern", () => {
    const report = techEdit("Ayıcık\nTur 1: sihirli halkaya 6 sc (6)\nTur 2: her ilmeğe inc (10)");
    expect(report.issues.find((i) => i.id === "stitch-count")?.message).toBe("Tur 2 12 ilmek yapıyor, ancak modelde 10 yazıyor.");
  });
});

describe("POST /api/workflow/tech-edit", () => {
  async function post(token: string | undefined, body: unknown) {
    const res = await api("/workflow/tech-edit", { body, token });
    return { res, body: await res.json<any>() };
  }

  it("answers the report with each issue at its line, and spends no quota unit", async () => {
    const { token, userId } = await registerUser();
    const { res, body } = await post(token, { pattern: bunny, options: { craft: "crochet" } });
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ craft: "crochet", terms: "us", rowsChecked: 13, rowsUnchecked: 1, missingSections: ["skill-level", "abbreviations", "notes", "copyright"] });
    expect(body.data.issues).toContainEqual({
      line: 18,
      row: "R4",
      severity: "error",
      id: "stitch-count",
      message: "R4 makes 24 stitches, but the pattern says 18.",
      stated: 18,
      computed: 24,
      replacement: "R4: (2sc, inc) x 6 - 24 sts",
    });
    expect(body.data.abbreviations.used).toEqual(["ch", "dec", "inc", "mr", "sc", "sl st"]);
    const user = { id: userId, plan: "free" };
    expect((await readQuota(workerEnv, user, "create-listing")).used).toBe(0);
    expect((await readQuota(workerEnv, user, "ai-call" as never)).used).toBe(0);
  });

  it("takes the seller's craft over detection", async () => {
    const { token } = await registerUser();
    const { body } = await post(token, { pattern: bunny, options: { craft: "knitting" } });
    expect(body.data.craft).toBe("knitting");
  });

  it("refuses an empty pattern, a pattern over 50,000 characters and a bad craft with 400", async () => {
    const { token } = await registerUser();
    for (const payload of [{ pattern: "" }, { pattern: "  \n " }, {}]) {
      const { res, body } = await post(token, payload);
      expect(res.status).toBe(400);
      expect(body).toEqual({ success: false, code: "validation-failed", message: OPTIMIZE_EMPTY, field: "pattern" });
    }
    const long = await post(token, { pattern: "x".repeat(50_001) });
    expect(long.res.status).toBe(400);
    expect(long.body.message).toBe("The pattern is too long: paste at most 50,000 characters");
    const craft = await post(token, { pattern: bunny, options: { craft: "weaving" } });
    expect(craft.res.status).toBe(400);
    expect(craft.body.message).toBe("craft must be one of: crochet, knitting, sewing, cross-stitch");
  });

  it("checks a pattern of exactly 50,000 characters", async () => {
    const { token } = await registerUser();
    let text = "Long Blanket\nCh 101.\nRow 1: sc in 2nd ch from hook and in each ch across, turn. (100)\n";
    let n = 2;
    while (text.length < 49_900) text += `Row ${n++}: ch 1, sc in each st across, turn. (100)\n`;
    text = (text + "x".repeat(50_000)).slice(0, 50_000);
    const { res, body } = await post(token, { pattern: text });
    expect(res.status).toBe(200);
    expect(body.data.rowsChecked).toBe(n - 1);
    expect(body.data.issues.filter((i: { id: string }) => i.id === "stitch-count")).toEqual([]);
  });

  it("answers a pathological pattern (deeply nested brackets, a row of spaces) with rows left unchecked, not a 500", async () => {
    const { token } = await registerUser();
    for (const pattern of [`Rnd 1: ${"[".repeat(20_000)}sc${"]".repeat(20_000)} (6)`, `Rnd 1: sc${" ".repeat(45_000)}x (6)`, `Rnd 1: ${"(1, 1 1 1 1 ".repeat(4_000)}`]) {
      const { res, body } = await post(token, { pattern });
      expect(res.status).toBe(200);
      expect(body.data.rowsChecked).toBe(0);
      expect(body.data.issues.filter((i: { id: string }) => i.id === "stitch-count")).toEqual([]);
    }
  });

  it("needs a signed-in user", async () => {
    const { res } = await post(undefined, { pattern: bunny });
    expect(res.status).toBe(401);
  });
});
