import { measureRelevance } from "./tests/fixtures/keyword-products/measure";
const { summary, results } = await measureRelevance();
console.log(JSON.stringify({ ...summary, worst: summary.worst.length }, null, 1));
const by = new Map<string, number>();
for (const w of summary.worst) for (const r of w.reasons) by.set(r.replace(/".*"/, '"x"'), (by.get(r.replace(/".*"/, '"x"')) ?? 0) + 1);
console.log([...by].sort((a, b) => b[1] - a[1]));
for (const r of results.slice(0, 2)) console.log(r.product.id, r.ideas.join(" | "));
for (const w of summary.worst) console.log(w.id, "|", w.idea, "|", w.reasons.join("; "));
for (const r of results) if (r.product.lang === "tr" || r.product.form !== "physical") console.log(r.product.id, "::", r.ideas.slice(0, 14).join(" | "));
