#!/usr/bin/env node
// npm run bench: the figures of DESIGN §9, each as a ratio against a baseline measured in the same
// run on the same machine (machines here are noisy), ending with one line per budget.
// It builds, serves the production build locally (loopback only) and writes bench-results/*.json.
import { spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { benchDoctor } from "./lib/doctor-bench.mjs";
import { benchHostileGrowth, MAX_GROWTH } from "./lib/hostile-growth.mjs";
import { percentile, privateBuild, register, root, startServer, startWorkerd } from "./lib/server.mjs";

const L = Number(process.env.BENCH_LLM_LATENCY_MS || 300);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 60);
// BENCH_ONLY=shop runs only the My Shop figures, BENCH_ONLY=photo the photo-edit figures, BENCH_ONLY=hostile issue 23's crafted input,
// BENCH_ONLY=keywords the keyword relevance, BENCH_ONLY=quality the listing quality, BENCH_ONLY=patterns the tech-edit accuracy,
// BENCH_ONLY=doctor the Listing Doctor's pairwise agreement and audit time, BENCH_ONLY=growth how much slower every parser of a seller's
// text reads 50,000 adversarial characters than 5,000 (both alone without a build or a server) (core: the figures of DESIGN §9;
// BENCH_ONLY=ssr, js or lighthouse runs one of them: the /landing TTFB, the /landing JavaScript, Lighthouse on /landing and /login).
const ONLY = (process.env.BENCH_ONLY || "").split(",").filter(Boolean);
const want = (section) => ONLY.length === 0 || ONLY.includes(section);
/** @type {{ date: string, commit: string, node: string, figures: Record<string, unknown>, budgets: { name: string, figure: unknown, limit: unknown, met: boolean }[] }} */
const results = { date: new Date().toISOString(), commit: gitCommit(), node: process.version, figures: {}, budgets: [] };
const log = (...a) => console.log("[bench]", ...a);

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function budget(name, figure, limit, met, unit = "") {
  results.budgets.push({ name, figure, limit, met });
  return { name, figure, limit, met, unit };
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const now = () => process.hrtime.bigint();
const median = (v) => percentile(v, 50);
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A fake OpenAI-compatible LLM on loopback that answers every call after exactly L ms. */
function startFakeLlm(latency) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const text = body.toLowerCase();
      let content = "Handmade Sterling Silver Leaf Necklace, Minimalist Botanical Pendant Gift for Her";
      if (text.includes("tag"))
        content = JSON.stringify([
          "silver leaf necklace",
          "botanical pendant",
          "minimalist jewelry",
          "gift for her",
          "nature necklace",
          "leaf pendant",
          "dainty necklace",
          "silver jewelry",
          "boho necklace",
          "layering necklace",
          "handmade pendant",
          "forest jewelry",
          "mothers day gift",
        ]);
      else if (text.includes("alt")) content = "**Image 1:** Silver leaf necklace on a linen background\n\n**Image 2:** Close-up of the leaf pendant texture";
      else if (text.includes("description"))
        content = "A delicate sterling silver leaf necklace, handmade in our studio.\n\n## Features\n- Sterling silver\n- 45 cm chain\n\n## Why you will love it\nLight enough for every day.";
      setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: "bench", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
      }, latency);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: /** @type {import("node:net").AddressInfo} */ (server.address()).port })));
}

async function timeRequest(url, init) {
  const t0 = now();
  const res = await fetch(url, init);
  const reader = res.body?.getReader();
  if (reader) await reader.read(); // time to first byte of the body
  const ttfb = ms(t0);
  if (reader) while (!(await reader.read()).done);
  return { ttfb, status: res.status };
}

// ---------------------------------------------------------------------------------------------
// Listing Doctor (in process, no build or server): agreement with the hand-judged pairs and the time of a full audit.
const lines = [];
if (want("doctor")) {
  log("Listing Doctor: pairwise agreement and audit time");
  const doctor = await benchDoctor(root, ms);
  results.figures.doctor = doctor;
  lines.push(
    budget(
      "Doctor agreement (tests/fixtures/doctor-pairs: the better listing of a hand-judged pair scores higher)",
      `${doctor.agreed} of ${doctor.pairs} pairs = ${round(doctor.agreement * 100, 1)} %${doctor.misses.length ? `; missed: ${doctor.misses.join(", ")}` : ""}`,
      ">= 90 %",
      doctor.agreement >= 0.9,
    ),
  );
  lines.push(
    budget(
      "Doctor full audit per listing (report with checked fixes, 5,000 rows of the My Shop bench, in process)",
      `${round(doctor.auditCpuPerListingMs, 3)} ms CPU time (${round(doctor.auditPerListingMs, 3)} ms wall on this shared machine); engine bundle ${kb(doctor.bundleGzipBytes)} gzipped (${kb(doctor.bundleBytes)})`,
      "<= 2 ms",
      doctor.auditCpuPerListingMs <= 2,
    ),
  );
}
// Issue 23's growth (in process): how much slower every parser of a seller's text reads 50,000 adversarial
// characters than 5,000 (the component suite only checks that each answers: no timing in `npm test`).
if (want("growth")) {
  log("parsers of a seller's text: 50,000 adversarial characters against 5,000");
  const growth = await benchHostileGrowth(root);
  results.figures.hostileGrowth = growth;
  const top = growth.worst.reduce((a, b) => (b.growth > a.growth ? b : a));
  lines.push(
    budget(
      `Parser growth, 50,000 adversarial characters / 5,000 (${growth.parsers} parsers x ${growth.texts} texts of tests/fixtures/hostile-text.ts, best of 3, small text counted as 10 ms at least; linear about 10 x, quadratic about 100 x)`,
      `worst ${round(top.growth, 1)} x (${top.parser}, ${top.text}: ${round(top.smallMs)} ms -> ${round(top.largeMs)} ms)${growth.over.length ? `; over: ${growth.over.join("; ")}` : ""}`,
      `<= ${MAX_GROWTH} x`,
      growth.over.length === 0,
    ),
  );
}
if (ONLY.length && ONLY.every((s) => s === "doctor" || s === "growth")) {
  mkdirSync(join(root, "bench-results"), { recursive: true });
  writeFileSync(join(root, "bench-results", `latest-${ONLY.join("-")}.json`), JSON.stringify(results, null, 2));
  console.log("\nBudgets:");
  for (const l of lines) console.log(`${l.met ? "MET    " : "NOT MET"}  ${l.name}: ${l.figure}  [budget ${l.limit}]`);
  process.exit(0);
}

// BENCH_NO_BUILD=1 serves the build/ already there (when only the bench itself changed).
log(process.env.BENCH_NO_BUILD ? "serving the existing build/" : "building the production bundle");
const build = process.env.BENCH_NO_BUILD
  ? { status: 0 }
  : spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
if (build.status !== 0) process.exit(build.status ?? 1);

