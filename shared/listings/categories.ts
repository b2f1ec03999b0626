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
  /** What shoppers type: buyer-intent phrases true of any product of this type (at most 20 characters each). */
  intent: Localised<string[]>;
  /** A short closing phrase of a title, e.g. "Gift for Her". */
  titleTail: Localised<string[]>;
  /** Three benefit lines of the description. */
  benefits: Localised<string[]>;
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
    benefits: {
      en: [
        "Easy to wear every day and to layer with the necklaces you already love",
        "Arrives ready to give for birthdays, anniversaries and Mother's Day",
        "Light enough to forget you are wearing it",
      ],
      tr: ["Her gün rahatça takılır, diğer kolyelerinizle kombinlenir", "Doğum günü, yıldönümü ve Anneler Günü için hediyeye hazır gelir", "Takılı olduğunu unutturacak kadar hafif"],
    },
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
    benefits: {
      en: ["Light enough to wear from morning to night", "Pairs with everything from jeans to a wedding outfit", "Arrives ready to give as a gift"],
      tr: ["Sabahtan akşama rahatça takılacak kadar hafif", "Günlük kıyafetten düğün şıklığına her şeyle uyumlu", "Hediye etmeye hazır gelir"],
    },
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
    benefits: {
      en: ["Comfortable to wear every day", "A keepsake that marks a moment worth remembering", "Arrives ready to give as a gift"],
      tr: ["Her gün rahatça takılır", "Hatırlanmaya değer bir anın hatırası", "Hediye etmeye hazır gelir"],
    },
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
    benefits: {
      en: ["Stacks easily with the bracelets you already wear", "Comfortable enough to forget it is there", "Arrives ready to give as a gift"],
      tr: ["Diğer bilekliklerinizle kolayca kombinlenir", "Takılı olduğunu unutturacak kadar rahat", "Hediye etmeye hazır gelir"],
    },
    synonyms: { en: ["jewelry", "jewellery", "wrist", "women", "friend", "beaded"], tr: ["takı", "bilek", "kadın", "arkadaş"] },
  }),
  C({
    id: "jewelry",
    nouns: { en: ["jewelry", "jewellery", "brooch", "charm", "charms", "pin", "cufflinks", "tiara", "hairpin"], tr: ["takı", "takılar", "broş", "kol düğmesi", "toka"] },
    type: { en: "Jewelry", tr: "Takı" },
    intent: { en: ["gift for her", "handmade jewelry", "birthday gift", "anniversary gift"], tr: ["kadına hediye", "el yapımı takı", "doğum günü hediyesi"] },
    titleTail: { en: ["Gift for Her", "Handmade Jewelry", "Birthday Gift"], tr: ["Kadına Hediye", "El Yapımı Takı", "Doğum Günü Hediyesi"] },
    benefits: {
      en: ["Easy to wear every day", "A small detail that finishes an outfit", "Arrives ready to give as a gift"],
      tr: ["Her gün rahatça kullanılır", "Kombini tamamlayan küçük bir detay", "Hediye etmeye hazır gelir"],
    },
    synonyms: { en: ["jewellery", "accessory", "women", "gift"], tr: ["aksesuar", "kadın", "hediye"] },
  }),
  C({
    id: "mug",
    nouns: { en: ["mug", "mugs", "cup", "cups", "tumbler", "tumblers", "teacup"], tr: ["kupa", "kupalar", "kupası", "bardak", "bardağı", "fincan", "fincanı"] },
    type: { en: "Mug", tr: "Kupa" },
    intent: {
      en: ["coffee lover gift", "tea lover gift", "coffee mug", "birthday gift", "office mug", "christmas gift"],
      tr: ["kahve sevene hediye", "kahve kupası", "çay kupası", "doğum günü hediyesi", "ofis kupası", "yılbaşı hediyesi"],
    },
    titleTail: { en: ["Coffee Lover Gift", "Gift for Coffee Lovers", "Birthday Gift"], tr: ["Kahve Sevene Hediye", "Doğum Günü Hediyesi", "Yılbaşı Hediyesi"] },
    benefits: {
      en: ["Makes the morning coffee or evening tea a small ritual", "A gift that gets used every single day", "Comfortable to hold, easy to care for"],
      tr: ["Sabah kahvesini ya da akşam çayını küçük bir keyfe dönüştürür", "Her gün kullanılan bir hediye", "Tutması rahat, bakımı kolay"],
    },
    synonyms: { en: ["cup", "coffee", "tea", "latte", "drinkware", "kitchen"], tr: ["fincan", "bardak", "kahve", "çay", "mutfak"] },
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
    benefits: {
      en: ["Fills the room with a scent that makes it feel like home", "A cozy housewarming or self-care gift", "The jar can be reused once the candle is finished"],
      tr: ["Odayı eve ait hissettiren bir kokuyla doldurur", "Yeni eve taşınana ya da kendinize güzel bir hediye", "Mum bitince kavanozu yeniden kullanılabilir"],
    },
    synonyms: { en: ["scented", "aromatherapy", "home", "fragrance", "relaxing"], tr: ["kokulu", "aromaterapi", "ev", "koku", "dekor"] },
  }),
  C({
    id: "art",
    nouns: {
      en: ["print", "prints", "poster", "posters", "painting", "paintings", "artwork", "portrait", "illustration", "wall art", "canvas", "photograph", "linocut", "etching"],
      tr: ["poster", "posteri", "tablo", "tablosu", "baskı", "baskısı", "resim", "resmi", "portre", "duvar sanatı", "kanvas"],
    },
    type: { en: "Art Print", tr: "Poster" },
    intent: {
      en: ["wall art", "wall decor", "living room decor", "gallery wall", "housewarming gift", "art gift"],
      tr: ["duvar dekoru", "duvar sanatı", "salon dekorasyonu", "ev dekorasyonu", "yeni ev hediyesi"],
    },
    titleTail: { en: ["Wall Art Decor", "Gallery Wall Print", "Housewarming Gift"], tr: ["Duvar Dekoru", "Ev Dekorasyonu", "Yeni Ev Hediyesi"] },
    benefits: {
      en: ["Brings colour and character to a bare wall", "Fits living rooms, bedrooms, offices and nurseries", "A thoughtful housewarming gift for an art lover"],
      tr: ["Boş bir duvara renk ve karakter katar", "Salon, yatak odası, ofis ve çocuk odasına uyar", "Sanat sevene anlamlı bir yeni ev hediyesi"],
    },
    synonyms: { en: ["art", "decor", "wall", "room", "home", "frame", "gallery"], tr: ["sanat", "dekor", "duvar", "oda", "ev", "çerçeve"] },
  }),
  C({
    id: "clothing",
    nouns: {
      en: [
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
      ],
      tr: ["tişört", "tişörtü", "gömlek", "kazak", "kazağı", "hırka", "hırkası", "elbise", "elbisesi", "etek", "eteği", "sweatshirt", "ceket", "çorap", "bluz", "yelek", "önlük", "pijama"],
    },
    type: { en: "Clothing", tr: "Giyim" },
    intent: {
      en: ["gift for her", "gift for him", "unisex clothing", "casual wear", "birthday gift", "everyday outfit"],
      tr: ["kadın giyim", "erkek giyim", "günlük giyim", "doğum günü hediyesi", "unisex giyim"],
    },
    titleTail: { en: ["Gift for Her", "Gift for Him", "Everyday Wear"], tr: ["Günlük Giyim", "Kadına Hediye", "Erkeğe Hediye"] },
    benefits: {
      en: ["Comfortable enough for every day, special enough to be noticed", "Easy to style with what is already in your wardrobe", "Made with attention to fit and finish"],
      tr: ["Her gün giyilecek kadar rahat, dikkat çekecek kadar özel", "Dolabınızdakilerle kolayca kombinlenir", "Kalıbına ve işçiliğine özen gösterilerek hazırlanır"],
    },
    synonyms: { en: ["apparel", "clothes", "outfit", "women", "men", "top", "wear"], tr: ["kıyafet", "giysi", "kadın", "erkek", "kombin"] },
  }),
  C({
    id: "hat",
    nouns: {
      en: ["hat", "hats", "beanie", "beanies", "cap", "caps", "beret", "bucket hat", "balaclava", "headband", "ear warmer"],
      tr: ["bere", "beresi", "şapka", "şapkası", "kep", "bandana", "saç bandı", "boyunluk"],
    },
    type: { en: "Hat", tr: "Bere" },
    intent: {
      en: ["winter hat", "warm winter beanie", "gift for her", "gift for him", "christmas gift", "cold weather hat"],
      tr: ["kışlık bere", "sıcak tutan bere", "kadın bere", "erkek bere", "yılbaşı hediyesi"],
    },
    titleTail: { en: ["Warm Winter Hat", "Winter Hat for Women and Men", "Christmas Gift"], tr: ["Kışlık Bere", "Sıcak Tutan Bere", "Yılbaşı Hediyesi"] },
    benefits: {
      en: ["Keeps your head and ears warm on cold days", "Soft and comfortable, with no itch", "A cozy Christmas or birthday gift"],
      tr: ["Soğuk günlerde başınızı ve kulaklarınızı sıcak tutar", "Yumuşak ve rahat, kaşındırmaz", "Yılbaşı ya da doğum günü için sıcacık bir hediye"],
    },
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
    benefits: {
      en: ["Roomy enough for a laptop, groceries or a day at the beach", "Sturdy straps that sit comfortably on the shoulder", "A reusable bag that replaces plastic ones"],
      tr: ["Dizüstü bilgisayar, market alışverişi ya da plaj günü için yeterince geniş", "Omuzda rahat duran sağlam saplar", "Plastik poşetlerin yerini alan tekrar kullanılabilir bir çanta"],
    },
    synonyms: { en: ["shopping", "reusable", "shoulder", "carryall", "women", "grocery"], tr: ["alışveriş", "omuz", "kadın", "bez", "market"] },
  }),
  C({
    id: "accessories",
    nouns: {
      en: [
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
      ],
      tr: ["anahtarlık", "anahtarlığı", "eşarp", "şal", "atkı", "atkısı", "fular", "kemer", "toka", "tokası", "eldiven", "ayraç", "kitap ayracı", "telefon kılıfı"],
    },
    type: { en: "Accessory", tr: "Aksesuar" },
    intent: { en: ["gift for her", "gift for him", "stocking stuffer", "birthday gift", "small gift idea"], tr: ["kadına hediye", "erkeğe hediye", "küçük hediye", "doğum günü hediyesi"] },
    titleTail: { en: ["Gift for Her", "Gift for Him", "Stocking Stuffer"], tr: ["Kadına Hediye", "Erkeğe Hediye", "Doğum Günü Hediyesi"] },
    benefits: {
      en: ["Practical for everyday use", "Pairs easily with the outfits you already own", "A useful gift that gets used every day"],
      tr: ["Günlük kullanım için pratik", "Mevcut kıyafetlerinizle kolayca uyum sağlar", "Her gün kullanılan faydalı bir hediye"],
    },
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
    benefits: {
      en: ["Print only the pages you need, as often as you like", "Keeps your days, goals and habits in one place", "Works in a binder, a disc-bound planner or on a tablet"],
      tr: ["Yalnızca ihtiyacınız olan sayfaları dilediğiniz kadar yazdırın", "Gününüzü, hedeflerinizi ve alışkanlıklarınızı tek yerde toplar", "Klasörde, ajandada ya da tablette kullanılabilir"],
    },
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
    benefits: {
      en: ["Sticks to laptops, water bottles, journals and phone cases", "Holds up to daily use", "A small gift that makes someone smile"],
      tr: ["Laptop, matara, ajanda ve telefon kılıfına yapışır", "Günlük kullanıma dayanıklı", "Birini gülümsetecek küçük bir hediye"],
    },
    synonyms: { en: ["decal", "laptop", "bottle", "journal", "vinyl", "cute"], tr: ["çıkartma", "laptop", "matara", "ajanda"] },
  }),
  C({
    id: "soap",
    nouns: {
      en: ["soap", "soaps", "soap bar", "bath bomb", "bath bombs", "lotion", "balm", "body butter", "bath salts", "scrub", "lip balm"],
      tr: ["sabun", "sabunu", "sabunlar", "banyo bombası", "krem", "balm", "tuz", "peeling"],
    },
    type: { en: "Soap", tr: "Sabun" },
    intent: { en: ["natural soap", "self care gift", "spa gift", "gift for her", "bathroom decor"], tr: ["doğal sabun", "el yapımı sabun", "kendine hediye", "bakım hediyesi", "kadına hediye"] },
    titleTail: { en: ["Self Care Gift", "Spa Gift for Her", "Natural Skin Care"], tr: ["Doğal Bakım", "Kendine Hediye", "Kadına Hediye"] },
    benefits: {
      en: ["Gentle on the skin, every day", "Turns a shower into a small spa moment", "A thoughtful self-care gift"],
      tr: ["Cildi her gün nazikçe temizler", "Duşu küçük bir spa anına dönüştürür", "Özenli bir bakım hediyesi"],
    },
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
    benefits: {
      en: ["Made to be used every day, not only admired", "Each piece is one of a kind, with small variations in glaze", "A housewarming gift that earns its place in the kitchen"],
      tr: ["Yalnızca bakmak için değil, her gün kullanmak için yapıldı", "Sır renginde küçük farklarla her parça biriciktir", "Mutfakta yerini hak eden bir yeni ev hediyesi"],
    },
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
    benefits: {
      en: ["Soft and huggable, sized for small hands", "Becomes a favourite companion at bedtime", "A keepsake gift for a baby shower or birthday"],
      tr: ["Yumuşacık, küçük ellere göre boyutlu", "Uyku saatinin en sevilen arkadaşı olur", "Bebek ya da doğum günü için saklanacak bir hediye"],
    },
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
    benefits: {
      en: ["Soft and gentle on a baby's skin", "Easy to wash and ready for everyday use", "A welcome gift for a baby shower or a new arrival"],
      tr: ["Bebek cildine yumuşak ve nazik", "Kolay yıkanır, günlük kullanıma hazır", "Bebek partisi ya da yeni doğan için güzel bir hediye"],
    },
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
    benefits: {
      en: ["Warm and soft for evenings on the sofa", "Adds texture and comfort to any room", "A cozy housewarming or holiday gift"],
      tr: ["Kanepede geçen akşamlar için sıcak ve yumuşak", "Her odaya doku ve konfor katar", "Yeni ev ya da bayram için sıcacık bir hediye"],
    },
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
        "table runner",
        "decor",
      ],
      tr: ["yastık", "yastığı", "kırlent", "kırlenti", "kapı süsü", "çelenk", "tabela", "duvar süsü", "makrome", "lamba", "ayna", "saat", "çerçeve", "sepet", "halı", "runner", "dekor"],
    },
    type: { en: "Home Decor", tr: "Ev Dekorasyonu" },
    intent: { en: ["home decor", "housewarming gift", "living room decor", "cozy home decor", "gift for mom"], tr: ["ev dekorasyonu", "yeni ev hediyesi", "salon dekorasyonu", "anneye hediye"] },
    titleTail: { en: ["Housewarming Gift", "Living Room Decor", "Cozy Home Decor"], tr: ["Yeni Ev Hediyesi", "Salon Dekorasyonu", "Ev Dekorasyonu"] },
    benefits: {
      en: ["Adds warmth and personality to any room", "Easy to style with what you already have", "A welcome housewarming or holiday gift"],
      tr: ["Her odaya sıcaklık ve karakter katar", "Mevcut dekorunuzla kolayca uyum sağlar", "Yeni ev ya da bayram için güzel bir hediye"],
    },
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
    benefits: {
      en: ["A keepsake to bring out every Christmas", "Makes the tree feel like your family's own", "Arrives ready to give as a holiday gift"],
      tr: ["Her yılbaşı çıkarılacak bir hatıra", "Ağacı ailenize özel kılar", "Yeni yıl hediyesi olarak vermeye hazır gelir"],
    },
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
      en: ["wedding decor", "rustic wedding", "wedding keepsake", "bride to be gift", "engagement gift"],
      tr: ["düğün dekoru", "düğün hatırası", "gelin hediyesi", "nişan hediyesi", "rustik düğün"],
    },
    titleTail: { en: ["Rustic Wedding Decor", "Wedding Keepsake", "Engagement Gift"], tr: ["Düğün Dekoru", "Düğün Hatırası", "Nişan Hediyesi"] },
    benefits: {
      en: ["A keepsake of the day you will look at for years", "Fits rustic, boho and classic weddings alike", "Ready to set out on the day"],
      tr: ["Yıllarca bakacağınız bir düğün hatırası", "Rustik, bohem ve klasik düğünlere uyar", "Düğün günü kullanıma hazır"],
    },
    synonyms: { en: ["wedding", "bride", "bridal", "reception", "ceremony", "keepsake"], tr: ["düğün", "gelin", "nikah", "tören", "hatıra"] },
  }),
  C({
    id: "invitation",
    nouns: {
      en: ["invitation", "invitations", "invite", "invites", "save the date", "rsvp card", "card", "cards", "greeting card", "place cards", "menu"],
      tr: ["davetiye", "davetiyesi", "davetiyeler", "kart", "kartı", "tebrik kartı", "menü"],
    },
    type: { en: "Invitation", tr: "Davetiye" },
    intent: {
      en: ["wedding invitation", "printable invitation", "editable template", "invitation template", "wedding stationery"],
      tr: ["düğün davetiyesi", "davetiye şablonu", "düzenlenebilir şablon", "yazdırılabilir davetiye", "nikah davetiyesi"],
    },
    titleTail: { en: ["Editable Template", "Printable Invitation", "Instant Download"], tr: ["Düzenlenebilir Şablon", "Yazdırılabilir Davetiye", "Anında İndirme"] },
    benefits: {
      en: ["Edit the wording, fonts and colours yourself in minutes", "Print at home, at a local print shop or send digitally", "A clean design that suits any season"],
      tr: ["Metni, yazı tipini ve renkleri dakikalar içinde kendiniz düzenleyin", "Evde, matbaada yazdırın ya da dijital olarak gönderin", "Her mevsime uyan sade bir tasarım"],
    },
    synonyms: { en: ["invite", "stationery", "printable", "template", "editable", "diy", "party"], tr: ["davet", "şablon", "kart", "düğün", "nikah"] },
  }),
  C({
    id: "pet",
    nouns: {
      en: ["collar", "collars", "leash", "leashes", "harness", "bandana", "pet bed", "dog bed", "cat bed", "pet tag", "dog tag", "pet portrait", "cat toy", "dog toy", "pet bowl"],
      tr: ["tasma", "tasması", "köpek tasması", "kedi tasması", "bandana", "mama kabı", "kedi yatağı", "köpek yatağı", "künye"],
    },
    type: { en: "Pet Accessory", tr: "Evcil Hayvan Ürünü" },
    intent: {
      en: ["dog lover gift", "pet accessories", "new puppy gift", "dog mom gift", "pet gift"],
      tr: ["köpek sevene hediye", "evcil hayvan aksesuarı", "yavru köpek hediyesi", "kedi sevene hediye"],
    },
    titleTail: { en: ["Dog Lover Gift", "New Puppy Gift", "Pet Accessories"], tr: ["Köpek Sevene Hediye", "Evcil Hayvan Aksesuarı", "Yavru Köpek Hediyesi"] },
    benefits: {
      en: ["Comfortable for your pet to wear every day", "Built for walks, play and the occasional muddy puddle", "A welcome gift for a new puppy or a proud dog parent"],
      tr: ["Evcil dostunuzun her gün rahatça kullanacağı şekilde", "Yürüyüş, oyun ve çamurlu günlere dayanıklı", "Yeni bir yavru ya da gururlu bir köpek sahibi için güzel bir hediye"],
    },
    synonyms: { en: ["dog", "puppy", "cat", "pet", "doggy", "pup"], tr: ["köpek", "kedi", "evcil", "yavru"] },
  }),
  C({
    id: "pattern",
    digital: true,
    nouns: { en: ["pattern", "patterns", "chart", "charts", "tutorial", "tutorials"], tr: ["model", "modeli", "modelleri", "şema", "şeması", "desen", "deseni", "tarif", "tarifi", "anlatım"] },
    type: { en: "Pattern", tr: "Model" },
    intent: { en: ["pdf pattern", "instant download", "beginner friendly", "diy project", "digital pattern"], tr: ["pdf model", "anında indirme", "yeni başlayanlara", "kendin yap", "dijital model"] },
    titleTail: { en: ["PDF Instant Download", "Beginner Friendly", "DIY Project"], tr: ["PDF Anında İndirme", "Kendin Yap", "Dijital Model"] },
    benefits: {
      en: ["Clear, step-by-step instructions you can follow at your own pace", "Start the same day: no waiting for shipping", "Yours to keep and make again and again"],
      tr: ["Kendi hızınızda takip edebileceğiniz açık, adım adım anlatım", "Aynı gün başlayın: kargo beklemek yok", "Sizde kalır, tekrar tekrar kullanabilirsiniz"],
    },
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
    benefits: {
      en: ["Start right away: no waiting for shipping", "Use it again and again for your own projects", "Files that open in the software you already use"],
      tr: ["Hemen başlayın: kargo beklemek yok", "Kendi projelerinizde tekrar tekrar kullanın", "Zaten kullandığınız programlarda açılan dosyalar"],
    },
    synonyms: { en: ["digital", "download", "file", "files", "diy", "craft", "instant"], tr: ["dijital", "indirme", "dosya", "kendinyap"] },
  }),
  C({
    id: "other",
    nouns: { en: ["kit", "kits", "gift set", "bookmark set"], tr: ["kit", "set", "seti"] },
    type: { en: "Handmade Item", tr: "El Yapımı Ürün" },
    intent: { en: ["gift for her", "gift for him", "birthday gift", "christmas gift", "housewarming gift"], tr: ["kadına hediye", "erkeğe hediye", "doğum günü hediyesi", "yılbaşı hediyesi"] },
    titleTail: { en: ["Gift for Her", "Birthday Gift", "Christmas Gift"], tr: ["Kadına Hediye", "Doğum Günü Hediyesi", "Yılbaşı Hediyesi"] },
    benefits: {
      en: ["Made with care, one piece at a time", "A thoughtful gift for birthdays and holidays", "Brings a handmade touch to everyday life"],
      tr: ["Özenle, tek tek hazırlanır", "Doğum günü ve bayramlar için anlamlı bir hediye", "Günlük hayata el emeği bir dokunuş katar"],
    },
    synonyms: { en: ["gift", "present", "handmade"], tr: ["hediye", "armağan", "el yapımı"] },
  }),
];

