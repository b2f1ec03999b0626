/**
 * Turns a seller's free-text instruction (English or Turkish) into a plan of pixel operations for
 * the local editor, shaped by the product category and the marketplace. The plan also says, in plain
 * words, what will be done, and which steps were added beyond the literal request.
 */
import type { ImageCategory, ImagePlatform, NotApplied } from "../../../schema/api/images";
import type { Rgb } from "./pixels";

export type Category = ImageCategory;
export type Platform = ImagePlatform;

export type Operation =
  | { op: "denoise"; radius: number }
  | { op: "background"; colour: Rgb | "transparent"; tolerance: number }
  /** Neutralise the light's colour, measured on the backdrop (decision 0012). */
  | { op: "whiteBalance" }
  | { op: "levels" }
  | { op: "brightness"; amount: number }
  | { op: "contrast"; amount: number }
  | { op: "warmth"; amount: number }
  /** Unsharp mask: amount 0..2 (1 = 100%), radius in pixels. */
  | { op: "sharpen"; amount: number; radius: number };

interface PlatformPreset {
  platform: Platform;
  /** Output is a square canvas (padded, never cropped). */
  square: boolean;
  /** Longest side of the output at least this many pixels (upscaled when smaller). */
  minSide: number;
  /** Exact side of the output when set (Etsy's 2000 px square). */
  side?: number;
  /** The background must be pure white. */
  whiteBackground: boolean;
}

export interface EditPlan {
  operations: Operation[];
  preset: PlatformPreset | null;
  category: Category;
  /** Operation kinds the seller asked for in words. */
  requested: Operation["op"][];
  /** Steps the plan added beyond the literal request (category, platform, or a vague request). */
  added: string[];
  /** Parts of the instruction the local editor will not do, each with the reason, in plain words. */
  notApplied: NotApplied[];
  /** The seller asked to keep the background: every edit leaves it as it is. */
  keepBackground: boolean;
  /** Nothing the seller asked can be done (every part refused): an edit answers 422 and charges nothing. */
  refused: boolean;
}

export type { NotApplied };

const PRESETS: Record<Platform, PlatformPreset> = {
  etsy: { platform: "etsy", square: true, minSide: 2000, side: 2000, whiteBackground: false },
  amazon: { platform: "amazon", square: true, minSide: 1000, whiteBackground: true },
  ebay: { platform: "ebay", square: false, minSide: 500, whiteBackground: false },
};

const COLOURS: Record<string, Rgb> = {
  white: [255, 255, 255],
  beyaz: [255, 255, 255],
  black: [0, 0, 0],
  siyah: [0, 0, 0],
  grey: [128, 128, 128],
  gray: [128, 128, 128],
  gri: [128, 128, 128],
  "light grey": [235, 235, 235],
  "light gray": [235, 235, 235],
  "açık gri": [235, 235, 235],
  cream: [255, 253, 240],
  krem: [255, 253, 240],
  beige: [245, 245, 220],
  bej: [245, 245, 220],
  ivory: [255, 255, 240],
  fildişi: [255, 255, 240],
  pink: [255, 228, 236],
  pembe: [255, 228, 236],
  blue: [214, 234, 248],
  mavi: [214, 234, 248],
  green: [220, 240, 220],
  yeşil: [220, 240, 220],
  yellow: [255, 249, 219],
  sarı: [255, 249, 219],
};

/** Tolerance of the background fill per category: shiny or pale goods need a tighter fill. */
const FILL_TOLERANCE: Record<Category, number> = { jewelry: 30, clothing: 44, decor: 40, art: 32, crafts: 40, accessories: 36 };

const has = (text: string, words: RegExp) => words.test(text);