const fake = await startFakeLlm(L);
const server = await startServer({
  port: Number(process.env.BENCH_PORT || 8797),
  stateDir: ".tmp/bench-state",
  quiet: !process.env.BENCH_VERBOSE,
  buildDir: privateBuild("bench"),
  vars: { LLM_PROVIDER: "deepseek", DEEPSEEK_API_KEY: "bench-fake-key", LLM_BASE_URL: `http://127.0.0.1:${fake.port}` },
});
const base = server.url;
try {
  // Warm up the isolate and its caches.
  for (let i = 0; i < 10; i++) {
    await fetch(`${base}/landing`).then((r) => r.text());
    await fetch(`${base}/api/health`).then((r) => r.text());
  }

  const core = want("core");
  if (core) {
    // 1. Listing generation vs the SPEC's sequential client flow, with a fake LLM of fixed latency L.
    log(`listing generation with a fake LLM of ${L} ms per call`);
    const genToken = await register(base, `bench-gen-${Date.now()}@example.com`);
    const auth = { Authorization: `Bearer ${genToken}`, "Content-Type": "application/json" };
    const gen = [];
    for (let i = 0; i < 4; i++) {
      const t0 = now();
      const res = await fetch(`${base}/api/listings/generate`, {
        method: "POST",
        headers: { ...auth, "X-Request-ID": `bench-${Date.now()}-${i}` },
        body: JSON.stringify({
          description: "Handmade sterling silver leaf necklace on a 45 cm chain, a gift for nature lovers",
          keywords: ["silver leaf necklace", "botanical jewelry"],
          platform: "etsy",
        }),
      });
      const text = await res.text();
      if (!res.ok || !text.includes('"done"')) throw new Error(`generate failed: ${res.status} ${text.slice(0, 300)}`);
      gen.push(ms(t0));
    }
    const seqToken = await register(base, `bench-seq-${Date.now()}@example.com`);
    const seqAuth = { Authorization: `Bearer ${seqToken}`, "Content-Type": "application/json" };
    const seq = [];
    for (let i = 0; i < 2; i++) {
      const t0 = now();
      const parts = [];
      for (const [p, part] of ["title", "description", "tags", "alt text"].entries()) {
        if (p > 0) await new Promise((r) => setTimeout(r, 500));
        const res = await fetch(`${base}/api/ai/deepseek`, {
          method: "POST",
          headers: seqAuth,
          body: JSON.stringify({ system: `Write the ${part}.`, prompt: `Write the ${part} for a silver leaf necklace`, featureKey: "create-listing" }),
        });
        if (!res.ok) throw new Error(`ai call failed: ${res.status} ${await res.text()}`);
        parts.push((await res.json()).content);
      }
      await fetch(`${base}/api/increment-quota`, { method: "POST", headers: seqAuth, body: JSON.stringify({ featureKey: "create-listing" }) });
      await fetch(`${base}/api/save-listing`, {
        method: "POST",
        headers: seqAuth,
        body: JSON.stringify({ title: parts[0], description: parts[1], tags: [], altTexts: [], originalPrompt: "silver leaf necklace" }),
      });
      seq.push(ms(t0));
    }
    const genRatio = median(gen) / L;
    results.figures.generation = { latencyMs: L, oneCallMs: round(median(gen)), sequentialFlowMs: round(median(seq)), ratioToL: round(genRatio), sequentialRatioToL: round(median(seq) / L) };
    lines.push(
      budget("listing generation / L", `${round(genRatio)} x L (${round(median(gen))} ms; sequential flow ${round(median(seq))} ms = ${round(median(seq) / L)} x L)`, "<= 1.3 x L", genRatio <= 1.3),
    );
  }
  if (core || want("ssr")) {
    // 2. SSR time to first byte of /landing vs a static asset from the same server.
    log("SSR TTFB of /landing vs a static asset");
    const ssr = [];
    const asset = [];
    for (let i = 0; i < SAMPLES; i++) {
      ssr.push((await timeRequest(`${base}/landing`)).ttfb);
      asset.push((await timeRequest(`${base}/favicon.svg`)).ttfb);
    }
    const ssrRatio = median(ssr) / median(asset);
    results.figures.ssr = { landingP50Ms: round(median(ssr)), staticP50Ms: round(median(asset)), ratio: round(ssrRatio) };
    lines.push(budget("SSR TTFB /landing / static asset (p50)", `${round(ssrRatio)} x (${round(median(ssr))} ms vs ${round(median(asset))} ms)`, "<= 1.5", ssrRatio <= 1.5));
  }
  if (core) {
    // 3. Authenticated /api reads vs the unauthenticated health check.
    log("authenticated /api reads vs /api/health");
    const readToken = await register(base, `bench-read-${Date.now()}@example.com`);
    const health = [];
    const profile = [];
    const quota = [];
    for (let i = 0; i < SAMPLES; i++) {
      health.push((await timeRequest(`${base}/api/health`)).ttfb);
      profile.push((await timeRequest(`${base}/api/profile`, { headers: { Authorization: `Bearer ${readToken}` } })).ttfb);
      quota.push((await timeRequest(`${base}/api/create-listing/quota`, { headers: { Authorization: `Bearer ${readToken}` } })).ttfb);
    }
    const readRatio = Math.max(median(profile), median(quota)) / median(health);
    results.figures.apiRead = { healthP50Ms: round(median(health)), profileP50Ms: round(median(profile)), quotaP50Ms: round(median(quota)), ratio: round(readRatio) };
    lines.push(
      budget(
        "authenticated /api read / /api/health (p50)",
        `${round(readRatio)} x (profile ${round(median(profile))} ms, quota ${round(median(quota))} ms vs health ${round(median(health))} ms)`,
        "<= 1.5",
        readRatio <= 1.5,
      ),
    );
  }
  if (core || want("js")) {
    // 4. JavaScript shipped by /landing vs a bare React Router page built in this run.
    log("gzipped JavaScript of /landing vs a bare React Router page");
    const landingJs = await pageJsGzip(base, await (await fetch(`${base}/landing`)).text());
    const bareJs = buildBareApp();
    const jsRatio = landingJs.bytes / bareJs.bytes;
    results.figures.javascript = { landingGzipBytes: landingJs.bytes, landingFiles: landingJs.files, bareGzipBytes: bareJs.bytes, ratio: round(jsRatio) };
    lines.push(budget("gzipped JS of /landing / bare React Router page", `${round(jsRatio)} x (${kb(landingJs.bytes)} vs ${kb(bareJs.bytes)})`, "<= 1.15", jsRatio <= 1.15));
  }
  if (core) {
    // 5. Quota reserve under 50 concurrent requests: exactly the limit succeeds.
    log("quota reserve under 50 concurrent requests");
    const qToken = await register(base, `bench-quota-${Date.now()}@example.com`);
    const t0q = now();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${base}/api/increment-quota`, {
          method: "POST",
          headers: { Authorization: `Bearer ${qToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({ featureKey: "create-listing" }),
        }).then((r) => r.status),
      ),
    );
    const quotaMs = ms(t0q);
    const t0h = now();
    await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}/api/health`).then((r) => r.text())));
    const healthMs = ms(t0h);
    const granted = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 403).length;
    const used = (await (await fetch(`${base}/api/create-listing/quota`, { headers: { Authorization: `Bearer ${qToken}` } })).json()).used;
    results.figures.quota = {
      granted,
      refused,
      storedUsed: used,
      throughputPerSec: round(50 / (quotaMs / 1000), 1),
      healthThroughputPerSec: round(50 / (healthMs / 1000), 1),
      ratioToHealth: round(quotaMs / healthMs),
    };
    lines.push(
      budget(
        "quota reserve, 50 concurrent, free limit 10",
        `${granted} granted, ${refused} refused, stored ${used}; ${round(50 / (quotaMs / 1000), 1)} req/s (${round(quotaMs / healthMs)} x the time of 50 /api/health)`,
        "exactly 10",
        granted === 10 && refused === 40 && used === 10,
      ),
    );

    // 6. A 12 MP JPEG edited by the embedded editor: time and peak memory of the Worker process.
    log("12 MP JPEG through the local image editor");
    const edit = await benchImageEdit(base, server.pid);
    results.figures.image12mp = edit;
    lines.push(
      budget(
        "12 MP JPEG edit: peak memory growth of the Worker",
        edit.error ? `failed: ${edit.error}` : `${edit.peakGrowthMb} MB growth (peak RSS ${edit.peakRssMb} MB, idle ${edit.baseRssMb} MB); ${edit.ms} ms vs ${edit.smallMs} ms for a 0.5 MP photo`,
        "< 128 MB",
        !edit.error && edit.peakGrowthMb < 128,
      ),
    );
  }
  if (core || want("lighthouse")) {
    // 7. Lighthouse (mobile) on /landing and /login.
    log("Lighthouse mobile on /landing and /login");
    const lighthouse = await runLighthouse(base, ["/landing", "/login"]);
    results.figures.lighthouse = lighthouse;
    for (const [path, s] of Object.entries(lighthouse)) {
      lines.push(budget(`Lighthouse mobile ${path}`, s.error ? `failed: ${s.error}` : lighthouseLine(s), ">= 98 each", !s.error && s.performance >= 98 && s.accessibility >= 98));
    }
  }

  // 9. Listing quality (issue 24): the writers on the 63-product corpus, before (kept in the corpus) and now.
  // A signed-in /listings with 50 listings: the time until the page's HTML, read whole, holds every
  // listing card, against /api/health in the same run (decision 0041: the loader reads them at the edge).
  if (want("listings-html")) {
    log("signed-in /listings with 50 listings: first HTML containing them vs /api/health");
    const lh = await once(() => benchListingsHtml(base));
    results.figures.listingsHtml = lh;
    if (lh.error) lines.push(budget("signed-in /listings with 50 listings: first HTML containing them / /api/health (p50)", `failed: ${lh.error}`, "<= 2", false));
    else
      lines.push(
        budget(
          "signed-in /listings with 50 listings: first HTML containing them / /api/health (p50)",
          lh.cardsInHtml === 50
            ? `${round(lh.ratio)} x (${round(lh.pageP50Ms)} ms, ${lh.cardsInHtml} of 50 cards in ${kb(lh.htmlBytes)} of HTML, vs health ${round(lh.healthP50Ms)} ms); of which GET /api/listings of the 50 ${round(lh.apiListP50Ms)} ms = ${round(lh.apiRatio)} x, the page of a seller with no listings ${round(lh.emptyPageP50Ms)} ms = ${round(lh.emptyRatio)} x, /login (no session, no D1) ${round(lh.loginP50Ms)} ms = ${round(lh.loginRatio)} x; ${workerdLine(lh.workerd)}`
            : `not in the first HTML (${lh.cardsInHtml} of 50 cards); HTML + the browser's GET /api/listings ${round(lh.pageP50Ms)} ms = ${round(lh.ratio)} x health ${round(lh.healthP50Ms)} ms, before JavaScript download and hydration`,
          "<= 2",
          lh.cardsInHtml === 50 && lh.ratio <= 2,
        ),
      );
  }

  if (want("quality")) {
    log("Listing quality: facts kept, unsupported claims, English words in Turkish listings");
    const quality = await benchListingQuality();
    results.figures.listingQuality = quality;
    if (quality.error || !quality.now || !quality.before) lines.push(budget("Listing quality", `failed: ${quality.error}`, "100 % kept, 0 claims, 0 English words", false));
    else
      for (const [name, label] of [
        ["offlineComposer", "offline composer"],
        ["enforcerOnFakeModel", "enforcer on a careless model"],
        ["bulkOptimize", "bulk-optimize proposals"],
        ["doctorFixes", "the Doctor's one-click fixes on the composer's listing"],
        ["wizardStep3", "the wizard's step 3 on the 12 accuracy patterns"],
      ]) {
        const now = quality.now[name];
        const was = quality.before[name];
        if (!now) continue;
        const show = (f) =>
          `${f.keptShare} % of ${f.facts} facts kept, ${f.unsupportedClaims} unsupported claims in ${f.listingsWithClaims} listings, ${f.englishWordsInTurkish} English words in Turkish, title facts ${f.titleFactsKept}/${f.titleFacts}`;
        lines.push(
          budget(
            `Listing quality, ${label} (${now.products} products)`,
            `now ${show(now)}${was ? `; before (${was.measuredAt ?? quality.beforeCommit}) ${show(was)}` : ""}`,
            "100 % kept, 0 claims, 0 English words",
            now.keptShare === 100 && now.unsupportedClaims === 0 && now.englishWordsInTurkish === 0,
          ),
        );
        // Decision 0039: audiences, occasions and uses the seller never named, fragment tags, condition words in titles.
        const wasPhrases = quality.beforePhrases?.[name];
        const showPhrases = (f) =>
          `${f.inventedPhrases} of the corpus's forbidden inventions in ${f.listingsWithInventions} listings, ${f.unsupportedPhrases} unsupported audience/occasion/use phrases, ${f.fragmentTags} fragment tags, ${f.conditionWordsInTitles} condition words in titles`;
        lines.push(
          budget(
            `Listing phrases, ${label} (${now.products} products)`,
            `now ${showPhrases(now)}${wasPhrases ? `; before (${quality.beforePhrasesCommit}) ${showPhrases(wasPhrases)}` : ""}`,
            "0 of each",
            now.inventedPhrases === 0 && now.unsupportedPhrases === 0 && now.fragmentTags === 0 && now.conditionWordsInTitles === 0,
          ),
        );
        // Amazon bullets a seller would delete, and eBay's brand, model, era and pattern in the item specifics.
        const wasParts = quality.beforeParts?.[name];
        // Decision 0063 added Material and Country/Region of Manufacture to the specifics counted, and the materials read.
        const showParts = (f) =>
          `${f.fillerBullets} filler Amazon bullets, eBay item specifics carry ${f.specificsKept} of ${f.specificsFacts} brand/model/era/pattern${f.materialsExpected === undefined ? "" : "/material/country"} facts` +
          (f.materialsExpected ? `, the fact sheet reads ${f.materialsRead} of ${f.materialsExpected} materials (${f.materialsMisread} misread)` : "");
        // Decision 0063's figures before its fixes, on the same 118 products.
        const wasFits = quality.beforeFits?.[name];
        if (wasFits)
          lines.push(
            budget(
              `Listing facts of decision 0063, ${label} (${now.products} products)`,
              `title facts ${wasFits.titleFactsKept}/${wasFits.titleFacts} -> ${now.titleFactsKept}/${now.titleFacts}, eBay item specifics ${wasFits.specificsKept}/${wasFits.specificsFacts} -> ${now.specificsKept}/${now.specificsFacts}, materials read ${wasFits.materialsRead}/${wasFits.materialsExpected} (${wasFits.materialsMisread} misread) -> ${now.materialsRead}/${now.materialsExpected} (${now.materialsMisread} misread), facts kept ${wasFits.factsKept}/${wasFits.facts} -> ${now.factsKept}/${now.facts} (before at ${quality.beforeFitsCommit})`,
              "every title fact, specific and material",
              now.titleFactsKept === now.titleFacts && now.specificsKept === now.specificsFacts && now.materialsRead === now.materialsExpected && now.materialsMisread === 0,
            ),
          );
        // Decision 0066's figures before its fixes, on the same 132 products.
        const wasPlaces = quality.beforePlaces?.[name];
        if (wasPlaces) {
          const showPlaces = (f) =>
            `${f.sizeMisread} of ${f.notSizes} part/fitted measures written as the item's size, ${f.careMisread} non-care words on a Care line, ${f.emptySearchTerms} empty Amazon search terms, title facts ${f.titleFactsKept}/${f.titleFacts}, eBay item specifics ${f.specificsKept}/${f.specificsFacts}, ${f.unsupportedClaims} unsupported claims, facts kept ${f.factsKept}/${f.facts}`;
          lines.push(
            budget(
              `Listing facts of decision 0066, ${label} (${now.products} products)`,
              `before (${quality.beforePlaces.measuredAt}) ${showPlaces(wasPlaces)} -> now ${showPlaces(now)}`,
              "0 sizes misread, 0 care misread, 0 empty search terms",
              now.sizeMisread === 0 && now.careMisread === 0 && now.emptySearchTerms === 0,
            ),
          );
        }
        // Decision 0069's figures before its fixes, on the same 163 products.
        const wasMisreads = quality.beforeMisreads?.[name];
        if (wasMisreads) {
          const showMisreads = (f) =>
            `brands read right ${f.brandsRight}/${f.brandsExpected}, patterns read ${f.designsRead}/${f.designsExpected}, ${f.colourMisread} pattern words read as a colour, ${f.fitsMisread} names read as a fit, nouns read right ${f.nounsRight}/${f.nounsExpected}, ${f.tagsPerEtsyListing} tags per Etsy listing (${f.etsyListings} listings), ${f.inventedPhrases} forbidden inventions, ${f.emptySearchTerms} empty Amazon search terms`;
          lines.push(
            budget(
              `Listing facts of decision 0069, ${label} (${now.products} products)`,
              `before (${quality.beforeMisreads.measuredAt}) ${showMisreads(wasMisreads)} -> now ${showMisreads(now)}`,
              "every brand, pattern and noun read; 0 colours or fits misread; more tags per Etsy listing",
              now.brandsRight === now.brandsExpected &&
                now.designsRead === now.designsExpected &&
                now.nounsRight === now.nounsExpected &&
                now.colourMisread === 0 &&
                now.fitsMisread === 0 &&
                now.tagsPerEtsyListing > wasMisreads.tagsPerEtsyListing,
            ),
          );
        }
        // Bulk optimize and the wizard write Etsy listings: no bullets, no item specifics.
        if (now.specificsFacts)
          lines.push(
            budget(
              `Listing parts, ${label} (${now.products} products)`,
              `now ${showParts(now)}${wasParts ? `; before (${quality.beforePartsCommit}) ${showParts(wasParts)}` : ""}`,
              "0 filler bullets",
              now.fillerBullets === 0,
            ),
          );
      }
  }

  // 8. My Shop: importing Etsy's listings CSV of 5,000 rows, and the Listing Doctor's time per listing.
  if (want("shop")) {
    log("My Shop: import of 5,000 rows, audit time per listing");
    const shop = await benchShop(base, server.pid);
    results.figures.shop = shop;
    if (shop.error) lines.push(budget("My Shop import of 5,000 rows", `failed: ${shop.error}`, "<= 60 s", false));
    else {
      lines.push(
        budget(
          "My Shop import of 5,000 rows (POST /api/shop/import) / one POST /api/save-listing per row",
          `${round(shop.importMs / 1000, 1)} s = ${round(shop.importPerRowMs)} ms a row = ${round(shop.perRowRatioToSave)} x one save (${round(shop.saveP50Ms)} ms); re-import unchanged ${round(shop.reimportMs / 1000, 1)} s`,
          "<= 60 s and <= 0.5 x a save per row",
          shop.importMs <= 60_000 && shop.perRowRatioToSave <= 0.5,
        ),
      );
      lines.push(
        budget(
          "Listing Doctor audit per listing (in process, 5,000 imported rows)",
          `full report with checked fixes ${round(shop.auditCpuPerListingMs, 3)} ms CPU time (${round(shop.auditPerListingMs, 3)} ms wall on this shared machine); the score and finding ids the import caches ${round(shop.scorePerListingMs, 3)} ms = ${round(shop.auditShareOfImport * 100, 1)} % of the import's time a row`,
          "<= 2 ms",
          shop.auditCpuPerListingMs <= 2,
        ),
      );
      lines.push(
        budget(
          "My Shop reads with 5,000 listings / /api/health (p50)",
          `summary ${round(shop.summaryP50Ms)} ms = ${round(shop.summaryRatio)} x, a page of the list ${round(shop.listP50Ms)} ms = ${round(shop.listRatio)} x (health ${round(shop.healthP50Ms)} ms)`,
          "<= 20 x each",
          shop.summaryRatio <= 20 && shop.listRatio <= 20,
        ),
      );
      lines.push(
        budget(
          `My Shop import of a ${round(shop.bigFileMb, 1)} MB file: peak memory growth of the Worker`,
          shop.bigError
            ? `failed: ${shop.bigError}`
            : `${shop.bigPeakGrowthMb} MB growth (peak RSS ${shop.bigPeakRssMb} MB, idle ${shop.bigBaseRssMb} MB) for ${shop.bigRows} rows in ${round(shop.bigMs / 1000, 1)} s`,
          "< 128 MB",
          !shop.bigError && shop.bigPeakGrowthMb < 128,
        ),
      );
    }
  }

  // 9. Photo edits (decision 0032): the share of the backdrop each edit changed, on plain and busy
  // photos, by the local editor and through a cut-out provider (an exact fake), against the truth.
  if (want("photo")) {
    log("photo edits: share of the backdrop changed, plain and busy, with and without a cut-out provider");
    const photo = benchBackdropShare();
    results.figures.photoBackdrop = photo;
    if (photo.error) lines.push(budget("share of backdrop changed (remove the background)", `failed: ${photo.error}`, "status matches the picture", false));
    else {
      const pct = (x) => `${round(x * 100, 1)} %`;
      const row = (backdrop, editor) => photo.rows.filter((r) => r.backdrop === backdrop && r.editor.startsWith(editor));
      const said = (rows) => rows.map((r) => `${pct(r.measured)} (${r.status})`).join(", ");
      const honest = photo.rows.every((r) => (r.status === "done") === r.truth >= 0.95);
      lines.push(
        budget(
          "share of backdrop changed by 'remove the background' (measured by the edit; done at >= 95 %)",
          `plain: local ${said(row("plain", "local"))}, cut-out ${said(row("plain", "cut-out"))}; busy: local ${said(row("busy", "local"))}, cut-out ${said(row("busy", "cut-out"))}`,
          "every 'done' is >= 95 % of the true backdrop, every 'not-done' below",
          honest,
        ),
      );
      // Model editors (OpenAI, Workers AI) through a fake model: backdrop share on the original's mask and
      // the share of the product the model changed (done at <= 10 %, decision 0040).
      if (!photo.model) lines.push(budget("model edits measured (fake model)", "failed: no figures", "status matches the picture", false));
      else {
        const answers = ["good", "unchanged", "redrawn", "half"];
        const cell = (r) => `${r.backdrop === null ? "-" : pct(r.backdrop)} backdrop, ${r.productChanged === null ? "product not comparable" : `${pct(r.productChanged)} of product changed`}`;
        for (const answer of answers) {
          const rows = photo.model.filter((r) => r.answer === answer);
          const right = rows.every(
            (r) => (r.status.background === "done") === r.truth >= 0.95 && (answer !== "redrawn" || r.status.product === "not-done") && (answer !== "good" || r.status.product === "done"),
          );
          lines.push(
            budget(
              `model edit, fake '${answer}' answer to 'make the background pure white' (beanie, vase, busy mug)`,
              rows.map((r) => `${r.photo.split(" ")[1]}: ${cell(r)} (${r.status.product === "not-done" ? "product changed" : r.status.background})`).join("; "),
              answer === "good" ? "done: >= 95 % backdrop, <= 10 % product" : answer === "redrawn" ? "not done: product changed > 10 %" : "background not done (< 95 %)",
              right,
            ),
          );
        }
      }
    }
  }

  // 10. Hostile input (issue 23, decision 0028): crafted text answers at once, and heavy text for one user
  // does not stall another's /api/health.
  if (want("hostile")) {
    log("hostile input: crafted text, and /api/health while 10 requests of 50,000 characters run");
    const h = await benchHostile(base);
    results.figures.hostile = h;
    lines.push(
      budget(
        'Hostile input, one request each (issue 23 before: tech edit "1" x 50,000 27.2 s, 50,000 characters of rows 9.1 s, audit of 20,000 digits 2.5 s, CSV row of 40,000 digits 10.7 s)',
        `tech edit "1" x 50,000 ${round(h.techDigits.ms)} ms (${h.techDigits.status}); 50,000 characters of "Row {i}: sc across (20)" ${round(h.techRows.ms)} ms (${h.techRows.status}); of "(sc, [inc, " ${round(h.techBrackets.ms)} ms (${h.techBrackets.status}); audit of 20,000 digits ${round(h.auditDigits.ms)} ms (${h.auditDigits.status}); audit of 20,000 characters of "1x" ${round(h.auditChain.ms)} ms (${h.auditChain.status}); CSV with a 40,000-digit row ${round(h.csvDigits.ms)} ms (${h.csvDigits.status}, ${h.csvDigits.imported} imported, ${h.csvDigits.errors} refused); health p50 ${round(h.healthIdleP50Ms)} ms`,
        "<= 1 s each",
        [h.techDigits, h.techRows, h.techBrackets, h.auditDigits, h.auditChain, h.csvDigits].every((x) => x.ms <= 1_000),
      ),
    );
    lines.push(
      budget(
        "Another user's /api/health while 10 concurrent 50,000-character adversarial requests run (issue 23 before: 16.8 s)",
        `max ${round(h.healthMaxMs)} ms, p50 ${round(h.healthP50Ms)} ms over ${h.healthSamples} calls = ${round(h.healthMaxMs / Math.max(h.healthIdleP50Ms, 0.1))} x idle p50; the 10 requests took ${round(h.attackMs)} ms (statuses ${h.attackStatuses.join(" ")})`,
        "< 500 ms",
        h.healthMaxMs < 500,
      ),
    );
  }

  if (want("keywords")) {
    // Keyword relevance (issue #26): share of offline ideas that name the product and fit its kind, and ideas
    // that change its form, over 67 products; "before" is the engine of the commit before #26, measured now.
    log("keyword relevance: offline ideas of 67 products, this checkout and the engine before #26");
    const { keywordRelevance } = await import("./lib/keyword-relevance.mjs");
    const kw = await keywordRelevance();
    results.figures.keywordRelevance = kw;
    const pct = (x) => `${round(x * 100, 1)} %`;
    const before = kw.before.error === undefined ? `before (${kw.beforeCommit}): ${pct(kw.before.share)}, ${kw.before.formChanges} form changes` : `before: not measured (${kw.before.error})`;
    lines.push(
      budget(
        "Keyword relevance: offline ideas that name the product and fit its kind / ideas that change its form",
        `${pct(kw.after.share)} of ${kw.after.ideas} ideas, ${kw.after.formChanges} form changes; ${before}`,
        ">= 95 % and 0",
        kw.after.share >= 0.95 && kw.after.formChanges === 0,
      ),
    );
  }

  // 11. Tech edit accuracy on the issue-27 patterns (answer key written before tuning), per language and craft.
  if (want("patterns")) {
    log("Tech edit accuracy on tests/fixtures/patterns/accuracy/");
    const { loadTechEdit, measure, describe } = await import("./lib/tech-edit-accuracy.mjs");
    const checker = await loadTechEdit();
    /** @type {Record<string, unknown>} */
    const accuracy = {};
    results.figures.techEditAccuracy = accuracy;
    for (const set of ["accuracy", "held-out"]) {
      const groups = measure(checker, set);
      accuracy[set] = groups;
      for (const [name, g] of Object.entries(groups)) {
        const met = g.foundInSize === g.wrong && g.falseAlarms === 0 && g.checked / g.rows >= 0.85;
        lines.push(budget(`Tech edit accuracy, ${set} (${name})`, describe(g), "every wrong row found in its size, 0 false alarms, >= 85 % rows checked", met));
      }
    }
  }
} finally {
  await server.stop();
  fake.server.close();
}

