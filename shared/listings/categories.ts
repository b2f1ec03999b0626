/**
 * The category model of the offline composer and the rule enforcer: the common Etsy product types,
 * the nouns (English and Turkish) that name them, and, per category and language, the buyer-intent
 * phrases shoppers type, the occasions a product of that type is bought for, the words of its
 * template sentences and its item-specifics type. A product's category comes from the head noun of
 * the product phrase (the noun the seller named the product with), so "baby blanket" is a baby item,
 * "wedding guest book" a wedding item and "cat sticker" a sticker.
 */

export type Lang = "en" | "tr";

export type CategoryId =
  | "necklace"
  | "earrings"
  | "ring"
  | "bracelet"
  | "jewelry"
  | "mug"
  | "bottle"
  | "appliance"
  | "kitchen"
  | "candle"
  | "art"
  | "clothing"
  | "hat"
  | "bag"
  | "accessories"
  | "planner"
  | "sticker"
  | "soap"
  | "ceramics"
  | "toy"
  | "baby"
  | "blanket"
  | "decor"
  | "ornament"
  | "wedding"
  | "invitation"
  | "pet"
  | "music"
  | "book"
  | "pattern"
  | "digital"
  | "other";

interface Localised<T> {
  en: T;
  tr: T;
}

export interface CategoryModel {
  id: CategoryId;
  /** Head nouns that name a product of this type (singular and plural, Turkish stems without the possessive suffix). */
  nouns: Localised<string[]>;
  /** The item type as an eBay item specific and the noun of the templates, e.g. "Necklace". */
  type: Localised<string>;
  /**
   * What shoppers type (at most 20 characters each). A phrase naming an audience, occasion, use or
   * property ("kids clothing", "everyday wear", "kitchen decor") is written only when the seller's words
   * support it (shared/listings/support.ts, decision 0039), so each audience a product may have is listed.
   */
  intent: Localised<string[]>;
  /** A short closing phrase of a title, e.g. "Gift for Her": written only when the seller's words support it, like the intent phrases. */
  titleTail: Localised<string[]>;
  /** Synonyms for Amazon search terms (words a shopper may use that the seller did not). */
  synonyms: Localised<string[]>;
  /** Sold as a file. */
  digital?: boolean;
}

const C = (model: CategoryModel) => model;