const W = {
  background: /\b(background|backdrop|bg)\b|arka ?plan|arkaplan|\bfon\b|\bzemin/,
  /** Asked for a see-through background in so many words. */
  transparent: /transparent|see[- ]through|cut ?out|no background|without (a )?background|şeffaf|saydam|dekupe/,
  /** Asked to take the background away: transparent unless a colour is named for it. */
  removeBackground: /remove (the )?background|background remov|delete (the )?background|arka ?plan(ı)? (kaldır|sil)/,
  keepBackground:
    /\b(keep|leave|preserve|don'?t (change|touch|remove|replace)|do not (change|touch|remove|replace))\b[^,.;]*\b(background|backdrop|bg)\b|\b(background|backdrop)\b[^,.;]*\b(as it is|as is|unchanged|untouched|the same)\b|arka ?plan(ı)? (koru|aynı kalsın|değiştirme|olduğu gibi)|arka ?plana dokunma/,
  brighter: /\b(bright(en|er)?|lighter|lighten|too dark|underexposed|more light|brightness)\b|(photo|image|picture|it) is dark|aydınlat|parlak|ışık|karanlık|çok koyu/,
  darker: /\b(darken|darker|too bright|overexposed|dim)\b|karart|daha koyu|çok parlak/,
  lighting: /\blighting\b|\bexposure\b|aydınlatma/,
  contrast: /contrast|\bpop\b|punch|vivid|kontrast|canlı/,
  lowContrast: /(less|lower|reduce) contrast|soft(er)? look|kontrastı azalt/,
  warm: /\bwarm(er|th)?\b|\bcosy\b|\bcozy\b|sıcak/,
  cool: /\bcool(er)?\b|\bcold(er)?\b|soğuk/,
  levels: /auto|\blevels?\b|dull|flat|washed|otomatik|soluk/,
  whiteBalance: /white ?balance|colou?r (fix|correct|cast)|fix (the )?colou?rs?|(yellow|blue|orange|green)(ish)? (tint|cast)|\btint\b|neutral colou?rs?|beyaz dengesi|renk dengesi|renk(leri)? düzelt/,
  sharpen: /sharp|crisp|blur(ry|red)?|focus|detail|clear(er)?\b|netleştir|keskin|\bnet\b|bulanık|detay/,
  cleanup: /clean|noise|denois|grain|dust|speck|smooth|temizle|gürültü|kumlan|leke|toz|pürüz/,
  less: /slight|a bit|a little|subtle|gently|biraz|hafif|\baz\b/,
  more: /very|much|a lot|strong|really|extra|çok|fazla|güçlü/,
};

/**
 * What the offline editor cannot do, with the reason said to the seller. A clause that matches one
 * of these is refused and takes no part in the rest of the parse ("blur the background" must not
 * read as "blur", hence sharpen).
 */
/** Etsy's rule for photos of physical items, said whenever a seller asks to add something to one. */
const ETSY_PHOTO_RULE =
  "Etsy asks that listing photos show the actual item (mock-ups are for digital items only), so the editor never adds objects, scenes, people or text to a photo of a physical product.";

const UNSUPPORTED: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /\b(add|insert|include|draw|paint in|put|place|stage|decorate)\b[^,.;]*\b(behind|beside|next to|around|in front of|on top|trees?|flowers?|plants?|candles?|props?|decorations?|ornaments?|snow(flakes)?|gifts?|presents?|boxes|ribbons?|balloons?|people|person|model|hands?|cat|dog|pets?|scene|christmas|xmas|holiday|festive|santa|pumpkins?|hearts?|confetti|leaves|fruit|coffee|books?)\b|\b(christmas|xmas|holiday|festive|seasonal|halloween|valentine'?s?)\b[^,.;]*\b(tree|scene|theme|decor(ations?)?|background|backdrop|setting|vibe|look|feel)\b|(yılbaşı|noel)[^,.;]*(ağac|süs|sahne|tema)|(ağaç|çiçek|süs|mum|hediye|kutu|insan|model|el)\S*\s+(ekle|koy)/,
    reason: ETSY_PHOTO_RULE,
  },
  {
    pattern:
      /\b(remove|erase|delete|get rid of|hide|take (out|off)|clean off|edit out)\b[^,.;]*\b(text|writing|words?|letters?|logos?|brand(ing)?|watermarks?|labels?|stickers?|captions?|price|tags?|person|people|hands?|fingers?|objects?|items?|props?|cables?|wires?|strings?|reflections?|glare|wrinkles?|creases?|scratch(es)?|stains?|shadows?)\b|(yazı|yazıyı|logo|logoyu|etiket|etiketi|filigran|filigranı|gölge|gölgeyi)[^,.;]*\b(sil|kaldır|çıkar)/,
    reason: "Removing text, logos, objects or shadows needs a generative AI editor; the offline editor does not repaint parts of the photo.",
  },
  {
    pattern:
      /\b(place|put|set|show|stage|display)\b[^,.;]*\b(on|in|onto|into|inside|against|next to|beside)\b[^,.;]*\b(table|desk|shelf|floor|wood(en)?|marble|kitchen|room|garden|beach|scene|model|hand|mannequin|person|lifestyle|setting|surface)\b|\b(wood(en)?|marble|concrete|brick|linen|fabric|lifestyle|scenic|beach|kitchen|gradient|textured?|nature|outdoor)\b[^,.;]*\b(background|backdrop|surface|table|scene|setting)\b|(masa|ahşap|mermer)[^,.;]*(koy|yerleştir|üzerine)|(ahşap|mermer|doğal) (arka ?plan|zemin)/,
    reason:
      "Putting the product in a new scene or on a surface it was not photographed on is not done: Etsy asks that photos of a physical item show the actual item. The background can become a plain colour or transparent.",
  },
  {
    pattern: /\bblur(red|ry)? (the )?(background|backdrop)|(background|backdrop) blur|blurr?(ed|y) (background|backdrop)|bokeh|arka ?plan(ı)? bulanık/,
    reason: "Blurring the background is not something the offline editor does; it can replace the background with a plain colour or make it transparent.",
  },
  {
    pattern:
      /\b(add|create|put|give( it)?|include|insert)\b[^,.;]*\b(shadows?|reflections?|props?|flowers?|text|caption|logo|watermark|border|frame|sparkles?|glow|model|hands?|people)\b|\b(drop|soft|natural) shadows?\b|(gölge|yansıma|yazı|logo|çerçeve|filigran) ekle/,
    reason: "Adding shadows, reflections, props, text or frames is not something the offline editor does; it only adjusts the pixels already in the photo.",
  },
  {
    pattern:
      /\b(change|recolou?r|dye)\b[^,.;]*\bcolou?rs? (of|to)\b|\brecolou?r|\b(make|turn) the (product|item|hat|beanie|mug|shirt|t-shirt|bag|ring|necklace|earrings?|scarf|sweater|dress|cup)\b[^,.;]*\b(red|blue|green|yellow|pink|purple|orange|black|brown|gold|silver|teal|navy|mustard|white|grey|gray)\b|rengini (değiştir|.* yap)/,
    reason: "Changing the product's colour is not done: the editor keeps the product's colours as they are.",
  },
  {
    pattern: /\b(crop|rotate|straighten|flip|mirror|zoom in)\b|\bkırp|döndür/,
    reason: "Cropping, rotating and flipping are not done by the offline editor; a marketplace preset fits the whole photo on its canvas without cropping.",
  },
];