mkdirSync(join(root, "bench-results"), { recursive: true });
const file = join(root, "bench-results", `bench-${results.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
writeFileSync(join(root, "bench-results", "latest.json"), JSON.stringify(results, null, 2));
console.log("\nBudgets (DESIGN §9):");
for (const l of lines) console.log(`${l.met ? "MET    " : "NOT MET"}  ${l.name}: ${l.figure}  [budget ${l.limit}]`);
console.log(`\nresults written to ${file.replace(root + "/", "")}`);

// ---------------------------------------------------------------------------------------------
/**
 * The backdrop-share figures of tests/worker/image-outcome.test.ts, run inside workerd (the editor's
 * codecs are WebAssembly modules bound there) and read from the line the test prints.
 */
function benchBackdropShare() {
  const r = spawnSync(
    "npx",
    ["vitest", "run", "--project", "worker", "tests/worker/image-outcome.test.ts", "tests/worker/model-outcome.test.ts", "-t", "share of backdrop changed|tells a faithful edit"],
    { cwd: root, encoding: "utf8" },
  );
  const lines = `${r.stdout}`.split("\n");
  const figure = (name) => {
    const line = lines.find((l) => l.includes(`"figure":"${name}"`));
    return line ? JSON.parse(line.slice(line.indexOf("{"))).rows : null;
  };
  const rows = figure("backdrop share changed");
  if (!rows) return { error: `no figures (exit ${r.status}): ${`${r.stderr}`.slice(-300)}` };
  // The model editors' answers through a fake (decision 0040): good, unchanged, redrawn, half-done.
  return { rows, model: figure("model edits measured") };
}

/** Puts a bench user on a plan, as `npm run user:plan` does, in the served state folder. */
function setPlan(email, plan, stateDir) {
  const r = spawnSync(process.execPath, [join(root, "scripts/user-plan.mjs"), email, plan], { cwd: root, env: { ...process.env, LISTORA_STATE_DIR: stateDir }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`user:plan failed: ${r.stderr || r.stdout}`);
}

/** `wrangler d1 execute` on the served state makes the local server restart its Worker: wait until it answers again. */
async function settle(origin) {
  await new Promise((r) => setTimeout(r, 4000));
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs a request again once when the kept-alive connection it went out on had been closed by the server
 * while idle (undici reuses it: "other side closed", EPIPE). The bench pauses for seconds between steps.
 */
async function once(call) {
  try {
    return await call();
  } catch (error) {
    const code = error.cause?.code;
    if (!["UND_ERR_SOCKET", "EPIPE", "ECONNRESET"].includes(code) && !/other side closed/.test(String(error.cause?.message))) throw error;
    return call();
  }
}

/** Issue 23's crafted requests, one at a time, then ten at once while another user polls /api/health. */
async function benchHostile(origin) {
  const token = await register(origin, `bench-hostile-${Date.now()}@example.com`);
  const fill = (n, unit) => {
    let s = "";
    for (let i = 1; s.length < n; i++) s += typeof unit === "string" ? unit : unit(i);
    return s.slice(0, n);
  };
  const rows = fill(50_000, (i) => `Row ${i}: sc across (20)\n`);
  const post = async (path, body, headers = { "Content-Type": "application/json" }, who = token) => {
    const t0 = now();
    const res = await fetch(`${origin}/api${path}`, { method: "POST", headers: { Authorization: `Bearer ${who}`, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
    const text = await res.text();
    return { ms: ms(t0), status: res.status, text };
  };
  const health = async () => {
    const t0 = now();
    await fetch(`${origin}/api/health`).then((r) => r.text());
    return ms(t0);
  };
  const idle = [];
  for (let i = 0; i < 20; i++) idle.push(await health());
  const one = async (path, body, headers) => {
    const r = await post(path, body, headers);
    return { ms: round(r.ms), status: r.status };
  };
  const techDigits = await one("/workflow/tech-edit", { pattern: "1".repeat(50_000) });
  const techRows = await one("/workflow/tech-edit", { pattern: rows });
  const techBrackets = await one("/workflow/tech-edit", { pattern: fill(50_000, "(sc, [inc, ") });
  const auditDigits = await one("/listings/audit", { platform: "etsy", title: "Silver ring", description: "1".repeat(20_000) });
  const auditChain = await one("/listings/audit", { platform: "etsy", title: "Silver ring", description: fill(20_000, "1x") });
  const header = "TITLE,DESCRIPTION,PRICE,CURRENCY_CODE,QUANTITY,TAGS,MATERIALS,SKU";
  const csv = [header, "Silver ring,A silver ring.,12.00,USD,1,,,H1", `Digits,${"9".repeat(40_000)},12.00,USD,1,,,H2`, "Wool hat,A wool hat.,12.00,USD,1,,,H3"].join("\n");
  const imported = await post("/shop/import", csv, { "Content-Type": "text/csv" });
  const importBody = JSON.parse(imported.text);
  const csvDigits = { ms: round(imported.ms), status: imported.status, imported: importBody.data?.imported ?? 0, errors: importBody.data?.errors?.length ?? 0 };

  // Ten at once, each 50,000 characters a seller could paste (so none is refused early), from ten users.
  const attackers = [];
  for (let i = 0; i < 10; i++) attackers.push(await register(origin, `bench-attack-${Date.now()}-${i}@example.com`));
  const bodies = [
    ["/workflow/tech-edit", { pattern: rows }],
    ["/workflow/tech-edit", { pattern: fill(50_000, "(sc, [inc, ") }],
    ["/workflow/tech-edit", { pattern: fill(50_000, "2 sc, ") }],
    ["/workflow/tech-edit", { pattern: fill(50_000, (i) => `Rows ${i}-${i + 498}: (sc, inc) x 5 (20)\n`) }],
    ["/listings/audit", { platform: "etsy", title: "Silver ring", description: fill(20_000, "1x") }],
    ["/listings/audit", { platform: "etsy", title: "Silver ring", description: fill(20_000, "**a <a [a]( ") }],
    ["/listings/audit", { platform: "etsy", title: "Silver ring", description: `a${" ".repeat(19_998)}b` }],
    ["/workflow/tech-edit", { pattern: fill(50_000, "1.") }],
    ["/workflow/tech-edit", { pattern: fill(50_000, " \t\n") }],
    ["/listings/audit", { platform: "etsy", title: "Silver ring", description: fill(20_000, "1 ") }],
  ];
  let running = true;
  const samples = [];
  const poll = (async () => {
    while (running) {
      samples.push(await health());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  const t0 = now();
  const attack = await Promise.all(bodies.map(([path, body], i) => post(path, body, { "Content-Type": "application/json" }, attackers[i])));
  const attackMs = ms(t0);
  running = false;
  await poll;
  return {
    techDigits,
    techRows,
    techBrackets,
    auditDigits,
    auditChain,
    csvDigits,
    healthIdleP50Ms: round(median(idle)),
    healthSamples: samples.length,
    healthMaxMs: round(Math.max(...samples)),
    healthP50Ms: round(median(samples)),
    attackMs: round(attackMs),
    attackStatuses: attack.map((a) => a.status),
  };
}

/**
 * @param {string} origin
 * @param {number | undefined} pgid
 * @returns {Promise<Record<string, any>>} the figures, or `error`
 */
async function benchShop(origin, pgid) {
  const { generatedCsv, generatedRow } = await import("./lib/shop-csv.mjs");
  let stage = "register";
  try {
    const email = `bench-shop-${Date.now()}@example.com`;
    const token = await once(() => register(origin, email));
    stage = "plan";
    setPlan(email, "premium", ".tmp/bench-state");
    await settle(origin);
    stage = "baseline saves";
    const auth = { Authorization: `Bearer ${token}` };
    // Baseline: one listing saved through POST /api/save-listing, the way a listing enters one at a time.
    const saves = [];
    for (let i = 0; i < 15; i++) {
      const t0 = now();
      const res = await once(() =>
        fetch(`${origin}/api/save-listing`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({
            title: `Sterling Silver Leaf Necklace ${i}, Botanical Pendant`,
            description: "A dainty sterling silver leaf necklace, handmade.\n\nSize: 18 mm.",
            tags: ["silver leaf necklace", "botanical pendant"],
            altTexts: [],
          }),
        }),
      );
      if (res.status !== 201) throw new Error(`save-listing ${res.status}: ${await res.text()}`);
      saves.push(ms(t0));
    }
    stage = "import";
    const csv = generatedCsv(5_000);
    const upload = (text) => {
      const form = new FormData();
      form.set("file", new Blob([text], { type: "text/csv" }), "EtsyListingsDownload.csv");
      return once(() => fetch(`${origin}/api/shop/import`, { method: "POST", headers: auth, body: form }));
    };
    const answer = async (res, step) => {
      const text = await res.text();
      try {
        return JSON.parse(text);
      } catch {
        throw new Error(`${step}: ${res.status} ${text.slice(0, 200)}`);
      }
    };
    let t0 = now();
    let res = await upload(csv).catch((error) => {
      throw new Error(`import: ${error.message}`, { cause: error.cause });
    });
    const first = await answer(res, "import");
    const importMs = ms(t0);
    if (!res.ok || first.data?.imported !== 5_000) throw new Error(`import ${res.status}: ${JSON.stringify(first).slice(0, 300)}`);
    stage = "re-import";
    t0 = now();
    res = await upload(csv);
    const second = await answer(res, "re-import");
    const reimportMs = ms(t0);
    if (!res.ok || second.data?.unchanged !== 5_000) throw new Error(`re-import ${res.status}: ${JSON.stringify(second).slice(0, 300)}`);

    stage = "reads";
    const health = [];
    const summary = [];
    const list = [];
    for (let i = 0; i < 15; i++) {
      health.push((await timeRequest(`${origin}/api/health`)).ttfb);
      summary.push((await timeRequest(`${origin}/api/shop/summary`, { headers: auth })).ttfb);
      list.push((await timeRequest(`${origin}/api/shop/listings?sort=score&order=asc&page=${1 + (i % 5)}`, { headers: auth })).ttfb);
    }

    stage = "audit in process";
    // The audit engine in this process, over the same 5,000 rows as the import stored them.
    const bundle = join(root, ".tmp/bench-audit.mjs");
    execFileSync(join(root, "node_modules/.bin/esbuild"), ["shared/audit/engine.ts", "--bundle", "--format=esm", "--platform=node", `--outfile=${bundle}`, "--log-level=error"], { cwd: root });
    const { auditListing, auditSummary } = await import(bundle);
    const inputs = Array.from({ length: 5_000 }, (_, i) => {
      const f = generatedRow(i);
      return { platform: "etsy", title: f[0], description: f[1].replace(/&amp;/g, "&").replace(/&#39;/g, "'"), tags: f[5].split(","), altTexts: [], photoCount: f.slice(7, 17).filter(Boolean).length };
    });
    for (const input of inputs.slice(0, 300)) auditListing(input); // warm up
    // Best of three rounds, CPU time of this process as the Doctor section measures it: the Worker may still be
    // busy with the import, and the machine is shared, so wall time includes waiting for a core.
    let auditPerListingMs = Infinity;
    let auditCpuPerListingMs = Infinity;
    for (let round = 0; round < 3; round++) {
      const c0 = process.cpuUsage();
      const w0 = now();
      for (const input of inputs) auditListing(input);
      auditPerListingMs = Math.min(auditPerListingMs, ms(w0) / inputs.length);
      const c = process.cpuUsage(c0);
      auditCpuPerListingMs = Math.min(auditCpuPerListingMs, (c.user + c.system) / 1000 / inputs.length);
    }
    const a0 = now();
    for (const input of inputs) auditSummary(input);
    const scorePerListingMs = ms(a0) / inputs.length;

    // A file near the 20 MB limit: how much the Worker's memory grows while it is streamed in and written.
    stage = "large file";
    const bigRows = 3_600;
    const big = generatedCsv(bigRows, 4_700);
    const bigEmail = `bench-shop-big-${Date.now()}@example.com`;
    const bigToken = await once(() => register(origin, bigEmail));
    setPlan(bigEmail, "premium", ".tmp/bench-state");
    await settle(origin);
    const pids = workerdPids(pgid);
    const baseRss = Math.max(0, ...pids.map((p) => rssMb(p, "VmRSS")));
    for (const p of pids) {
      try {
        writeFileSync(`/proc/${p}/clear_refs`, "5");
      } catch {
        /* not permitted: the peak then covers the whole run */
      }
    }
    const form = new FormData();
    form.set("file", new Blob([big], { type: "text/csv" }), "EtsyListingsDownload.csv");
    t0 = now();
    res = await once(() => fetch(`${origin}/api/shop/import`, { method: "POST", headers: { Authorization: `Bearer ${bigToken}` }, body: form }));
    const bigAnswer = await answer(res, "import of the large file");
    const bigMs = ms(t0);
    const peak = Math.max(0, ...pids.map((p) => rssMb(p, "VmHWM")));
    const bigError = res.ok && bigAnswer.data?.imported === bigRows ? undefined : `${res.status}: ${JSON.stringify(bigAnswer).slice(0, 200)}`;

    const importPerRowMs = importMs / 5_000;
    return {
      rows: 5_000,
      fileBytes: Buffer.byteLength(csv),
      importMs: round(importMs),
      importPerRowMs: round(importPerRowMs, 3),
      reimportMs: round(reimportMs),
      saveP50Ms: round(median(saves)),
      perRowRatioToSave: round(importPerRowMs / median(saves), 3),
      healthP50Ms: round(median(health)),
      summaryP50Ms: round(median(summary)),
      listP50Ms: round(median(list)),
      summaryRatio: round(median(summary) / median(health)),
      listRatio: round(median(list) / median(health)),
      auditPerListingMs: round(auditPerListingMs, 4),
      auditCpuPerListingMs: round(auditCpuPerListingMs, 4),
      scorePerListingMs: round(scorePerListingMs, 4),
      auditShareOfImport: round(scorePerListingMs / importPerRowMs, 4),
      bigFileMb: round(Buffer.byteLength(big) / (1024 * 1024), 2),
      bigRows,
      bigMs: round(bigMs),
      bigBaseRssMb: baseRss,
      bigPeakRssMb: peak,
      bigPeakGrowthMb: round(peak - baseRss, 1),
      bigError,
    };
  } catch (error) {
    return { error: `${stage}: ${error.message || error}${error.cause ? ` (${error.cause.message || error.cause})` : ""}` };
  }
}

/** The writers of issue 24 on the listing-quality corpus, in this process (no server needed). */
async function benchListingQuality() {
  try {
    const bundle = join(root, ".tmp/bench-listing-quality.mjs");
    execFileSync(join(root, "node_modules/.bin/esbuild"), ["tests/fixtures/listing-corpus/run.ts", "--bundle", "--format=esm", "--platform=node", `--outfile=${bundle}`, "--log-level=error"], {
      cwd: root,
    });
    const { measureWriters } = await import(bundle);
    const t0 = now();
    const figures = await measureWriters();
    const strip = (f) => Object.fromEntries(Object.entries(f).filter(([k]) => k !== "items"));
    const before = JSON.parse(readFileSync(join(root, "tests/fixtures/listing-corpus/before.json"), "utf8"));
    return {
      ms: round(ms(t0)),
      now: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, strip(v)])),
      before: {
        offlineComposer: before.offlineComposer,
        enforcerOnFakeModel: before.enforcerOnFakeModel,
        bulkOptimize: before.bulkOptimize,
        doctorFixes: before.writers?.doctorFixes && { ...before.writers.doctorFixes, measuredAt: before.writers.measuredAt },
        wizardStep3: before.writers?.wizardStep3 && { ...before.writers.wizardStep3, measuredAt: before.writers.measuredAt },
      },
      beforeCommit: before.measuredAt,
      beforePhrases: before.phrases,
      beforePhrasesCommit: before.phrases?.measuredAt,
      beforeParts: before.parts,
      beforeFits: before.fits,
      beforeFitsCommit: before.fits?.measuredAt,
      beforePartsCommit: before.parts?.measuredAt,
      beforePlaces: before.places,
      beforeMisreads: before.misreads,
    };
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

function kb(bytes) {
  return `${round(bytes / 1024, 1)} KB`;
}

/** Sums the gzipped size of every script a page loads at start (module scripts and modulepreloads). */
async function pageJsGzip(origin, html, readFile) {
  const srcs = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) srcs.add(m[1]);
  // The entry screens add their preloads after the first paint, from the list their script is called with (decision 0061).
  for (const m of html.matchAll(/<script[^>]*data-module-preloads[^>]*>([\s\S]*?)<\/script>/g)) for (const src of JSON.parse(/\)\((\[[^\]]*\])/.exec(m[1])?.[1] ?? "[]")) srcs.add(src);
  let bytes = 0;
  for (const src of srcs) {
    const body = readFile ? readFile(src) : Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).byteLength;
  }
  return { bytes, files: srcs.size };
}

/** Builds a bare React Router app (one page, the same React and React Router) and measures its JS. */
function buildBareApp() {
  const dir = join(root, ".tmp/bare-react-router");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "app/routes"), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bare", private: true, type: "module" }));
  writeFileSync(join(dir, "react-router.config.ts"), "export default { ssr: false };\n");
  writeFileSync(
    join(dir, "vite.config.ts"),
    'import { reactRouter } from "@react-router/dev/vite";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [reactRouter()] });\n',
  );
  writeFileSync(join(dir, "app/routes.ts"), 'import { index } from "@react-router/dev/routes";\nexport default [index("routes/home.tsx")];\n');
  writeFileSync(join(dir, "app/routes/home.tsx"), "export default function Home() { return <h1>Hello</h1>; }\n");
  // Prerendering index.html needs a server entry; the same web-streams renderer as the app's.
  writeFileSync(
    join(dir, "app/entry.server.tsx"),
    'import { renderToReadableStream } from "react-dom/server";\nimport { ServerRouter, type EntryContext } from "react-router";\nexport default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) { const body = await renderToReadableStream(<ServerRouter context={context} url={request.url} />); await body.allReady; headers.set("Content-Type", "text/html"); return new Response(body, { headers, status }); }\n',
  );
  writeFileSync(
    join(dir, "app/root.tsx"),
    'import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";\nexport function Layout({ children }: { children: React.ReactNode }) { return (<html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body>{children}<ScrollRestoration /><Scripts /></body></html>); }\nexport default function App() { return <Outlet />; }\n',
  );
  const r = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("bare React Router build failed");
  const html = readFileSync(join(dir, "build/client/index.html"), "utf8");
  let bytes = 0;
  const srcs = new Set([...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) srcs.add(m[1]);
  for (const src of srcs) bytes += gzipSync(readFileSync(join(dir, "build/client", src)), { level: 9 }).byteLength;
  return { bytes, files: srcs.size };
}

function workerdPids(pgid) {
  try {
    return execFileSync("ps", ["-o", "pid=,comm=", "-g", String(pgid)], { encoding: "utf8" })
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter(([, comm]) => comm && comm.includes("workerd"))
      .map(([pid]) => Number(pid));
  } catch {
    return [];
  }
}

function rssMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kbValue = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return round(kbValue / 1024, 1);
}

/**
 * @param {string} origin
 * @param {number | undefined} pgid
 * @returns {Promise<Record<string, any>>} the figures, or `error`
 */
async function benchImageEdit(origin, pgid) {
  let sharp;
  try {
    sharp = (await import("sharp")).default;
  } catch (error) {
    return { error: `sharp unavailable: ${error.message}` };
  }
  const makeJpeg = async (width, height) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d9d9d9"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#8a5a2b"/><rect x="${width / 2 - height / 6}" y="${height / 2 - height / 12}" width="${height / 3}" height="${height / 6}" fill="#c9a227"/></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  };
  const token = await register(origin, `bench-img-${Date.now()}@example.com`);
  const send = async (jpeg) => {
    const t0 = now();
    const res = await fetch(`${origin}/api/edit-image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        image: `data:image/jpeg;base64,${jpeg.toString("base64")}`,
        prompt: "white background, brighten and sharpen",
        category: "jewelry",
        platform: "etsy",
        featureKey: "edit-image",
      }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
    return ms(t0);
  };
  try {
    const small = await makeJpeg(800, 600);
    const big = await makeJpeg(4000, 3000);
    const smallMs = await send(small); // warm up: codecs compiled, isolate ready
    const pids = workerdPids(pgid);
    const baseRss = Math.max(0, ...pids.map((p) => rssMb(p, "VmRSS")));
    // Reset the kernel's peak-RSS mark so VmHWM reports the peak of this edit only.
    for (const p of pids) {
      try {
        writeFileSync(`/proc/${p}/clear_refs`, "5");
      } catch {
        /* not permitted: the peak then covers the whole run */
      }
    }
    const bigMs = await send(big);
    const peak = Math.max(0, ...pids.map((p) => rssMb(p, "VmHWM")));
    return { inputBytes: big.byteLength, megapixels: 12, ms: round(bigMs), smallMs: round(smallMs), baseRssMb: baseRss, peakRssMb: peak, peakGrowthMb: round(peak - baseRss, 1) };
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

/**
 * Where a Lighthouse run lost its points: each performance metric's figure and the points it cost
 * (its weight times what its score missed), the opportunities with an estimated saving, the
 * render-blocking resources, the largest-contentful-paint element, and the failed accessibility audits.
 * Read only from the report; the score itself is Lighthouse's.
 * @param {any} lhr
 */
function lighthouseBreakdown(lhr) {
  const names = { "first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS", "speed-index": "SI" };
  const refs = lhr.categories.performance.auditRefs;
  const total = refs.reduce((sum, r) => sum + r.weight, 0) || 1;
  /** @type {Record<string, { value: string, lost: number }>} */
  const metrics = {};
  for (const [id, name] of Object.entries(names)) {
    const audit = lhr.audits[id];
    const ref = refs.find((r) => r.id === id);
    if (!audit || !ref) continue;
    const value = id === "cumulative-layout-shift" ? round(audit.numericValue ?? 0, 3).toString() : `${round((audit.numericValue ?? 0) / 1000, 2)} s`;
    metrics[name] = { value, lost: round(((1 - (audit.score ?? 0)) * ref.weight * 100) / total, 1) };
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === "opportunity" && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => `${a.id} ${Math.round(a.details.overallSavingsMs)} ms`);
  const blocking = (lhr.audits["render-blocking-resources"]?.details?.items ?? []).map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${Math.round(i.wastedMs ?? 0)} ms`);
  const lcpItems = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const lcpNode = lcpItems.flatMap((i) => i.items ?? [i]).find((i) => i.node)?.node;
  const lcpPhases = (lcpItems.find((i) => i.type === "table" && i.headings?.some((h) => h.key === "phase"))?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`);
  const failedA11y = lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0).map((r) => r.id);
  return {
    // Why Lighthouse could not score the page (e.g. NO_FCP), when it could not.
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`.slice(0, 200) } : {}),
    metrics,
    opportunities,
    renderBlocking: blocking,
    lcpElement: lcpNode ? `${lcpNode.snippet ?? lcpNode.selector}`.slice(0, 120) : null,
    lcpPhases,
    failedAccessibility: failedA11y,
  };
}

/** One printed line of where a Lighthouse run's performance points went. */
function lighthouseLine(s) {
  const metrics = Object.entries(s.metrics ?? {})
    .map(([name, m]) => `${name} ${m.value}${m.lost > 0 ? ` (-${m.lost})` : ""}`)
    .join(", ");
  const parts = [`performance ${s.performance}, accessibility ${s.accessibility}`, s.runtimeError ? `not scored: ${s.runtimeError}` : metrics];
  if (s.renderBlocking?.length) parts.push(`render-blocking: ${s.renderBlocking.join(", ")}`);
  if (s.opportunities?.length) parts.push(`opportunities: ${s.opportunities.join(", ")}`);
  if (s.lcpPhases?.length) parts.push(`LCP phases: ${s.lcpPhases.join(", ")}`);
  if (s.failedAccessibility?.length) parts.push(`failed accessibility audits: ${s.failedAccessibility.join(", ")}`);
  return parts.join("; ");
}

async function runLighthouse(origin, paths) {
  const out = {};
  let browser;
  try {
    const { default: lighthouse } = await import("lighthouse");
    const { chromium } = await import("playwright-core");
    // A free port for Chromium's debugging protocol (another bench on this machine may hold a fixed one).
    const port = await new Promise((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = /** @type {import("node:net").AddressInfo} */ (probe.address());
        probe.close(() => resolve(free));
      });
    });
    const args = [
      `--remote-debugging-port=${port}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ];
    let executablePath = "/usr/bin/chromium";
    if (!existsSync(executablePath)) {
      const tmp = join(root, ".tmp/chromium");
      mkdirSync(tmp, { recursive: true });
      process.env.TMPDIR = tmp;
      executablePath = await (await import("@sparticuz/chromium")).default.executablePath();
    }
    browser = await chromium.launch({ executablePath, args, headless: true });
    for (const path of paths) {
      try {
        const result = await lighthouse(`${origin}${path}`, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
        if (!result) throw new Error("lighthouse gave no result");
        const c = result.lhr.categories;
        // A category Lighthouse could not score is null, which counts as 0 (as null * 100 did).
        out[path] = { performance: Math.round((c.performance.score ?? 0) * 100), accessibility: Math.round((c.accessibility.score ?? 0) * 100), ...lighthouseBreakdown(result.lhr) };
      } catch (error) {
        out[path] = { error: String(error.message || error) };
      }
    }
  } catch (error) {
    for (const p of paths) out[p] = { error: String(error.message || error) };
  } finally {
    await browser?.close();
  }
  return out;
}

