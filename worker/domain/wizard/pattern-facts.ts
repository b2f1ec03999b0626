/**
 * What a buyer looks for before buying a pattern, found in the seller's own lines: skill level, yarn
 * weight and amount, hook or needle size, gauge, finished size, abbreviations, notes and a copyright or
 * terms-of-use line. Each fact is the seller's line (or part of it) as written; nothing is invented.
 */
import type { Craft } from "./abbreviations";
import { isAbbreviationEntry, stripDecoration, type PatternSection, type SourceLine } from "./pattern-sections";

interface PatternFacts {
  skillLevel?: SourceLine;
  /** A materials line naming a yarn weight (CYC 0-7 or its usual names) or an amount. */
  yarn?: SourceLine;
  yarnWeight: boolean;
  yarnAmount: boolean;
  /** A hook or needle size ("3.5 mm hook", "US 6 needles", "2,5 mm tığ"). */
  tool?: SourceLine;
  gauge?: SourceLine;
  size?: SourceLine;
  copyright?: SourceLine;
  hasAbbreviations: boolean;
  hasNotes: boolean;
}

const SKILL =
  /(?<![\p{L}])(?:skill\s+level|level|difficulty|seviye|zorluk(?:\s+derecesi)?)\s*[:\-–]|(?<![\p{L}])(?:beginner|easy|intermediate|experienced|advanced|başlangıç|kolay|orta(?:\s+seviye)?|ileri(?:\s+seviye)?)(?:[\s-]+(?:level|friendly|seviye))?\s*(?:pattern|model)?\s*$/iu;
const SKILL_WORD = /(?<![\p{L}])(?:beginner|easy|intermediate|experienced|advanced|başlangıç|kolay|orta|ileri)(?![\p{L}])/iu;
const YARN = /(?<![\p{L}])(?:yarns?|wool|cotton|acrylic|merino|iplik|yün|pamuk|akrilik)(?![\p{L}])/iu;
const YARN_WEIGHT =
  /(?<![\p{L}])(?:lace|fingering|sock|sport|dk|double\s+knit|worsted|aran|chunky|bulky|super\s+bulky|jumbo|light\s+worsted|\(?[0-7]\)?\s*(?:weight|-\s*(?:lace|super\s+fine|fine|light|medium|bulky|super\s+bulky|jumbo))|(?:super\s+)?fine|medium\s+weight|ince|kalın|orta\s+kalınlık)(?![\p{L}])/iu;
const YARN_AMOUNT = /\d\)?\s*(?:m|metres?|meters?|yds?|yards?|g|gr|grams?|oz|skeins?|balls?|yumak|çile)(?![\p{L}])|(?<![\p{L}])(?:approx\.?|about|yaklaşık)\s+\d/iu;
const TOOL_CROCHET = /(?:(?<!\d)\d+(?:[.,]\d+)?\s*mm|US\s*[A-Z](?:-\d+)?|size\s+[A-Z](?:-\d+)?)[^.;]{0,30}?(?:hook|tığ)|(?:hook|tığ)[^.;]{0,30}?\d+(?:[.,]\d+)?\s*mm/iu;
const TOOL_KNIT =
  /(?:(?<!\d)\d+(?:[.,]\d+)?\s*mm|US\s*\d+)[^.;]{0,40}?(?:needles?|dpns?|şiş)|(?:needles?|şiş(?:ler)?)[^.;]{0,30}?(?:(?<!\d)\d+(?:[.,]\d+)?\s*mm|US\s*\d+)|(?<!\d)\d+(?:[.,]\d+)?\s*(?:numara\s+)?şiş/iu;
const TOOL_OTHER = /needle|hoop|machine|iğne|kasnak|makine/iu;
const COPYRIGHT =
  /©|\(c\)\s*\d{4}|copyright|all\s+rights\s+reserved|terms\s+of\s+use|personal\s+use|do\s+not\s+(?:share|copy|resell|redistribute|sell\s+the\s+pattern)|telif|tüm\s+hakları|kişisel\s+kullanım|paylaşmayın|kopyalamayın/iu;