/**
 * What a clause can ask that the editor does, besides the operation words: a plain colour, and a
 * vague request for the category's usual edits ("make it look professional").
 */
const VAGUE =
  /professional|better|improve|enhance|\bnicer?\b|\bgood\b|polish|fix (it|this|the (photo|image|picture))|look(s)? (great|good)|ready|\bedit\b|retouch|iyileştir|güzelleştir|profesyonel|düzenle|düzelt/;
/** Words that carry no request of their own ("please, for my Etsy shop"). */
const FILLER =
  /\b(please|pls|the|a|an|it|its|this|that|photo|image|picture|pic|my|for|me|can|you|could|would|make|do|thanks?|thank|so|just|some|of|to|etsy|amazon|ebay|listing|shop|product|item|lütfen|bu|şu|fotoğraf\w*|resm\w*|teşekkür\w*|ürün\w*|yap|yapın|için)\b/g;

function recognised(clause: string): boolean {
  const { less: _less, more: _more, ...operations } = W;
  if (Object.values(operations).some((pattern) => pattern.test(clause)) || VAGUE.test(clause) || colourIn(clause)) return true;
  return clause.replace(FILLER, " ").replace(/[^\p{L}\p{N}]+/gu, "").length === 0;
}

/** Why a clause the editor does not recognise is not done. */
const NOT_RECOGNISED =
  "The editor did not recognise this as something it does: it changes the background to a plain colour or transparency, the light, the colour balance, contrast, sharpness, clean-up and the marketplace size.";

