/**
 * Devices: things a factory makes that a seller names by maker and model and a buyer judges by what it does, what
 * state it is in and what comes with it, never by what it is made of or how to care for it (decision 0086).
 */
const DEVICE_HEAD =
  /^(?:camera|lens|lenses|objektif|camcorder|headphones?|earbuds|earphones|headset|laptop|notebook|computer|chromebook|macbook|phone|smartphone|iphone|console|tablet|ipad|smartwatch|mouse|keyboard|speaker|soundbar|player|walkman|e-reader|ereader|kindle|drone|monitor|router|controller|gamepad|charger|projector|printer|receiver|amplifier|telefon|kulaklık|bilgisayar|konsol|fare|klavye|hoparlör|kamera|fotoğraf makinesi|şarj aleti|şarj cihazı|kumanda|yazıcı|projeksiyon)$/iu;
/** Nouns no maker of handmade things uses for their own piece: a device whoever sells it ("65W USB-C charger"). */
const ALWAYS_DEVICE =
  /^(?:camcorder|laptop|chromebook|macbook|smartphone|iphone|ipad|airpods|smartwatch|soundbar|e-reader|ereader|drone|router|projector|printer|charger|şarj aleti|şarj cihazı|yazıcı)$/iu;
/** Game consoles named by their line, never by a noun. */
const CONSOLE_LINE =
  /(?<![\p{L}])(?:game ?boy(?: colou?r| advance| pocket)?|nintendo (?:64|ds|3ds|wii|wii u|switch|gamecube)|gamecube|playstation(?: \d| portable| vita)?|psp|ps vita|xbox(?: 360| one| series [xs])?|sega (?:genesis|mega drive|saturn|dreamcast|game gear)|atari \d{4})(?![\p{L}])/iu;
/** Machines a maker names by model, judged by whether they work and what comes with them. */
const MACHINE = /(?<![\p{L}])(?:sewing machine|dikiş makine(?:si)?|typewriter|daktilo|record player|turntable|pikap|radio|radyo|gramophone|gramofon|projector)(?![\p{L}])/iu;
/** The words of a line's name after its device's noun ("Pro" of "AirPods Pro", "Paperwhite", "Ultra", "2nd generation"). */
const LINE_WORD = /^(?:pro|max|air|ultra|mini|plus|lite|paperwhite|oasis|scribe|se|fe|\d{1,2}(?:st|nd|rd|th)?|generation|gen|\d{1,4} ?(?:gb|tb))$/iu;
/** Makers whose watch is a smartwatch ("Apple Watch Series 7", "Samsung Galaxy Watch 4", a Garmin). */
const SMARTWATCH_MAKERS = /^(?:apple|samsung|google|garmin|fitbit|huawei|xiaomi|amazfit|fossil smartwatches)$/iu;
/** Makers of devices only: a title that opens with one and names a device's noun is a device's. */
const DEVICE_MAKERS =
  /^(?:canon|nikon|sony|fujifilm|olympus|pentax|leica|panasonic|gopro|dji|bose|sennheiser|jbl|beats|logitech|dell|lenovo|asus|acer|hp|apple|samsung|google|garmin|fitbit|nintendo|kindle)$/u;
/** A device's storage as its seller writes it ("64GB", "1 TB"). */
const STORAGE_SAID = /(?<![\p{L}\p{N}.])\d{1,4} ?(?:GB|TB)(?![\p{L}])/u;

/**
 * Whether the seller's product is a device: a maker's ("Bose" headphones, a "Nintendo" console of "64GB"), or a noun
 * only a device has ("charger"). A felted "mouse" or a wooden "speaker" with no maker is a made thing.
 */
export function isDevice(sheet: { head?: string; brand?: string; product?: string }, text: string): boolean {
  const head = sheet.head?.trim() ?? "";
  if (ALWAYS_DEVICE.test(head) || ALWAYS_DEVICE.test(lineDeviceOf(sheet.product))) return true;
  // (A console named by its line: "Nintendo Game Boy Color", "Sony PlayStation 2 Slim".)
  // (So is a maker's machine: "Singer 221 Featherweight sewing machine", "Olivetti daktilo".)
  if (sheet.brand && (CONSOLE_LINE.test(sheet.product ?? "") || MACHINE.test(sheet.product ?? ""))) return true;
  return !!sheet.brand && (DEVICE_HEAD.test(head) || STORAGE_SAID.test(text) || isSmartwatch(sheet));
}

/**
 * The device a line's name ends its product's name on ("airpods" of "Apple AirPods Pro 2nd generation"), or "": the
 * words after it only name the line. ("iPhone 15 case" is a case.)
 */
function lineDeviceOf(product = ""): string {
  const words = product.toLowerCase().split(/\s+/u).filter(Boolean);
  const at = words.findLastIndex((w) => ALWAYS_DEVICE.test(w));
  return at >= 0 && words.slice(at + 1).every((w) => LINE_WORD.test(w)) ? words[at] : "";
}

/** A smartwatch maker's watch ("Apple Watch Series 7 … aluminium case"): a device, typed "Smartwatch". */
export function isSmartwatch(sheet: { head?: string; brand?: string }): boolean {
  return /^(?:watch|saat|smartwatch)$/iu.test(sheet.head?.trim() ?? "") && SMARTWATCH_MAKERS.test(sheet.brand ?? "");
}