export const CATEGORIES: CategoryModel[] = [
  C({
    id: "necklace",
    nouns: { en: ["necklace", "necklaces", "pendant", "choker", "locket"], tr: ["kolye", "kolyeler", "kolyesi", "kolyeleri", "kolye ucu", "gerdanlık"] },
    type: { en: "Necklace", tr: "Kolye" },
    intent: {
      en: ["gift for her", "layering necklace", "dainty necklace", "everyday necklace", "anniversary gift", "mothers day gift", "bridesmaid gift"],
      tr: ["kadına hediye", "sevgiliye hediye", "günlük kolye", "zarif kolye", "doğum günü hediyesi", "anneler günü hediye", "yıldönümü hediyesi"],
    },
    titleTail: { en: ["Gift for Her", "Everyday Layering Necklace", "Birthday Gift for Her"], tr: ["Kadına Hediye", "Sevgiliye Hediye", "Doğum Günü Hediyesi"] },
    synonyms: { en: ["jewelry", "jewellery", "chain", "pendant", "women", "girlfriend", "wife", "mom"], tr: ["takı", "mücevher", "zincir", "kadın", "sevgili", "eş", "anne"] },
  }),
  C({
    id: "earrings",
    nouns: { en: ["earrings", "earring", "hoops", "studs", "huggies"], tr: ["küpe", "küpeler", "küpesi"] },
    type: { en: "Earrings", tr: "Küpe" },
    intent: {
      en: ["gift for her", "everyday earrings", "minimalist earrings", "bridesmaid gift", "mothers day gift"],
      tr: ["kadına hediye", "günlük küpe", "zarif küpe", "doğum günü hediyesi", "sevgiliye hediye"],
    },
    titleTail: { en: ["Gift for Her", "Everyday Earrings", "Bridesmaid Gift"], tr: ["Kadına Hediye", "Günlük Küpe", "Sevgiliye Hediye"] },
    synonyms: { en: ["jewelry", "jewellery", "women", "girlfriend", "wife", "mom", "ear"], tr: ["takı", "mücevher", "kadın", "sevgili", "anne"] },
  }),
  C({
    id: "ring",
    nouns: { en: ["ring", "rings", "band", "bands"], tr: ["yüzük", "yüzükler", "yüzüğü", "alyans"] },
    type: { en: "Ring", tr: "Yüzük" },
    intent: {
      en: ["gift for her", "gift for him", "stacking ring", "anniversary gift", "promise ring", "birthday gift"],
      tr: ["kadına hediye", "erkeğe hediye", "sevgiliye hediye", "yıldönümü hediyesi", "söz yüzüğü"],
    },
    titleTail: { en: ["Anniversary Gift", "Gift for Her", "Gift for Him"], tr: ["Sevgiliye Hediye", "Yıldönümü Hediyesi", "Kadına Hediye"] },
    synonyms: { en: ["jewelry", "jewellery", "women", "men", "wife", "husband", "finger"], tr: ["takı", "mücevher", "kadın", "erkek", "eş", "parmak"] },
  }),
  C({
    id: "bracelet",
    nouns: { en: ["bracelet", "bracelets", "bangle", "bangles", "anklet", "anklets", "cuff"], tr: ["bileklik", "bilezik", "bileklikler", "halhal"] },
    type: { en: "Bracelet", tr: "Bileklik" },
    intent: {
      en: ["gift for her", "stacking bracelet", "friendship bracelet", "birthday gift", "everyday bracelet"],
      tr: ["kadına hediye", "arkadaşa hediye", "günlük bileklik", "doğum günü hediyesi"],
    },
    titleTail: { en: ["Gift for Her", "Stacking Bracelet", "Birthday Gift"], tr: ["Kadına Hediye", "Arkadaşa Hediye", "Doğum Günü Hediyesi"] },
    synonyms: { en: ["jewelry", "jewellery", "wrist", "women", "friend", "beaded"], tr: ["takı", "bilek", "kadın", "arkadaş"] },
  }),
  C({
    id: "jewelry",
    nouns: { en: ["jewelry", "jewellery", "brooch", "charm", "charms", "pin", "cufflinks", "tiara", "hairpin"], tr: ["takı", "takılar", "broş", "kol düğmesi", "toka"] },
    type: { en: "Jewelry", tr: "Takı" },
    intent: { en: ["gift for her", "handmade jewelry", "birthday gift", "anniversary gift"], tr: ["kadına hediye", "el yapımı takı", "doğum günü hediyesi"] },
    titleTail: { en: ["Gift for Her", "Handmade Jewelry", "Birthday Gift"], tr: ["Kadına Hediye", "El Yapımı Takı", "Doğum Günü Hediyesi"] },
    synonyms: { en: ["jewellery", "accessory", "women", "gift"], tr: ["aksesuar", "kadın", "hediye"] },
  }),
  C({
    id: "mug",
    nouns: {
      en: ["mug", "mugs", "cup", "cups", "tumbler", "tumblers", "teacup"],
      tr: ["kupa", "kupalar", "kupası", "bardak", "bardağı", "fincan", "fincanı"],
    },
    type: { en: "Mug", tr: "Kupa" },
    intent: {
      en: ["coffee lover gift", "tea lover gift", "coffee mug", "birthday gift", "office mug", "christmas gift"],
      tr: ["kahve sevene hediye", "kahve kupası", "çay kupası", "doğum günü hediyesi", "ofis kupası", "yılbaşı hediyesi"],
    },
    titleTail: { en: ["Coffee Lover Gift", "Gift for Coffee Lovers", "Birthday Gift"], tr: ["Kahve Sevene Hediye", "Doğum Günü Hediyesi", "Yılbaşı Hediyesi"] },
    synonyms: { en: ["cup", "coffee", "tea", "latte", "drinkware", "kitchen"], tr: ["fincan", "bardak", "kahve", "çay", "mutfak"] },
  }),
  // A bottle is carried, not sat down with a coffee: no coffee lover's gift and no latte among its words.
  C({
    id: "bottle",
    nouns: {
      en: ["water bottle", "water bottles", "bottle", "bottles", "flask", "flasks", "thermos", "canteen", "sports bottle", "drink bottle"],
      tr: ["matara", "matarası", "termos", "termosu", "su şişesi", "suluk"],
    },
    type: { en: "Water Bottle", tr: "Matara" },
    intent: { en: ["insulated water bottle", "gym water bottle", "reusable water bottle", "insulated bottle"], tr: ["termos matara", "spor salonu matarası", "yalıtımlı matara"] },
    titleTail: { en: [], tr: [] },
    synonyms: { en: ["drinkware", "hydration", "flask"], tr: ["matara", "termos"] },
  }),
  // A kitchen machine is bought for what it does: no gift tail, no maker's words.
  C({
    id: "appliance",
    nouns: {
      en: [
        "air fryer",
        "air fryers",
        "airfryer",
        "deep fryer",
        "toaster",
        "toaster oven",
        "kettle",
        "electric kettle",
        "coffee maker",
        "coffee machine",
        "espresso machine",
        "stand mixer",
        "hand mixer",
        "slow cooker",
        "pressure cooker",
        "rice cooker",
        "food processor",
        "juicer",
        "waffle maker",
      ],
      tr: [
        "airfryer",
        "fritöz",
        "fritözü",
        "tost makinesi",
        "kettle",
        "su ısıtıcısı",
        "kahve makinesi",
        "kahve makinası",
        "kahvesi makinesi",
        "türk kahvesi makinesi",
        "çay makinesi",
        "mikser",
        "düdüklü tencere",
        "mutfak robotu",
        "meyve sıkacağı",
      ],
    },
    type: { en: "Kitchen Appliance", tr: "Mutfak Aleti" },
    intent: { en: ["kitchen appliance", "countertop appliance"], tr: ["mutfak aleti"] },
    titleTail: { en: [], tr: [] },
    synonyms: { en: ["appliance", "countertop", "kitchen"], tr: ["mutfak", "aleti"] },
  }),
  // A kitchen tool is used, not displayed: a proofing basket is no home decor.
  C({
    id: "kitchen",
    nouns: {
      en: [
        "proofing basket",
        "proofing baskets",
        "bread basket",
        "banneton",
        "bannetons",
        "rolling pin",
        "spatula",
        "spatulas",
        "whisk",
        "colander",
        "skillet",
        "frying pan",
        "saucepan",
        "dutch oven",
        "peeler",
        "grater",
        "utensil set",
        "utensils",
        "spice rack",
      ],
      tr: ["mayalama sepeti", "oklava", "spatula", "tava", "tavası", "tencere", "tenceresi", "rende", "soyacak", "kevgir", "baharatlık"],
    },
    type: { en: "Kitchen Tool", tr: "Mutfak Gereci" },
    intent: { en: ["kitchen accessories", "kitchenware"], tr: ["mutfak gereçleri", "mutfak aksesuarı"] },
    titleTail: { en: [], tr: [] },
    synonyms: { en: ["kitchen", "kitchenware"], tr: ["mutfak", "gereçleri"] },
  }),
  C({
    id: "candle",
    nouns: { en: ["candle", "candles", "wax melts", "tealights"], tr: ["mum", "mumlar", "mumu", "mumları"] },
    type: { en: "Candle", tr: "Mum" },
    intent: {
      en: ["scented candle", "housewarming gift", "self care gift", "candle gift", "cozy home decor", "birthday gift"],
      tr: ["kokulu mum", "yeni ev hediyesi", "dekoratif mum", "kendine hediye", "doğum günü hediyesi"],
    },
    titleTail: { en: ["Housewarming Gift", "Self Care Gift", "Cozy Home Gift"], tr: ["Yeni Ev Hediyesi", "Dekoratif Mum", "Doğum Günü Hediyesi"] },
    synonyms: { en: ["scented", "aromatherapy", "home", "fragrance", "relaxing"], tr: ["kokulu", "aromaterapi", "ev", "koku", "dekor"] },
  }),
  C({
    id: "art",
    nouns: {
      en: [
        "print",
        "prints",
        "poster",
        "posters",
        "painting",
        "paintings",
        "artwork",
        "portrait",
        "pet portrait",
        "portraits",
        "illustration",
        "wall art",
        "canvas",
        "photograph",
        "linocut",
        "etching",
      ],
      tr: ["poster", "posteri", "tablo", "tablosu", "baskı", "baskısı", "resim", "resmi", "portre", "duvar sanatı", "kanvas"],
    },
    type: { en: "Art Print", tr: "Poster" },
    intent: {
      en: ["wall art", "wall decor", "living room decor", "gallery wall", "housewarming gift", "art gift"],
      tr: ["duvar dekoru", "duvar sanatı", "salon dekorasyonu", "ev dekorasyonu", "yeni ev hediyesi"],
    },
    titleTail: { en: ["Wall Art Decor", "Gallery Wall Print", "Housewarming Gift"], tr: ["Duvar Dekoru", "Ev Dekorasyonu", "Yeni Ev Hediyesi"] },
    synonyms: { en: ["art", "decor", "wall", "room", "home", "frame", "gallery"], tr: ["sanat", "dekor", "duvar", "oda", "ev", "çerçeve"] },
  }),
  C({
    id: "clothing",
    nouns: {
      en: [
        "shoes",
        "sneakers",
        "trainers",
        "boots",
        "sandals",
        "slippers",
        "t-shirt",
        "t-shirts",
        "shirt",
        "shirts",
        "tee",
        "tees",
        "tshirt",
        "hoodie",
        "hoodies",
        "sweatshirt",
        "sweater",
        "sweaters",
        "jumper",
        "cardigan",
        "dress",
        "dresses",
        "skirt",
        "kimono",
        "jacket",
        "pants",
        "socks",
        "top",
        "blouse",
        "vest",
        "leggings",
        "pajamas",
        "apron",
        "aprons",
        "smock",
        "smocks",
        "overalls",
      ],
      tr: [
        "tişört",
        "tişörtü",
        "gömlek",
        "kazak",
        "kazağı",
        "hırka",
        "hırkası",
        "elbise",
        "elbisesi",
        "etek",
        "eteği",
        "sweatshirt",
        "ceket",
        "çorap",
        "bluz",
        "yelek",
        "önlük",
        "pijama",
        "ayakkabı",
        "ayakkabısı",
        "spor ayakkabı",
        "çizme",
        "terlik",
        "sandalet",
      ],
    },
    type: { en: "Clothing", tr: "Giyim" },
    intent: {
      en: ["womens clothing", "mens clothing", "kids clothing", "baby clothes", "unisex clothing", "gift for her", "gift for him", "casual wear", "birthday gift", "everyday outfit"],
      tr: ["kadın giyim", "erkek giyim", "çocuk giyim", "bebek giyim", "unisex giyim", "günlük giyim", "doğum günü hediyesi"],
    },
    titleTail: { en: ["Gift for Her", "Gift for Him", "Kids Clothing", "Everyday Wear"], tr: ["Çocuk Giyim", "Günlük Giyim", "Kadına Hediye", "Erkeğe Hediye"] },
    synonyms: { en: ["apparel", "clothes", "outfit", "women", "men", "kids", "baby", "wear"], tr: ["kıyafet", "giysi", "kadın", "erkek", "çocuk", "bebek", "kombin"] },
  }),
  C({
    id: "hat",
    nouns: {
      en: ["hat", "hats", "beanie", "beanies", "cap", "caps", "beret", "bucket hat", "balaclava", "headband", "ear warmer"],
      tr: ["bere", "beresi", "şapka", "şapkası", "kep", "bandana", "saç bandı", "boyunluk"],
    },
    type: { en: "Hat", tr: "Bere" },
    intent: {
      en: ["winter hat", "warm winter beanie", "kids hat", "baby hat", "womens hat", "mens hat", "gift for her", "gift for him", "christmas gift", "cold weather hat"],
      tr: ["kışlık bere", "sıcak tutan bere", "çocuk bere", "bebek bere", "kadın bere", "erkek bere", "yılbaşı hediyesi"],
    },
    titleTail: { en: ["Warm Winter Hat", "Winter Hat for Women and Men", "Christmas Gift"], tr: ["Kışlık Bere", "Sıcak Tutan Bere", "Yılbaşı Hediyesi"] },
    synonyms: { en: ["winter", "warm", "knit", "cold", "women", "men", "beanie", "toque"], tr: ["kış", "sıcak", "örgü", "kadın", "erkek", "şapka"] },
  }),
  C({
    id: "bag",
    nouns: {
      en: ["bag", "bags", "tote", "totes", "purse", "purses", "backpack", "pouch", "clutch", "crossbody", "handbag"],
      tr: ["çanta", "çantası", "bez çanta", "sırt çantası", "cüzdan", "kese", "clutch"],
    },
    type: { en: "Bag", tr: "Çanta" },
    intent: {
      en: ["gift for her", "reusable market bag", "teacher gift", "everyday bag", "beach bag", "book bag"],
      tr: ["günlük çanta", "alışveriş çantası", "kadına hediye", "plaj çantası", "omuz çantası"],
    },
    titleTail: { en: ["Everyday Shoulder Bag", "Gift for Her", "Reusable Market Bag"], tr: ["Günlük Çanta", "Kadına Hediye", "Alışveriş Çantası"] },
    synonyms: { en: ["shopping", "reusable", "shoulder", "carryall", "women", "grocery"], tr: ["alışveriş", "omuz", "kadın", "bez", "market"] },
  }),
  C({
    id: "accessories",
    nouns: {
      en: [
        "watch",
        "watches",
        "wristwatch",
        "keychain",
        "keychains",
        "keyring",
        "scarf",
        "scarves",
        "wallet",
        "wallets",
        "belt",
        "scrunchie",
        "scrunchies",
        "hair clip",
        "hair clips",
        "sunglasses",
        "gloves",
        "mittens",
        "bookmark",
        "bookmarks",
        "phone case",
        "case",
        "bow",
        "tie",
        "bow tie",
        // A watch's band is no ring (decision 0066: "jewelry jewellery finger" in a watch band's search terms).
        "watch band",
        "watch bands",
        "watch strap",
        "watch straps",
        "sport band",
        "sport loop",
        "loop band",
      ],
      tr: ["anahtarlık", "anahtarlığı", "eşarp", "şal", "atkı", "atkısı", "fular", "kemer", "toka", "tokası", "eldiven", "ayraç", "kitap ayracı", "telefon kılıfı"],
    },
    type: { en: "Accessory", tr: "Aksesuar" },
    intent: { en: ["gift for her", "gift for him", "stocking stuffer", "birthday gift", "small gift idea"], tr: ["kadına hediye", "erkeğe hediye", "küçük hediye", "doğum günü hediyesi"] },
    titleTail: { en: ["Gift for Her", "Gift for Him", "Stocking Stuffer"], tr: ["Kadına Hediye", "Erkeğe Hediye", "Doğum Günü Hediyesi"] },
    synonyms: { en: ["accessory", "accessories", "women", "men", "everyday"], tr: ["aksesuar", "kadın", "erkek", "günlük"] },
  }),
  C({
    id: "planner",
    digital: true,
    nouns: {
      en: ["planner", "planners", "printable", "printables", "calendar", "tracker", "worksheet", "worksheets", "checklist", "journal pages", "inserts"],
      tr: ["ajanda", "ajandası", "planlayıcı", "takvim", "takvimi", "çizelge", "yazdırılabilir"],
    },
    type: { en: "Planner", tr: "Ajanda" },
    intent: {
      en: ["printable planner", "digital planner", "instant download", "productivity planner", "planner inserts", "organization gift"],
      tr: ["yazdırılabilir ajanda", "dijital ajanda", "anında indirme", "planlama sayfası", "günlük planlayıcı"],
    },
    titleTail: { en: ["Printable Planner", "Instant Download", "Productivity Planner"], tr: ["Yazdırılabilir Ajanda", "Anında İndirme", "Dijital Planlayıcı"] },
    synonyms: { en: ["organizer", "agenda", "schedule", "productivity", "goals", "pdf", "printable"], tr: ["organizer", "plan", "program", "hedef", "pdf"] },
  }),
  C({
    id: "sticker",
    nouns: { en: ["sticker", "stickers", "decal", "decals", "sticker sheet"], tr: ["sticker", "stickerı", "çıkartma", "etiket"] },
    type: { en: "Sticker", tr: "Çıkartma" },
    intent: {
      en: ["laptop sticker", "water bottle sticker", "journal sticker", "stocking stuffer", "small gift idea"],
      tr: ["laptop çıkartması", "matara çıkartması", "ajanda çıkartması", "küçük hediye"],
    },
    titleTail: { en: ["Laptop Sticker", "Water Bottle Decal", "Stocking Stuffer"], tr: ["Laptop Çıkartması", "Matara Çıkartması", "Küçük Hediye"] },
    synonyms: { en: ["decal", "laptop", "bottle", "journal", "vinyl", "cute"], tr: ["çıkartma", "laptop", "matara", "ajanda"] },
  }),
  C({
    id: "soap",
    nouns: {
      en: [
        "soap",
        "soaps",
        "soap bar",
        "bath bomb",
        "bath bombs",
        "lotion",
        "balm",
        "body butter",
        "bath salts",
        "scrub",
        "lip balm",
        "perfume",
        "perfumes",
        "perfume oil",
        "solid perfume",
        "parfum",
        "toilette",
        "cologne",
      ],
      tr: ["sabun", "sabunu", "sabunlar", "banyo bombası", "krem", "balm", "tuz", "peeling"],
    },
    type: { en: "Soap", tr: "Sabun" },
    intent: { en: ["natural soap", "self care gift", "spa gift", "gift for her", "bathroom decor"], tr: ["doğal sabun", "el yapımı sabun", "kendine hediye", "bakım hediyesi", "kadına hediye"] },
    titleTail: { en: ["Self Care Gift", "Spa Gift for Her", "Natural Skin Care"], tr: ["Doğal Bakım", "Kendine Hediye", "Kadına Hediye"] },
    synonyms: { en: ["skincare", "bath", "body", "shower", "spa", "natural", "gentle"], tr: ["cilt", "banyo", "vücut", "duş", "doğal", "bakım"] },
  }),
  C({
    id: "ceramics",
    nouns: {
      en: [
        "bowl",
        "bowls",
        "plate",
        "plates",
        "vase",
        "vases",
        "planter",
        "planters",
        "dish",
        "dishes",
        "pot",
        "pots",
        "platter",
        "jug",
        "pitcher",
        "teapot",
        "tray",
        "coaster",
        "coasters",
        "spoon rest",
      ],
      tr: ["kase", "kasesi", "tabak", "tabağı", "vazo", "vazosu", "saksı", "saksısı", "çanak", "tepsi", "bardak altlığı", "demlik", "sürahi"],
    },
    type: { en: "Bowl", tr: "Kase" },
    intent: { en: ["housewarming gift", "kitchen decor", "pottery gift", "table decor", "gift for mom"], tr: ["yeni ev hediyesi", "mutfak dekoru", "seramik hediye", "sofra dekoru", "anneye hediye"] },
    titleTail: { en: ["Housewarming Gift", "Handmade Pottery", "Kitchen Decor"], tr: ["Yeni Ev Hediyesi", "El Yapımı Seramik", "Mutfak Dekoru"] },
    synonyms: { en: ["pottery", "ceramic", "stoneware", "kitchen", "dinnerware", "tableware"], tr: ["çömlek", "seramik", "mutfak", "sofra"] },
  }),
  C({
    id: "toy",
    nouns: {
      en: ["toy", "toys", "amigurumi", "plush", "plushie", "doll", "dolls", "teddy", "teddy bear", "stuffed animal", "bunny", "rattle", "puzzle"],
      tr: ["oyuncak", "oyuncağı", "oyuncaklar", "amigurumi", "peluş", "bebek oyuncak", "ayıcık", "tavşan", "çıngırak"],
    },
    type: { en: "Toy", tr: "Oyuncak" },
    intent: {
      en: ["gift for kids", "stuffed animal", "baby shower gift", "nursery decor", "birthday gift kids"],
      tr: ["çocuğa hediye", "bebeğe hediye", "peluş oyuncak", "bebek odası dekoru", "doğum günü hediyesi"],
    },
    titleTail: { en: ["Gift for Kids", "Baby Shower Gift", "Nursery Decor"], tr: ["Çocuğa Hediye", "Bebeğe Hediye", "Bebek Odası Dekoru"] },
    synonyms: { en: ["kids", "children", "baby", "stuffed", "plush", "soft", "cuddly"], tr: ["çocuk", "bebek", "peluş", "yumuşak"] },
  }),
  C({
    id: "baby",
    nouns: {
      en: ["bib", "bibs", "onesie", "onesies", "bodysuit", "swaddle", "booties", "pacifier clip", "teether", "romper", "bonnet"],
      tr: ["önlük", "mama önlüğü", "zıbın", "body", "patik", "emzik askısı", "diş kaşıyıcı", "tulum"],
    },
    type: { en: "Baby Item", tr: "Bebek Ürünü" },
    intent: {
      en: ["baby shower gift", "new baby gift", "newborn gift", "nursery decor", "newborn baby gift", "new mom gift", "baby registry"],
      tr: ["bebek hediyesi", "yeni doğan hediyesi", "bebek odası", "hoş geldin bebek", "yeni anne hediyesi", "hamile hediyesi"],
    },
    titleTail: { en: ["Baby Shower Gift", "New Baby Gift", "Newborn Gift"], tr: ["Yeni Doğan Hediyesi", "Bebek Hediyesi", "Hoş Geldin Bebek Hediyesi"] },
    synonyms: { en: ["baby", "newborn", "infant", "toddler", "nursery", "shower"], tr: ["bebek", "yenidoğan", "bebeğe", "çocuk"] },
  }),
  C({
    id: "blanket",
    nouns: { en: ["blanket", "blankets", "throw", "throws", "quilt", "quilts", "afghan", "comforter"], tr: ["battaniye", "battaniyesi", "battaniyeler", "pike", "yorgan", "örtü", "örtüsü"] },
    type: { en: "Blanket", tr: "Battaniye" },
    intent: {
      en: ["cozy throw blanket", "housewarming gift", "sofa blanket", "christmas gift", "gift for mom"],
      tr: ["koltuk örtüsü", "yeni ev hediyesi", "kanepe battaniyesi", "anneye hediye", "yılbaşı hediyesi"],
    },
    titleTail: { en: ["Cozy Housewarming Gift", "Sofa Throw", "Gift for Mom"], tr: ["Yeni Ev Hediyesi", "Kanepe Battaniyesi", "Anneye Hediye"] },
    synonyms: { en: ["throw", "cozy", "sofa", "couch", "bed", "home"], tr: ["örtü", "kanepe", "koltuk", "yatak", "ev"] },
  }),
  C({
    id: "decor",
    nouns: {
      en: [
        "pillow",
        "pillows",
        "cushion",
        "cushions",
        "pillow cover",
        "wreath",
        "wreaths",
        "sign",
        "signs",
        "wall hanging",
        "macrame",
        "garland",
        "banner",
        "lamp",
        "mirror",
        "clock",
        "frame",
        "basket",
        "baskets",
        "rug",
        "rugs",
        "kilim",
        "carpet",
        "table runner",
        "decor",
        // Furniture is what a home is furnished with: a "side table" is the product, never its "top". (Not a bare
        // "table", "shelf" or "desk": "looks great on a shelf" names where a thing stands.)
        "side table",
        "coffee table",
        "console table",
        "end table",
        "nightstand",
        "armchair",
        "stool",
        "bookcase",
        "sideboard",
        "dresser",
        "ottoman",
        "plant stand",
        "candlestick",
        "candlesticks",
        "candle holder",
        "candle holders",
      ],
      tr: [
        "yastık",
        "yastığı",
        "kırlent",
        "kırlenti",
        "kapı süsü",
        "çelenk",
        "tabela",
        "duvar süsü",
        "makrome",
        "lamba",
        "ayna",
        "saat",
        "çerçeve",
        "sepet",
        "halı",
        "halısı",
        "halılar",
        "kilim",
        "kilimi",
        "şamdan",
        "şamdanı",
        "runner",
        "dekor",
        "sehpa",
        "tabure",
        "komodin",
        "kitaplık",
      ],
    },
    type: { en: "Home Decor", tr: "Ev Dekorasyonu" },
    intent: { en: ["home decor", "housewarming gift", "living room decor", "cozy home decor", "gift for mom"], tr: ["ev dekorasyonu", "yeni ev hediyesi", "salon dekorasyonu", "anneye hediye"] },
    titleTail: { en: ["Housewarming Gift", "Living Room Decor", "Cozy Home Decor"], tr: ["Yeni Ev Hediyesi", "Salon Dekorasyonu", "Ev Dekorasyonu"] },
    synonyms: { en: ["decor", "home", "room", "living", "bedroom", "interior"], tr: ["dekor", "ev", "oda", "salon", "yatak odası"] },
  }),
  C({
    id: "ornament",
    nouns: { en: ["ornament", "ornaments", "bauble", "baubles", "tree topper", "stocking"], tr: ["süs", "süsü", "yılbaşı süsü", "ağaç süsü", "çam süsü"] },
    type: { en: "Ornament", tr: "Yılbaşı Süsü" },
    intent: {
      en: ["christmas ornament", "family christmas gift", "tree decoration", "holiday decor", "keepsake gift"],
      tr: ["yılbaşı süsü", "yılbaşı hediyesi", "ağaç süsü", "yeni yıl dekoru", "hatıra hediye"],
    },
    titleTail: { en: ["Christmas Keepsake", "Family Christmas Gift", "Tree Decoration"], tr: ["Yılbaşı Hediyesi", "Ağaç Süsü", "Yeni Yıl Hatırası"] },
    synonyms: { en: ["christmas", "xmas", "holiday", "tree", "decoration", "keepsake", "family"], tr: ["yılbaşı", "yeniyıl", "ağaç", "süs", "aile"] },
  }),
  C({
    id: "wedding",
    nouns: {
      en: ["guest book", "cake topper", "veil", "garter", "bouquet", "boutonniere", "favors", "favours", "table numbers", "ring pillow"],
      tr: ["anı defteri", "pasta süsü", "duvak", "gelin buketi", "nikah şekeri", "masa numarası"],
    },
    type: { en: "Wedding Decor", tr: "Düğün Ürünü" },
    intent: {
      // (No "rustic": a style the seller's piece may not have.)
      en: ["wedding decor", "wedding day decor", "wedding keepsake", "bride to be gift", "engagement gift"],
      tr: ["düğün dekoru", "düğün hatırası", "gelin hediyesi", "nişan hediyesi", "düğün süsü"],
    },
    titleTail: { en: ["Wedding Day Decor", "Wedding Keepsake", "Engagement Gift"], tr: ["Düğün Dekoru", "Düğün Hatırası", "Nişan Hediyesi"] },
    synonyms: { en: ["wedding", "bride", "bridal", "reception", "ceremony", "keepsake"], tr: ["düğün", "gelin", "nikah", "tören", "hatıra"] },
  }),
  C({
    id: "invitation",
    nouns: {
      // A seating chart is event stationery, not a stitch chart (a pattern).
      en: ["invitation", "invitations", "invite", "invites", "save the date", "rsvp card", "card", "cards", "greeting card", "place cards", "menu", "seating chart", "seating charts"],
      tr: ["davetiye", "davetiyesi", "davetiyeler", "kart", "kartı", "tebrik kartı", "menü"],
    },
    type: { en: "Invitation", tr: "Davetiye" },
    intent: {
      en: ["wedding invitation", "printable invitation", "editable template", "invitation template", "wedding stationery"],
      tr: ["düğün davetiyesi", "davetiye şablonu", "düzenlenebilir şablon", "yazdırılabilir davetiye", "nikah davetiyesi"],
    },
    titleTail: { en: ["Editable Template", "Printable Invitation", "Instant Download"], tr: ["Düzenlenebilir Şablon", "Yazdırılabilir Davetiye", "Anında İndirme"] },
    synonyms: { en: ["invite", "stationery", "printable", "template", "editable", "diy", "party"], tr: ["davet", "şablon", "kart", "düğün", "nikah"] },
  }),
  C({
    id: "pet",
    nouns: {
      en: ["collar", "collars", "leash", "leashes", "harness", "bandana", "pet bed", "dog bed", "cat bed", "pet tag", "dog tag", "cat toy", "dog toy", "pet bowl"],
      tr: ["tasma", "tasması", "köpek tasması", "kedi tasması", "bandana", "mama kabı", "kedi yatağı", "köpek yatağı", "künye"],
    },
    type: { en: "Pet Accessory", tr: "Evcil Hayvan Ürünü" },
    intent: {
      en: ["dog lover gift", "cat lover gift", "pet accessories", "new puppy gift", "dog mom gift", "pet gift"],
      tr: ["köpek sevene hediye", "evcil hayvan aksesuarı", "yavru köpek hediyesi", "kedi sevene hediye"],
    },
    titleTail: { en: ["Dog Lover Gift", "New Puppy Gift", "Pet Accessories"], tr: ["Köpek Sevene Hediye", "Evcil Hayvan Aksesuarı", "Yavru Köpek Hediyesi"] },
    synonyms: { en: ["dog", "puppy", "cat", "pet", "doggy", "pup"], tr: ["köpek", "kedi", "evcil", "yavru"] },
  }),
  C({
    // A record: what it is pressed as ("first pressing", "LP", "plak"), never the posters or stickers inside its sleeve.
    id: "music",
    nouns: {
      en: ["vinyl record", "vinyl records", "vinyl lp", "lp record", "lp", "lps", "first pressing", "pressing", "original pressing", "45 rpm", "33 rpm"],
      tr: ["plak", "plağı", "plaklar", "lp plak", "45'lik", "taş plak"],
    },
    type: { en: "Vinyl Record", tr: "Plak" },
    intent: { en: ["vinyl record", "vinyl lp", "record collection", "lp record"], tr: ["plak", "lp plak", "plak koleksiyonu"] },
    titleTail: { en: ["Vinyl LP", "Vinyl Record"], tr: ["LP Plak", "Plak"] },
    synonyms: { en: ["vinyl", "lp", "record", "album"], tr: ["plak", "lp", "albüm"] },
  }),
  C({
    // A book: its title and author lead, its edition and printing are its facts (a guest book is a wedding item).
    id: "book",
    nouns: {
      en: ["book", "books", "paperback", "paperbacks", "hardcover", "hardcovers", "hardback", "hardbacks", "novel", "novels", "first edition", "cookbook", "cookbooks"],
      tr: ["kitap", "kitabı", "kitaplar", "roman", "romanı", "ilk baskı"],
    },
    type: { en: "Book", tr: "Kitap" },
    intent: { en: ["vintage book", "book lover gift", "book collection", "used book"], tr: ["kitap", "ikinci el kitap", "kitap koleksiyonu", "kitap sevene hediye"] },
    titleTail: { en: ["Book", "Paperback"], tr: ["Kitap"] },
    synonyms: { en: ["book", "novel", "paperback", "hardcover", "edition", "reading"], tr: ["kitap", "roman", "baskı", "okuma"] },
  }),
  C({
    id: "pattern",
    digital: true,
    nouns: { en: ["pattern", "patterns", "chart", "charts", "tutorial", "tutorials"], tr: ["model", "modeli", "modelleri", "şema", "şeması", "desen", "deseni", "tarif", "tarifi", "anlatım"] },
    type: { en: "Pattern", tr: "Model" },
    intent: { en: ["pdf pattern", "instant download", "beginner friendly", "diy project", "digital pattern"], tr: ["pdf model", "anında indirme", "yeni başlayanlara", "kendin yap", "dijital model"] },
    titleTail: { en: ["PDF Instant Download", "Beginner Friendly", "DIY Project"], tr: ["PDF Anında İndirme", "Kendin Yap", "Dijital Model"] },
    synonyms: { en: ["pattern", "diy", "handmade", "craft", "tutorial", "pdf", "instructions"], tr: ["model", "örgü", "tığ", "şiş", "kendinyap", "pdf"] },
  }),
  C({
    id: "digital",
    digital: true,
    nouns: {
      en: ["svg", "svgs", "template", "templates", "clipart", "font", "fonts", "preset", "presets", "ebook", "bundle", "cut file", "cut files", "digital paper", "download"],
      tr: ["şablon", "şablonu", "şablonlar", "svg", "font", "e-kitap", "dijital dosya", "paket"],
    },
    type: { en: "Digital Download", tr: "Dijital Ürün" },
    intent: { en: ["instant download", "digital download", "diy project", "cricut project", "craft file"], tr: ["anında indirme", "dijital indirme", "kendin yap", "dijital dosya"] },
    titleTail: { en: ["Instant Download", "Digital Download", "DIY Project"], tr: ["Anında İndirme", "Dijital İndirme", "Kendin Yap"] },
    synonyms: { en: ["digital", "download", "file", "files", "diy", "craft", "instant"], tr: ["dijital", "indirme", "dosya", "kendinyap"] },
  }),
  C({
    id: "other",
    // (And things no other category holds: fabric by the yard, a live plant, postcards, a towel; decision 0091.)
    nouns: {
      en: ["kit", "kits", "gift set", "bookmark set", "fabric", "fabrics", "plant", "plants", "succulent", "succulents", "postcard", "postcards"],
      tr: ["kit", "set", "seti", "kumaş", "kumaşı", "bitki", "bitkisi", "sukulent", "kartpostal", "peştemal", "peştemalı", "havlu", "havlusu", "tesbih", "tespih"],
    },
    type: { en: "Handmade Item", tr: "El Yapımı Ürün" },
    intent: { en: ["gift for her", "gift for him", "birthday gift", "christmas gift", "housewarming gift"], tr: ["kadına hediye", "erkeğe hediye", "doğum günü hediyesi", "yılbaşı hediyesi"] },
    titleTail: { en: ["Gift for Her", "Birthday Gift", "Christmas Gift"], tr: ["Kadına Hediye", "Doğum Günü Hediyesi", "Yılbaşı Hediyesi"] },
    synonyms: { en: ["gift", "present", "handmade"], tr: ["hediye", "armağan", "el yapımı"] },
  }),
];