/** Clauses of an instruction: split at punctuation, "and", "but", "then" (and the Turkish words). */
function clausesOf(text: string): string[] {
  return text
    .split(/[,.;!?\n]+|\band then\b|\bthen\b|\band\b|\bbut\b|\bsonra\b|\bve\b|\bama\b/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The default edits for a vague request ("make it look professional"), per category. */
const CATEGORY_DEFAULTS: Record<Category, Operation["op"][]> = {
  jewelry: ["levels", "contrast", "sharpen"],
  clothing: ["levels", "denoise", "sharpen"],
  decor: ["levels", "warmth"],
  art: ["sharpen"],
  crafts: ["levels", "warmth", "sharpen"],
  accessories: ["levels", "contrast", "sharpen"],
};

export function parseInstruction(prompt: string, category: Category = "jewelry", platform: Platform | null = "etsy"): EditPlan {
  const notApplied: NotApplied[] = [];
  // Refused clauses, and the "keep the background" clause, are set aside before the rest is read.
  let keepBackground = false;
  const kept: string[] = [];
  for (const clause of clausesOf(prompt.toLocaleLowerCase("tr").replace(/\s+/g, " ").trim())) {
    // What comes before a refused or "keep" phrase in the same clause is still read ("brighten it
    // while you keep the background").
    const rule = UNSUPPORTED.find((r) => r.pattern.test(clause));
    if (rule) {
      const at = clause.search(rule.pattern);
      notApplied.push({ instruction: originalWords(prompt, clause.slice(at)), reason: rule.reason });
      kept.push(clause.slice(0, at));
      continue;
    }
    const keep = clause.search(W.keepBackground);
    if (keep >= 0) {
      keepBackground = true;
      kept.push(clause.slice(0, keep));
      continue;
    }
    // A part that maps to no operation is said, never replaced by other edits.
    if (!recognised(clause)) {
      notApplied.push({ instruction: originalWords(prompt, clause), reason: NOT_RECOGNISED });
      continue;
    }
    kept.push(clause);
  }
  const text = kept.join(", ");
  const strength = has(text, W.more) ? 1.5 : has(text, W.less) ? 0.5 : 1;
  const ops = new Map<Operation["op"], Operation>();
  const requested: Operation["op"][] = [];
  const added: string[] = [];
  const ask = (operation: Operation) => {
    ops.set(operation.op, operation);
    if (!requested.includes(operation.op)) requested.push(operation.op);
  };

  const wantsBackground = has(text, W.background) || has(text, W.transparent) || has(text, W.removeBackground);
  if (wantsBackground) {
    const tolerance = FILL_TOLERANCE[category];
    // "Remove the background, make it white" asks for white, not for transparency.
    const colour = colourIn(text);
    if (has(text, W.transparent) || (has(text, W.removeBackground) && !colour)) ask({ op: "background", colour: "transparent", tolerance });
    else ask({ op: "background", colour: colour ?? [255, 255, 255], tolerance });
  }
  if (has(text, W.darker)) ask({ op: "brightness", amount: -0.25 * strength });
  else if (has(text, W.brighter)) ask({ op: "brightness", amount: 0.35 * strength });
  if (has(text, W.whiteBalance)) ask({ op: "whiteBalance" });
  if (has(text, W.lighting) || has(text, W.levels)) ask({ op: "levels" });
  if (has(text, W.lowContrast)) ask({ op: "contrast", amount: -0.15 * strength });
  else if (has(text, W.contrast)) ask({ op: "contrast", amount: 0.18 * strength });
  if (has(text, W.warm)) ask({ op: "warmth", amount: 0.5 * strength });
  else if (has(text, W.cool)) ask({ op: "warmth", amount: -0.5 * strength });
  if (has(text, W.sharpen)) ask({ op: "sharpen", amount: Math.min(2, (category === "jewelry" ? 1 : 0.8) * strength), radius: 3 });
  if (has(text, W.cleanup)) ask({ op: "denoise", radius: strength > 1 ? 2 : 1 });

  // A request with no concrete edit ("make it better") gets the category's usual edits; one whose
  // every part was refused gets none (nothing the seller asked for can be done here).
  if (requested.length === 0 && notApplied.length === 0 && !keepBackground) {
    for (const op of CATEGORY_DEFAULTS[category]) {
      const operation = defaultOperation(op, category);
      ops.set(op, operation);
      added.push(describeOperation(operation));
    }
  }

  // Nothing asked can be done: the edit is refused (422, nothing charged) even when a marketplace
  // preset would add steps of its own.
  const refused = requested.length === 0 && added.length === 0 && !keepBackground && notApplied.length > 0;

  // Brightening a dark photo also sets its black and white points, unless the seller only asked for
  // a background change (then the product must stay as it is).
  if (ops.has("brightness") && !ops.has("levels") && (ops.get("brightness") as { amount: number }).amount > 0) {
    ops.set("levels", { op: "levels" });
    added.push("auto levels to set the black and white points");
  }

  const preset = platform ? PRESETS[platform] : null;
  if (preset?.whiteBackground) {
    const current = ops.get("background") as Extract<Operation, { op: "background" }> | undefined;
    if (!current || current.colour === "transparent" || current.colour.some((c) => c !== 255)) {
      ops.set("background", { op: "background", colour: [255, 255, 255], tolerance: FILL_TOLERANCE[category] });
      added.push(current ? "pure white background instead, as Amazon requires for the main image" : "pure white background, as Amazon requires for the main image");
      const reason = "Amazon requires a pure white background on the main image, so the background was made white.";
      if (current) notApplied.push({ instruction: current.colour === "transparent" ? "transparent background" : `${hexOf(current.colour)} background`, reason });
      if (keepBackground) notApplied.push({ instruction: "keep the background", reason });
    }
    keepBackground = false;
  }
  if (preset) added.push(describePreset(preset));

  // Keeping the background and replacing it cannot both be done; the explicit replacement wins.
  if (keepBackground && ops.has("background")) {
    notApplied.push({ instruction: "keep the background", reason: "The same instruction also asks for a new background, so the background was replaced." });
    keepBackground = false;
  }
  const order: Operation["op"][] = ["denoise", "background", "whiteBalance", "levels", "brightness", "contrast", "warmth", "sharpen"];
  const operations = order.flatMap((op) => (ops.has(op) ? [ops.get(op)!] : []));
  return { operations, preset, category, requested, added, notApplied, keepBackground, refused };
}

/** The plan without its background step: what is left when the background could not be changed. */
export function withoutBackground(plan: EditPlan): EditPlan {
  return { ...plan, operations: plan.operations.filter((o) => o.op !== "background"), requested: plan.requested.filter((o) => o !== "background") };
}

/** The seller's own words for a clause found in the lower-cased text (same length, same place). */
function originalWords(prompt: string, clause: string): string {
  const normalised = prompt.replace(/\s+/g, " ").trim();
  const at = normalised.toLocaleLowerCase("tr").indexOf(clause);
  return at >= 0 && normalised.length === normalised.toLocaleLowerCase("tr").length ? normalised.slice(at, at + clause.length) : clause;
}

/** How close to the backdrop's colour a pixel must be to count as background, per category. */
export const fillTolerance = (category: Category) => FILL_TOLERANCE[category];

function defaultOperation(op: Operation["op"], category: Category): Operation {
  switch (op) {
    case "denoise":
      return { op, radius: 1 };
    case "whiteBalance":
      return { op };
    case "background":
      return { op, colour: [255, 255, 255], tolerance: FILL_TOLERANCE[category] };
    case "levels":
      return { op };
    case "brightness":
      return { op, amount: 0.2 };
    case "contrast":
      return { op, amount: 0.12 };
    case "warmth":
      return { op, amount: 0.3 };
    case "sharpen":
      return { op, amount: category === "jewelry" ? 0.9 : 0.7, radius: 3 };
  }
}

function colourIn(text: string): Rgb | null {
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/.exec(text);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join("") : hex[1];
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  // Longest names first, so "light grey" wins over "grey".
  const names = Object.keys(COLOURS).sort((a, b) => b.length - a.length);
  for (const name of names) if (text.includes(name)) return COLOURS[name];
  return null;
}

const hexOf = (c: Rgb) =>
  `#${c
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;

function describeOperation(operation: Operation): string {
  switch (operation.op) {
    case "denoise":
      return "clean up noise and specks with a gentle median filter";
    case "background":
      return operation.colour === "transparent"
        ? "make the background transparent (PNG)"
        : operation.colour.every((c) => c === 255)
          ? "replace the background with pure white"
          : `replace the background with ${hexOf(operation.colour)}`;
    case "whiteBalance":
      return "white balance measured on the backdrop, keeping the product's colours";
    case "levels":
      return "auto levels to set the black and white points";
    case "brightness":
      return operation.amount > 0 ? `brighten the mid-tones by about ${Math.round(operation.amount * 100)}%` : `darken the mid-tones by about ${Math.round(-operation.amount * 100)}%`;
    case "contrast":
      return operation.amount > 0 ? `raise contrast by about ${Math.round(operation.amount * 100)}%` : `lower contrast by about ${Math.round(-operation.amount * 100)}%`;
    case "warmth":
      return operation.amount > 0 ? "warm the light slightly (whites and greys; the product keeps its hue)" : "cool the light slightly (whites and greys; the product keeps its hue)";
    case "sharpen":
      return "sharpen fine detail with an unsharp mask";
  }
}

function describePreset(preset: PlatformPreset) {
  if (preset.platform === "etsy") return "fit on a 2000 x 2000 px square for Etsy, padded, never cropped";
  if (preset.platform === "amazon") return "fit on a square of at least 1000 px for Amazon zoom";
  return "make the longest side at least 500 px for eBay";
}

/**
 * The plan in plain words, and whether it added anything the seller did not ask for.
 */
export function describePlan(plan: EditPlan): { enhancedPrompt: string; promptEnhanced: boolean } {
  const steps = plan.operations.map(describeOperation);
  if (plan.keepBackground) steps.push("leave the background as it is");
  if (plan.preset) steps.push(describePreset(plan.preset));
  const sentence = steps.length ? steps.join("; ") : "no change";
  return { enhancedPrompt: sentence.charAt(0).toUpperCase() + sentence.slice(1) + ".", promptEnhanced: plan.added.length > 0 };
}

/** The instruction handed to a generative editor (OpenAI, Workers AI), with the plan's guidance. */
/**
 * A part refused for what the offline editor cannot do, said for a model editor (decision 0040): a
 * model is asked only for what can be measured on its result, so it is not asked to repaint parts of
 * the photo, blur, crop or rotate either.
 */
export function forModel(part: NotApplied): NotApplied {
  if (!/offline editor/.test(part.reason) || part.reason.startsWith("Etsy asks")) return part;
  return {
    ...part,
    reason: "Not asked of the model: only edits whose result can be measured (background, light, colour, sharpness, clean-up) are sent to it, so its answer can be checked before it is charged.",
  };
}

export function generativePrompt(prompt: string, plan: EditPlan): string {
  // A model is asked only for what the plan understood (decision 0040): the parts listed in
  // notApplied (scenes, props, recolouring, anything unrecognised) are left out of its prompt.
  let asked = prompt.trim();
  for (const part of plan.notApplied) asked = asked.replace(part.instruction, " ");
  asked = asked
    .replace(/\s+/g, " ")
    .replace(/(\s*(,|;|\.|\band\b|\bve\b)\s*)+$/i, "")
    .replace(/^(\s*(,|;|\band\b|\bve\b)\s*)+/i, "")
    .trim();
  if (asked && !/[.!?]$/.test(asked)) asked += ".";
  const guidance = [
    `Product photo of ${plan.category} for an online marketplace listing.`,
    asked,
    plan.preset?.whiteBackground ? "The background must be pure white (#FFFFFF)." : "",
    "Keep the product itself exactly as it is: same shape, colour, text and details; do not add objects.",
  ];
  return guidance.filter(Boolean).join(" ");
}