/** The same of a listing known only by its title (an imported or pasted listing): a noun only a device has, or a device's noun with its storage. */
export function isDeviceTitle(title: string): boolean {
  const words = title.toLowerCase().split(/[^\p{L}\p{N}-]+/u);
  // (Or with what only a device has, "Bluetooth 5.3", "30H Playtime", or a maker's model code, "AE-1", "P20i", "WH-1000XM5"; decision 0090.)
  // (Or a maker of devices only, "canon lens 50mm", "sony headphones"; decision 0091.)
  const made = STORAGE_SAID.test(title) || DEVICE_SPEC.test(title) || MODEL_CODE.test(title) || DEVICE_MAKERS.test(words[0] ?? "");
  return words.some((w) => ALWAYS_DEVICE.test(w)) || (words.some((w) => DEVICE_HEAD.test(w)) && made);
}
const DEVICE_SPEC = /(?<![\p{L}])(?:bluetooth|wi-?fi|usb-?c?|mah|playtime|battery|noise cancell?ing|hdmi|megapixels?|\d+ ?mp)(?![\p{L}])/iu;
const MODEL_CODE = /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}-]*\d)(?=[\p{L}\p{N}-]*\p{Lu})[\p{Lu}\d]{1,5}-?[\p{Lu}\d]{1,8}[a-z]?(?![\p{L}\p{N}])/u;

/** Makers that make only watches ("Rolex Datejust" needs no "watch"; decision 0090). */
const WATCH_MAKERS =
  /^(?:rolex|omega|tudor|breitling|patek philippe|audemars piguet|tag heuer|longines|iwc|panerai|hublot|zenith|jaeger-lecoultre|oris|tissot|hamilton|rado|seiko|grand seiko|orient|citizen|g-shock|swatch|timex|bulova)$/iu;
export const isWatchMaker = (brand: string | undefined) => WATCH_MAKERS.test(brand ?? "");

const WATCH_NOUN =
  /(?<![\p{L}])(?<!for (?:an? |the |your |my |apple |samsung |galaxy |garmin |fitbit )?)(?:wrist ?watch|watch|kol saati)(?! (?:bands?|straps?|box(?:es)?|case|stand|winder|holder|roll|charger|cap|face|parts?|kordonu|kutusu))(?![\p{L}])/iu;

/**
 * A listing of a watch, a maker's timepiece its buyer judges by its state and what comes with it (box, papers), never
 * by its care: its text opens with a watchmaker or names a watch.
 */
export function isWatchListing(text: string): boolean {
  const first = /^\s*(?:vintage\s+)?([\p{L}-]+(?: [\p{L}-]+)?)/u.exec(text)?.[1] ?? "";
  // (Not what is made for a watch, "Apple Watch band", "watch box", nor a "watch cap", a hat; nor a maker's own wooden
  // watch, a made thing asked its material.)
  const made = /(?<![\p{L}])(?:handmade|hand[- ]made|handcrafted|wooden|bamboo|el yapımı|ahşap)(?![\p{L}])/iu.test(text.slice(0, 200));
  return WATCH_MAKERS.test(first) || WATCH_MAKERS.test(first.split(" ")[0]) || (!made && WATCH_NOUN.test(text.slice(0, 200)));
}

/** A vehicle's part: sold by its part number or for the vehicles it fits ("OEM part number 45022-TBA-A01", "for 2016-2020 Honda Civic"). */
export function isVehiclePart(text: string): boolean {
  const forVehicle = /(?<![\p{L}])(?:for|fits) (?:19|20)\d\d(?:-(?:19|20)?\d\d)? \p{Lu}/u.test(text);
  return forVehicle || (/(?<![\p{L}])(?:oem|part (?:number|no\.?)|mpn|p\/n)(?![\p{L}])/iu.test(text) && /(?<![\p{L}])(?:fits?|compatible)(?![\p{L}])/iu.test(text));
}

/**
 * Foods and drinks, by the noun they are named with ("raw honey", "matcha", "çiçek balı"; decision 0091). Not "oil":
 * a beard oil is none.
 */
const FOOD_HEAD =
  /^(?:honey|tea|teas|matcha|coffee|jam|jams|jelly|preserves|syrup|sauce|spices?|seasoning|salt|chocolates?|cookies?|granola|candy|fudge|caramels?|toffee|cakes?|bread|pasta|vinegar|herbs|bal|balı|çay|çayı|kahve|kahvesi|reçel|reçeli|baharat|lokum|pekmez|pekmezi|tahin|helva|zeytinyağı|kurabiye|çikolata)$/iu;
/** Any food's word, for a quick look before a reading of the product. */
export const FOOD_WORD = new RegExp(`(?<![\\p{L}])(?:${FOOD_HEAD.source.slice(4, -2)})(?![\\p{L}])`, "iu");
/** A food's powder: a food's word names it ("matcha green tea powder", "kakao tozu"); a baby powder is none. */
const FOOD_POWDER = new RegExp(`${FOOD_WORD.source} (?:[\\p{L}-]+ )?(?:powder|tozu)(?![\\p{L}])`, "iu");
/** A food by its noun, or its powder by the product's name that says whose. */
export const isFoodHead = (head: string | undefined, product = "") => FOOD_HEAD.test(head ?? "") || (/^(?:powder|tozu)$/iu.test(head ?? "") && FOOD_POWDER.test(product));
/** What a food comes in, named as a part of it ("12 oz glass jar" of honey): its packaging, never its material. */
export const isFoodPackaging = (head: string | undefined, part: string) => isFoodHead(head) && /^(?:jars?|tins?|bottles?|pouch(?:es)?|kavanoz\p{L}*|şişe\p{L}*)$/iu.test(part);