const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

/**
 * Other names shoppers use for the very thing a product's noun names ("chopping board" for a cutting
 * board, "frying pan" for a skillet, "kesme tahtası" and "doğrama tahtası"): Amazon search terms may
 * carry them (decision 0066). Each says what the seller's noun says and nothing more: no material,
 * use, audience or property (a "butcher block" is a thicker board, a "pitcher" another shape).
 */
const NOUN_SYNONYMS: Localised<[string, string[]][]> = {
  en: [
    ["cutting board", ["chopping board"]],
    ["cutting boards", ["chopping boards"]],
    ["chopping board", ["cutting board"]],
    ["skillet", ["frying pan", "fry pan"]],
    ["frying pan", ["skillet"]],
    ["sealing ring", ["gasket", "seal"]],
    ["watch band", ["watch strap"]],
    ["watch strap", ["watch band"]],
    ["loop band", ["strap"]],
    ["sport band", ["strap"]],
    ["phone case", ["phone cover"]],
    ["water bottle", ["flask"]],
    ["tote bag", ["shopper", "tote"]],
    ["yoga mat", ["exercise mat"]],
    ["rug", ["carpet"]],
    ["cushion", ["pillow"]],
    ["throw pillow", ["cushion"]],
    ["wallet", ["billfold"]],
    ["storage jars", ["canisters"]],
    ["glass jars", ["canisters"]],
    ["bath towels", ["towel set"]],
    ["beach towel", ["peshtemal", "hammam towel"]],
    ["peshtemal", ["turkish towel", "hammam towel"]],
    ["plant hanger", ["hanging planter"]],
    ["coasters", ["drink mats"]],
    ["led strip lights", ["led tape"]],
    ["notebook", ["journal"]],
    ["notebooks", ["journals"]],
    ["apple corer", ["apple coring tool", "apple core remover"]],
    ["corer", ["coring tool"]],
    ["glasses case", ["spectacle case", "eyeglass case"]],
    ["tea towel", ["dish towel", "kitchen towel"]],
    ["napkins", ["serviettes"]],
    ["pie dish", ["pie plate", "pie pan"]],
    ["keyring", ["keychain", "key ring"]],
    ["drawer organizer", ["drawer dividers", "drawer organiser", "drawer tray"]],
    ["earbuds", ["earphones", "headphones"]],
    ["wireless earbuds", ["bluetooth earphones"]],
    ["mixing bowl set", ["nesting bowls"]],
    ["mixing bowls", ["nesting bowls"]],
    ["activity cube", ["activity center", "busy cube"]],
    ["ceramic mug", ["ceramic cup"]],
    ["mug", ["cup"]],
    ["mugs", ["cups"]],
  ],
  tr: [
    ["kesme tahtası", ["doğrama tahtası"]],
    ["termos", ["matara"]],
    ["havlu seti", ["banyo havlusu"]],
    ["peçete", ["bez peçete"]],
    ["yoga matı", ["egzersiz matı"]],
    ["cezve", ["kahve cezvesi"]],
    ["çamaşır sepeti", ["kirli sepeti"]],
    ["banyo paspası", ["banyo halısı"]],
    ["kupa", ["kupa bardak"]],
  ],
};

