import type { PatternLanguage } from "~/lib/wizard";

/**
 * The built-in sample draft (SPEC §2 Wizard): what the review step passes on when nothing was
 * formatted. A real, short pattern in the formatter's own layout, so step 3 writes a sensible listing
 * from it.
 */
const SAMPLE_EN = `# Little Strawberry Keychain
Crochet pattern · PDF download

A quick amigurumi strawberry worked in continuous rounds, about 20 minutes from start to finish.

## Finished size
- about 5 cm (2 in) tall

## Materials
- Worsted weight cotton yarn in red (10 m) and green (3 m)
- 3.5 mm crochet hook
- Small amount of fiberfill stuffing
- Keyring, yellow embroidery floss, tapestry needle

## Gauge
- Gauge is not critical; work tightly so the stuffing does not show.

## Abbreviations
- MR: magic ring
- ch: chain
- sc: single crochet
- inc: increase: 2 sts in the same st
- dec: decrease: 2 sts worked together
- sl st: slip stitch
- st: stitch
- sts: stitches

## Instructions

### Berry (red)
Rnd 1: 6 sc in a MR (6 sts)
Rnd 2: (sc, inc) x 3 (9 sts)
Rnd 3: (2 sc, inc) x 3 (12 sts)
Rnd 4: (3 sc, inc) x 3 (15 sts)
Rnds 5-7: sc around (15 sts)
Embroider seeds with yellow floss, then stuff firmly.
Rnd 8: (3 sc, dec) x 3 (12 sts)
Rnd 9: dec 6 times (6 sts)
Fasten off and close the hole.

### Leaves (green)
Rnd 1: 5 sc in a MR (5 sts)
Rnd 2: (sl st, ch 4, sc in 2nd ch from hook and next 2 ch) x 5 (5 leaves)
Fasten off, leaving a long tail, and sew the leaves to the top of the berry.

### Finishing
Attach the keyring through the top of the leaves and weave in all ends.

## Notes
- Written in US crochet terms.
- This pattern is for personal use. You may sell the items you make from it; please do not share, copy or resell the pattern itself.
`;

const SAMPLE_TR = `# Minik Çilek Anahtarlık
Tığ işi tarif · PDF indirme

Spiral turlarla örülen hızlı bir amigurumi çilek; baştan sona yaklaşık 20 dakika.

## Bitmiş ölçü
- yaklaşık 5 cm boyunda

## Malzemeler
- Kırmızı (10 m) ve yeşil (3 m) pamuklu iplik
- 3,5 mm tığ
- Biraz elyaf
- Anahtarlık halkası, sarı nakış ipliği, yün iğnesi

## Örnek
- Örnek önemli değil; elyaf görünmesin diye sıkı örün.

## Kısaltmalar
- MR: sihirli halka
- ch: zincir
- sc: sık iğne
- inc: arttırma: aynı ilmeğe 2 ilmek
- dec: azaltma: 2 ilmeği birlikte örmek
- sl st: kapatma iğnesi
- st: ilmek
- sts: ilmek

## Yapılışı

### Çilek (kırmızı)
Tur 1: MR içine 6 sc (6 ilmek)
Tur 2: (sc, inc) x 3 (9 ilmek)
Tur 3: (2 sc, inc) x 3 (12 ilmek)
Tur 4: (3 sc, inc) x 3 (15 ilmek)
Tur 5-7: her ilmeğe 1 sc (15 ilmek)
Sarı iplikle çekirdekleri işleyin, sonra sıkıca doldurun.
Tur 8: (3 sc, dec) x 3 (12 ilmek)
Tur 9: 6 kez dec (6 ilmek)
İpliği kesin ve deliği kapatın.

### Yapraklar (yeşil)
Tur 1: MR içine 5 sc (5 ilmek)
Tur 2: (sl st, 4 ch, tığdan 2. zincirden başlayarak 3 sc) x 5 (5 yaprak)
Uzun bir uç bırakarak ipliği kesin ve yaprakları çileğin tepesine dikin.

### Bitiriş
Anahtarlık halkasını yaprakların ortasından geçirin ve tüm uçları gizleyin.

## Notlar
- ABD tığ terimleriyle yazılmıştır.
- Bu tarif kişisel kullanım içindir. Tarifle yaptığınız ürünleri satabilirsiniz; tarifin kendisini paylaşmayın, kopyalamayın ve yeniden satmayın.
`;

export function sampleDraft(language: PatternLanguage) {
  return language === "tr" ? SAMPLE_TR : SAMPLE_EN;
}

/** True when a text is one of the built-in sample drafts. */
export function isSampleDraft(text: string) {
  return text === SAMPLE_EN || text === SAMPLE_TR;
}

/** A rough pattern as sellers paste it (mixed abbreviations, unnumbered notes), for trying step 1. */
const EXAMPLE_EN = `Mini Octopus Amigurumi
Cute little octopus, great as a car charm!

Size: approx 7cm tall

Materials
DK cotton yarn in blue (about 25 m)
3mm hook
6mm safety eyes, stuffing, tapestry needle

Gauge: not important, just work tight

Head
R1: 6 SC in MR (6)
R2: inc x6 (12)
R3: (sc, inc)x6 - 18 sts
R4: (2sc, inc) x 6 [24]
R5-R8: sc around (24)
place eyes between R6 and R7, 5 sts apart
R9: (2sc, dec)x6 (18)
R10: (sc, dec) x 6 (12)
stuff firmly
Legs
R11: *ch 9, sc in 2nd ch from hook and next 7 ch, sl st in next st of head* x 8
fasten off and weave in ends
`;

const EXAMPLE_TR = `Minik Ahtapot Amigurumi
Araba süsü olarak harika, sevimli küçük bir ahtapot. yaklaşık 7 cm

Malzemeler: mavi pamuklu iplik yaklaşık 25 m, 3 mm tığ, 6 mm güvenlik gözü, elyaf, yün iğnesi

Kafa
Tur 1: sihirli halkaya 6 sc (6)
Tur 2: her ilmeğe inc (12)
Tur 3: (sc, inc) x 6 (18)
Tur 4: (2 sc, inc) x 6 (24)
Tur 5-8: her ilmeğe 1 sc (24)
Gözleri 6. ve 7. turlar arasına 5 ilmek arayla yerleştirin.
Tur 9: (2 sc, dec) x 6 (18)
Tur 10: (sc, dec) x 6 (12)
Sıkıca doldurun.
Bacaklar
Tur 11: (9 ch, tığdan 2. zincirden başlayarak 8 sc, kafanın sonraki ilmeğine sl st) x 8
İpliği kesin ve uçları gizleyin.
`;

export function examplePattern(language: PatternLanguage) {
  return language === "tr" ? EXAMPLE_TR : EXAMPLE_EN;
}
