import { ideaMisfits, productProfile } from "./worker/providers/trends/product-profile";
import { ENGLISH_SHOPPER_WORDS } from "./worker/providers/trends/sample-lexicon";
const p = productProfile("seramik kupa", { country: "TR", category: "decor" });
console.log(p);
for (const i of ["seramik kupa", "seramik kupa bardak", "el yapımı seramik kupa", "christmas kupa", "kupa for him", "kahve kupası"]) console.log(i, ideaMisfits(p, i, ENGLISH_SHOPPER_WORDS));
