/** The pattern fixtures of the wizard's tests, with the craft each is written for. */
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import whale from "../fixtures/patterns/crochet-amigurumi-whale-errors.txt?raw";
import blanket from "../fixtures/patterns/crochet-blanket-rows.txt?raw";
import topDownHat from "../fixtures/patterns/crochet-top-down-hat.txt?raw";
import dishcloth from "../fixtures/patterns/crochet-uk-dishcloth.txt?raw";
import fox from "../fixtures/patterns/cross-stitch-fox.txt?raw";
import coaster from "../fixtures/patterns/granny-square-coaster.txt?raw";
import granny from "../fixtures/patterns/granny-square.txt?raw";
import beanie from "../fixtures/patterns/knitted-beanie.txt?raw";
import lace from "../fixtures/patterns/knitted-lace-scarf.txt?raw";
import mittens from "../fixtures/patterns/knitted-mittens-errors.txt?raw";
import raglan from "../fixtures/patterns/knitted-raglan-yoke.txt?raw";
import tote from "../fixtures/patterns/sewing-tote.txt?raw";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";
import turkishKnit from "../fixtures/patterns/turkish-knitting-hat.txt?raw";

export const PATTERNS = [
  { name: "crochet amigurumi bunny", text: bunny, craft: "crochet" },
  { name: "crochet amigurumi whale", text: whale, craft: "crochet" },
  { name: "crochet blanket in rows", text: blanket, craft: "crochet" },
  { name: "crochet top-down hat", text: topDownHat, craft: "crochet" },
  { name: "UK-terms crochet dishcloth", text: dishcloth, craft: "crochet" },
  { name: "granny square coaster", text: coaster, craft: "crochet" },
  { name: "granny square block", text: granny, craft: "crochet" },
  { name: "Turkish amigurumi", text: turkish, craft: "crochet" },
  { name: "knitted beanie", text: beanie, craft: "knitting" },
  { name: "knitted lace scarf", text: lace, craft: "knitting" },
  { name: "knitted mittens", text: mittens, craft: "knitting" },
  { name: "knitted raglan yoke", text: raglan, craft: "knitting" },
  { name: "Turkish knitted hat", text: turkishKnit, craft: "knitting" },
  { name: "sewing tote", text: tote, craft: "sewing" },
  { name: "cross-stitch fox", text: fox, craft: "cross-stitch" },
] as const;

export { beanie, blanket, bunny, coaster, dishcloth, fox, granny, lace, mittens, raglan, topDownHat, tote, turkish, turkishKnit, whale };