/** The other names of the product's noun phrase (its last two words, then its last word), best first. */
export function nounSynonyms(productTokens: string[], lang: Lang): string[] {
  const low = productTokens.map((t) => t.toLocaleLowerCase(lang === "tr" ? "tr" : "en"));
  const tails = [low.slice(-3).join(" "), low.slice(-2).join(" "), low.slice(-1).join(" ")];
  const out: string[] = [];
  for (const tail of tails) for (const [noun, others] of NOUN_SYNONYMS[lang]) if (noun === tail) out.push(...others.filter((o) => !out.includes(o)));
  return out;
}

/** Occasions a description may name, and the buyer phrases each brings (EN / TR). */
export const OCCASIONS: { match: RegExp; en: string[]; tr: string[]; not?: CategoryId[] }[] = [
  { match: /\b(christmas|xmas|holiday)\b|yılbaşı|yeni ?yıl|noel/iu, en: ["christmas gift", "stocking stuffer"], tr: ["yılbaşı hediyesi", "yeni yıl hediyesi"] },
  { match: /\bbirthday\b|doğum günü/iu, en: ["birthday gift"], tr: ["doğum günü hediyesi"] },
  { match: /\banniversary\b|yıldönümü/iu, en: ["anniversary gift"], tr: ["yıldönümü hediyesi"] },
  { match: /\bvalentine'?s?\b|sevgililer günü/iu, en: ["valentines day gift"], tr: ["sevgililer günü"] },
  { match: /\bmother'?s day\b|\bmom\b|\bmum\b|anneler günü|anneye/iu, en: ["mothers day gift", "gift for mom"], tr: ["anneler günü hediye", "anneye hediye"] },
  { match: /\bfather'?s day\b|\bdad\b|babalar günü|babaya/iu, en: ["fathers day gift", "gift for dad"], tr: ["babalar günü hediye", "babaya hediye"] },
  { match: /\bbaby shower\b|\bnewborn\b|\bnew baby\b/iu, en: ["baby shower gift", "new baby gift"], tr: [] },
  // (Each in the seller's word: a "bebek" piece is a baby's gift, a newborn's only where the seller says "yeni doğan".)
  { match: /yeni ?doğan/iu, en: [], tr: ["yeni doğan hediyesi"] },
  { match: /bebek/iu, en: [], tr: ["bebek hediyesi"] },
  { match: /\bwedding\b|\bbride\b|\bbridal\b|düğün|nikah|gelin/iu, en: ["wedding gift", "bridal shower gift"], tr: ["düğün hediyesi", "gelin hediyesi"], not: ["invitation", "wedding"] },
  { match: /\bbridesmaids?\b|nedime/iu, en: ["bridesmaid gift"], tr: ["nedime hediyesi"] },
  { match: /\bhousewarming\b|\bnew home\b|yeni ev/iu, en: ["housewarming gift"], tr: ["yeni ev hediyesi"] },
  { match: /\bgraduation\b|mezuniyet/iu, en: ["graduation gift"], tr: ["mezuniyet hediyesi"] },
  { match: /\bteacher\b|öğretmen/iu, en: ["teacher gift"], tr: ["öğretmene hediye"] },
  { match: /\bhalloween\b|cadılar bayramı/iu, en: ["halloween decor"], tr: ["cadılar bayramı"] },
  { match: /\beaster\b|paskalya/iu, en: ["easter gift"], tr: ["paskalya hediyesi"] },
  { match: /\bwinter\b|(?<![\p{L}])kış(?:lık)?(?![\p{L}])/iu, en: ["winter accessories"], tr: ["kış aksesuarı"] },
  { match: /\bcat\b|\bcats\b|\bkitten\b|kedi/iu, en: ["cat lover gift"], tr: ["kedi sevene hediye"] },
  { match: /\bdog\b|\bdogs\b|\bpuppy\b|köpek/iu, en: ["dog lover gift"], tr: ["köpek sevene hediye"] },
  { match: /\bcoffee\b|kahve/iu, en: ["coffee lover gift"], tr: ["kahve sevene hediye"] },
  { match: /\bbooks\b|\breading\b|\bbook ?lover|\bbookworm|kitap/iu, en: ["book lover gift"], tr: ["kitap sevene hediye"] },
  // (Each in the seller's own word: "custom gift" says nothing of a "personalised" mug that is not called custom.)
  { match: /\bpersonali[sz]ed\b|kişiye özel/iu, en: ["personalized gift"], tr: ["kişiye özel hediye"] },
  { match: /\bcustom\b|isimli/iu, en: ["custom gift"], tr: ["isimli hediye"] },
  { match: /\bengraved\b/iu, en: ["engraved gift"], tr: [] },
];

/**
 * Tags and phrases that say nothing a shopper searches for: the composer never writes them and the
 * enforcer never fills with them.
 */
export const FILLER_PHRASES = [
  "one of a kind",
  "made with love",
  "unique gift",
  "unique gift idea",
  "thoughtful present",
  "shop small",
  "shop small gift",
  "small business",
  "special occasion",
  "high quality",
  "best gift",
  "perfect gift",
  "great gift",
  "gift idea",
  "handmade item",
  "handmade gift",
  "handmade with love",
  "unique item",
  "cute gift",
  "benzersiz hediye",
  "sevgiyle yapıldı",
  "özel gün",
  "yüksek kalite",
  "harika hediye",
  "mükemmel hediye",
];

export function categoryModel(id: CategoryId): CategoryModel {
  return CATEGORY_BY_ID.get(id) ?? CATEGORY_BY_ID.get("other")!;
}