const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

/** Occasions a description may name, and the buyer phrases each brings (EN / TR). */
export const OCCASIONS: { match: RegExp; en: string[]; tr: string[]; not?: CategoryId[] }[] = [
  { match: /\b(christmas|xmas|holiday)\b|yılbaşı|yeni ?yıl|noel/iu, en: ["christmas gift", "stocking stuffer"], tr: ["yılbaşı hediyesi", "yeni yıl hediyesi"] },
  { match: /\bbirthday\b|doğum günü/iu, en: ["birthday gift"], tr: ["doğum günü hediyesi"] },
  { match: /\banniversary\b|yıldönümü/iu, en: ["anniversary gift"], tr: ["yıldönümü hediyesi"] },
  { match: /\bvalentine'?s?\b|sevgililer günü/iu, en: ["valentines day gift"], tr: ["sevgililer günü"] },
  { match: /\bmother'?s day\b|\bmom\b|\bmum\b|anneler günü|anneye/iu, en: ["mothers day gift", "gift for mom"], tr: ["anneler günü hediye", "anneye hediye"] },
  { match: /\bfather'?s day\b|\bdad\b|babalar günü|babaya/iu, en: ["fathers day gift", "gift for dad"], tr: ["babalar günü hediye", "babaya hediye"] },
  { match: /\bbaby shower\b|\bnewborn\b|\bnew baby\b|yeni ?doğan|bebek/iu, en: ["baby shower gift", "new baby gift"], tr: ["yeni doğan hediyesi", "bebek hediyesi"] },
  { match: /\bwedding\b|\bbride\b|\bbridal\b|düğün|nikah|gelin/iu, en: ["wedding gift", "bridal shower gift"], tr: ["düğün hediyesi", "gelin hediyesi"], not: ["invitation", "wedding"] },
  { match: /\bbridesmaids?\b|nedime/iu, en: ["bridesmaid gift"], tr: ["nedime hediyesi"] },
  { match: /\bhousewarming\b|\bnew home\b|yeni ev/iu, en: ["housewarming gift"], tr: ["yeni ev hediyesi"] },
  { match: /\bgraduation\b|mezuniyet/iu, en: ["graduation gift"], tr: ["mezuniyet hediyesi"] },
  { match: /\bteacher\b|öğretmen/iu, en: ["teacher gift"], tr: ["öğretmene hediye"] },
  { match: /\bhalloween\b|cadılar bayramı/iu, en: ["halloween decor"], tr: ["cadılar bayramı"] },
  { match: /\beaster\b|paskalya/iu, en: ["easter gift"], tr: ["paskalya hediyesi"] },
  { match: /\bwinter\b|kış/iu, en: ["winter accessories"], tr: ["kış aksesuarı"] },
  { match: /\bcat\b|\bcats\b|\bkitten\b|kedi/iu, en: ["cat lover gift"], tr: ["kedi sevene hediye"] },
  { match: /\bdog\b|\bdogs\b|\bpuppy\b|köpek/iu, en: ["dog lover gift"], tr: ["köpek sevene hediye"] },
  { match: /\bcoffee\b|kahve/iu, en: ["coffee lover gift"], tr: ["kahve sevene hediye"] },
  { match: /\bbooks\b|\breading\b|\bbook ?lover|\bbookworm|kitap/iu, en: ["book lover gift"], tr: ["kitap sevene hediye"] },
  { match: /\bpersonali[sz]ed\b|\bcustom\b|\bengraved\b|\binitials?\b|kişiye özel|isimli|isim yazılı/iu, en: ["personalized gift", "custom gift"], tr: ["kişiye özel hediye", "isimli hediye"] },
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
