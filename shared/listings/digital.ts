/**
 * Whether a product is sold as a file, and whether it is a pattern (instructions to make something):
 * one rule for the fact sheet (shared/facts), the composer's product reading (isDigitalProduct) and the
 * enforcer, so a listing never gets the digital note while its fact sheet reads a physical item (issue 24,
 * decision 0038). Read from the whole text and the seller's keywords, in English and Turkish.
 *
 * Pure and linear: flat alternations and bounded runs only; runs in the Worker and the browser.
 */

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const re = (body: string) => new RegExp(`${B}(?:${body})${E}`, "u");

/** Crafts whose instructions are sold as patterns. */
const CRAFT =
  "crochet|knit|knitting|sewing|cross[- ]stitch|embroidery|quilt|quilting|amigurumi|macrame|macramé|needlepoint|tunisian|punch needle|tığ işi|şiş örgü|örgü|amigurumi|dikiş|kanaviçe|nakış|makrome";

/**
 * A pattern: a craft's pattern ("crochet bunny pattern", "knitting pattern"), a pattern as a file ("PDF
 * pattern", "pattern PDF", "digital pattern", "written pattern"); in Turkish a recipe or a pattern file
 * ("amigurumi tarifi", "tarif", "PDF desen", "dikiş patronu", "dikiş kalıbı"). A floral pattern on a plate
 * is not one: at most three words between the craft and "pattern", none of them "with", "in", "a".
 */
const PATTERN = re(
  [
    `(?:${CRAFT})(?: (?!(?:with|in|on|a|an|and|or|featuring|ile)(?![\\p{L}]))[\\p{L}-]{1,20}){0,3} patterns?`,
    "(?:cross[- ]stitch|knitting|crochet|colou?rwork|filet|tapestry|c2c) charts?|patterns? (?:pdf|in pdf|download|file)|pdf patterns?|digital patterns?|written patterns?|printable patterns?|pattern only|pattern, pdf",
    "(?:örgü|amigurumi|tığ işi|şiş örgü|oyuncak|bebek|hırka|battaniye)? ?tarif(?:i|leri|ler)?",
    "pdf desen(?:i|ler)?|desen(?:i)? pdf|dijital desen(?:i|ler)?|(?:örgü|amigurumi|tığ işi|kanaviçe|nakış|dikiş) desen(?:i|leri)?|desen dosyası",
    "dikiş patronu|patron(?:u)? pdf|pdf patron|dikiş kalıbı|elbise kalıbı|kalıp pdf|pdf kalıp|dijital kalıp|(?:kanaviçe|etamin|goblen|nakış|dikiş|örgü) şablon(?:u|ları)?|(?:kanaviçe|etamin|goblen) şeması",
  ].join("|"),
);

/**
 * Things with a screen or a sensor that are called digital and are shipped: "digital kitchen scale",
 * "digital camera", "dijital mutfak tartısı", and a console's "Digital Edition" (it has no disc drive). "digital" before one of them, at most one word between
 * ("kitchen", "alarm", "kol"), is no file.
 */
const DIGITAL_DEVICE =
  "editions?|consoles?|slrs?|dslrs?|camcorders?|oscilloscopes?|scales?|cameras?|watch(?:es)?|clocks?|thermometers?|timers?|frames?|displays?|multimeters?|meters?|calipers?|callipers?|micrometers?|pianos?|keyboards?|radios?|alarms?|microscopes?|pens?|tablets?|recorders?|hygrometers?|barometers?|pedometers?|counters?|tape measures?|levels?|locks?|safes?|thermostats?|blood pressure monitors?|monitors?|converters?|players?|tartı(?:sı)?|terazi(?:si)?|baskül(?:ü)?|saat(?:i)?|termometre(?:si)?|fotoğraf makinesi|çerçeve(?:si)?|zamanlayıcı(?:sı)?|metre(?:si)?|kumpas(?:ı)?|piyano(?:su)?|kilit(?:i)?|tansiyon aleti";
const DEVICE_NEXT = `(?:[\\p{L}-]+ )?(?:${DIGITAL_DEVICE})(?![\\p{L}\\p{N}])`;
/** A proof or preview sent before a print is made ("digital proof within 48 hours") is no file for sale either. */
const PROOF = "proofs?|mock-?ups?|previews?|prova(?:sı)?|önizleme(?:si)?";
const NOT_A_DEVICE = `(?! ${DEVICE_NEXT})(?! (?:${PROOF})(?![\\p{L}]))`;
const DEVICE_AT_START = new RegExp(`^${DEVICE_NEXT}`, "iu");

/** Whether the words after "digital" ("kitchen scale") name a device: then "digital" says no file. */
export const namesDigitalDevice = (after: string) => DEVICE_AT_START.test(after.trim());

/** Words that say the product is a file (or a file is part of what is sold). */
const DIGITAL_WORDS = re(
  [
    `digital(?: (?:download|file|files|pattern|product|planner|print|prints|template|item|art|paper|sticker|stickers)|${NOT_A_DEVICE})`,
    "instant(?:ly)? download(?:able)?|downloadable|download|printable|print at home|editable (?:in|with|template)|e-?book|ebook|svg|png files?|jpe?g files?|pdf|template|templates",
    `dijital${NOT_A_DEVICE}`,
    "indirme|indirilebilir|indirilir|anında indirme|pdf olarak|yazdırılabilir|şablon(?:u|lar|ları)?|düzenlenebilir",
  ].join("|"),
);
/** Said outright that nothing is shipped. */
const NO_PHYSICAL = re(
  "no physical (?:item|product|copy)(?: will be (?:shipped|sent|mailed))?|nothing (?:physical )?will be (?:shipped|mailed|sent)|this is a digital (?:product|download|item|file)|fiziksel (?:bir )?ürün gönderilmez|kargo ile gönderilmez|kargo yapılmaz|bu dijital bir üründür",
);
/** A kit is a box of materials (with its pattern inside): physical. */
const KIT = re("kit|kits|kiti|kitleri|malzeme seti");
/** Words of a thing that is shipped. */
const SHIPPED = re("ships?|shipped|shipping|physical (?:item|copy|product)|printed (?:and|&) (?:shipped|mailed)|framed|printed on|kargo(?:ya verilir|lanır| ile gönderilir)|kargoya|kargo");
/** Words that still mean a file when shipping is mentioned ("no shipping: instant download"). */
const EXPLICIT_DIGITAL = re(`digital${NOT_A_DEVICE}|instant(?:ly)? download|downloadable|download|printable|svg|dijital${NOT_A_DEVICE}|indirme|indirilebilir|yazdırılabilir`);

interface DigitalReading {
  /** Sold as a file. */
  digital: boolean;
  /** A pattern: instructions to make something (a file, unless it comes in a kit). */
  pattern: boolean;
}

/** The whole text and the seller's keywords, read once: is it a file, is it a pattern. */
export function readDigital(text: string, keywords: readonly string[] = []): DigitalReading {
  // Turkish and English words in one lower case ("İndirme" → "indirme"; "PDF" → "pdf").
  const all = `${text}\n${keywords.join("\n")}`.replace(/İ/g, "i").toLowerCase().replace(/i̇/g, "i");
  const pattern = PATTERN.test(all);
  if (NO_PHYSICAL.test(all)) return { digital: true, pattern };
  if (KIT.test(all)) return { digital: false, pattern };
  const says = DIGITAL_WORDS.test(all) || pattern;
  if (!says) return { digital: false, pattern };
  if (SHIPPED.test(all) && !EXPLICIT_DIGITAL.test(all)) return { digital: false, pattern };
  return { digital: true, pattern };
}
