import { buildSuggestions } from "./worker/domain/keywords/suggestions";
import { expandProductName } from "./worker/providers/trends/sample-engine";
const OFF = { trends: null, competition: null, name: "sample" };
for (const n of ["Silver moon necklace","handmade ceramic mug","Personalized leather dog collar with engraved name tag","t-shirt","Watercolor botanical print","crochet pattern","x"]) {
  const r = await buildSuggestions(OFF, { product_name: n, platform: "etsy", country: "US" }, Date.UTC(2026,10,21));
  console.log(n, "=>", r.result.keywords.filter(k=>k.keyword.length>20).map(k=>k.keyword).join(" | "), r.result.keywords.length);
}
console.log(expandProductName({ productName: "leather dog collar", platform: "amazon", category: "accessories" }).filter(c=>c.keyword.includes("dogs")));