const GAUGE =
  /(?<![\p{L}])(?:gauge|tension|numune|örnek\s+kare|örgü\s+sıklığı)(?![\p{L}])|(?<!\d)\d+\s*(?:sts?|stitches|sc|dc|ilmek)\s*(?:and|x|×|ve)\s*\d+\s*(?:rows?|rounds?|rnds?|sıra|tur)\s*=|=\s*\d+(?:[.,]\d+)?\s*(?:cm|in|")/iu;
const SIZE =
  /(?<![\p{L}])(?:finished\s+size|size|measures|dimensions|circumference|bitmiş\s+ölçü|ölçü|boy|beden)(?![\p{L}])|(?<!\d)\d+(?:[.,]\d+)?\s*(?:cm|in|")\s*(?:tall|wide|long|across|square|boyunda|eninde)/iu;

const allLines = (sections: PatternSection[], title?: SourceLine) => [...(title ? [title] : []), ...sections.flatMap((s) => [...(s.heading ? [s.heading] : []), ...s.lines])];

/** The facts of a structured pattern; a fact's line is the first line that states it. */
export function patternFacts(sections: PatternSection[], craft: Craft, title?: SourceLine): PatternFacts {
  const of = (key: PatternSection["key"]) => sections.filter((s) => s.key === key).flatMap((s) => s.lines);
  const everything = allLines(sections, title);
  const prose = sections.filter((s) => s.key !== "instructions").flatMap((s) => s.lines);
  const materials = of("materials");
  const intro = of("intro");
  const lookIn = [...materials, ...intro, ...of("summary"), ...of("notes")];

  const skillLevel =
    [...intro, ...of("summary"), ...materials, ...of("notes"), ...of("sizes")].find((l) => SKILL.test(stripDecoration(l.text)) && SKILL_WORD.test(l.text)) ??
    (title && SKILL_WORD.test(title.text) && /level|seviye|beginner|başlangıç/iu.test(title.text) ? title : undefined);

  const yarnLines = lookIn.filter((l) => YARN.test(l.text) || YARN_WEIGHT.test(l.text));
  const yarn = yarnLines.find((l) => YARN_WEIGHT.test(l.text) && YARN_AMOUNT.test(l.text)) ?? yarnLines.find((l) => YARN_WEIGHT.test(l.text)) ?? yarnLines[0];
  const toolRe = craft === "crochet" ? TOOL_CROCHET : craft === "knitting" ? TOOL_KNIT : TOOL_OTHER;
  const tool = [...materials, ...intro, ...of("summary"), ...of("gauge")].find((l) => toolRe.test(l.text));

  const gaugeSection = of("gauge");
  const gauge = gaugeSection[0] ?? prose.find((l) => GAUGE.test(l.text));
  const sizeSection = of("sizes");
  const size = sizeSection[0] ?? [...intro, ...of("summary"), ...materials].find((l) => SIZE.test(l.text));
  const copyright = everything.find((l) => COPYRIGHT.test(l.text));
  const abbreviationLines = of("abbreviations");

  return {
    skillLevel,
    yarn,
    yarnWeight: yarnLines.some((l) => YARN_WEIGHT.test(l.text)),
    yarnAmount: yarnLines.some((l) => YARN_AMOUNT.test(l.text)),
    tool,
    gauge,
    size,
    copyright,
    hasAbbreviations: abbreviationLines.length > 0 || sections.some((s) => s.key === "abbreviations" && s.heading),
    hasNotes: of("notes").length > 0,
  };
}

interface Definition {
  abbr: string;
  meaning: string;
  line: number;
}

/**
 * The abbreviations the seller defines: "sc = single crochet", "sc: sık iğne", "MR (magic ring)", and
 * a one-line list "Abbreviations (US terms): ch, sl st, sc, dc".
 */
export function definedAbbreviations(sections: PatternSection[]): Definition[] {
  const out: Definition[] = [];
  for (const section of sections.filter((s) => s.key === "abbreviations")) {
    for (const line of section.lines) {
      const plain = stripDecoration(line.text);
      const inline = /^(?:abbreviations?|kısaltmalar)(?:\s*[([][^)\]]*[)\]])?\s*:\s*(.+)$/iu.exec(plain);
      if (inline) {
        for (const part of inline[1].split(/[,;]/u)) {
          const abbr = part.replace(/\(.*$/u, "").trim();
          if (abbr && abbr.length <= 12) out.push({ abbr, meaning: "", line: line.n });
        }
        continue;
      }
      const m = /^(.{1,20}?)\s*(?:=|:|–|—|\s-\s|\s+-|\()\s*(.+?)$/u.exec(plain);
      if (m && isAbbreviationEntry(plain)) out.push({ abbr: m[1].trim(), meaning: m[2].trim(), line: line.n });
    }
  }
  return out;
}