/**
 * One seller with 50 listings (an Etsy CSV of 50 rows through /api/shop/import), signed in by the
 * session cookie: GET /listings is read whole and its listing cards counted. When the cards are not in
 * the HTML (the page fetched them after hydration), the browser's GET /api/listings is added, a lower
 * bound of that path. /api/health is sampled alternately as the baseline.
 * @param {string} origin
 */
async function benchListingsHtml(origin) {
  try {
    const served = await listingsHtmlFigures(origin);
    // The same build without wrangler dev's proxy in front (decision 0087): workerd alone, as under the proxy.
    let workerd;
    const direct = await startWorkerd({ port: 8799, stateDir: ".tmp/bench-workerd-state" });
    try {
      workerd = await listingsHtmlFigures(direct.url);
    } catch (error) {
      workerd = { error: String(error?.message ?? error) };
    } finally {
      await direct.stop();
    }
    return { ...served, workerd };
  } catch (error) {
    return { error: `${error?.message ?? error}${error?.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ""}` };
  }
}

/** The same figures served by workerd without wrangler dev's proxy (decision 0087). */
function workerdLine(w) {
  if (!w || w.error) return `workerd alone: failed (${w?.error ?? "not run"})`;
  return `workerd alone, without wrangler dev's proxy: ${round(w.ratio)} x (${round(w.pageP50Ms)} ms vs health ${round(w.healthP50Ms)} ms; /api/listings ${round(w.apiRatio)} x, no listings ${round(w.emptyRatio)} x, /login ${round(w.loginRatio)} x)`;
}

/** A seller with 50 listings and one with none on the server at `origin`, and the p50 of each request beside /api/health's. */
async function listingsHtmlFigures(origin) {
  const { generatedCsv } = await import("./lib/shop-csv.mjs");
  const token = await register(origin, `bench-listings-${Date.now()}@example.com`);
  const auth = { Authorization: `Bearer ${token}` };
  const form = new FormData();
  form.set("file", new Blob([generatedCsv(50)], { type: "text/csv" }), "EtsyListingsDownload.csv");
  const imported = await fetch(`${origin}/api/shop/import`, { method: "POST", headers: auth, body: form });
  const importBody = await imported.json();
  if (!imported.ok || importBody.data?.imported !== 50) throw new Error(`import ${imported.status}: ${JSON.stringify(importBody).slice(0, 200)}`);
  const cookie = { Cookie: `listora_session=${token}` };
  // Where the time goes: the same list from the API (session, D1, a score per listing, JSON), the page of a
  // signed-in seller with no listings (root and layout loaders, the shell's render) and a page with no session or D1 read (/login).
  const emptyCookie = { Cookie: `listora_session=${await register(origin, `bench-listings-empty-${Date.now()}@example.com`)}` };
  const cardsOf = (html) => html.split('data-testid="listing-card"').length - 1;
  const whole = async (url, init) => {
    const t0 = now();
    const res = await fetch(url, init);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url} ${res.status}`);
    return { text, ms: ms(t0), bytes: Buffer.byteLength(text) };
  };
  const health = [];
  const page = [];
  const api = [];
  const empty = [];
  const login = [];
  let cardsInHtml = 0;
  let htmlBytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    health.push((await timeRequest(`${origin}/api/health`)).ttfb);
    const t0 = now();
    const html = await whole(`${origin}/listings`, { headers: cookie });
    cardsInHtml = cardsOf(html.text);
    htmlBytes = html.bytes;
    if (cardsInHtml < 50) await (await fetch(`${origin}/api/listings?sort=newest`, { headers: auth })).text();
    page.push(ms(t0));
    api.push((await whole(`${origin}/api/listings?sort=newest`, { headers: auth })).ms);
    empty.push((await whole(`${origin}/listings`, { headers: emptyCookie })).ms);
    login.push((await whole(`${origin}/login`)).ms);
  }
  return {
    listings: 50,
    cardsInHtml,
    htmlBytes,
    pageP50Ms: round(median(page)),
    apiListP50Ms: round(median(api)),
    emptyPageP50Ms: round(median(empty)),
    loginP50Ms: round(median(login)),
    healthP50Ms: round(median(health)),
    ratio: round(median(page) / median(health)),
    apiRatio: round(median(api) / median(health)),
    emptyRatio: round(median(empty) / median(health)),
    loginRatio: round(median(login) / median(health)),
  };
}
