/** "3 days ago" in the screen's language (SPEC §2 My Listings). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** Intl formatters are costly to make (a page of 50 cards made 100): one per language and kind, kept. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(language: string) {
  let format = relativeFormats.get(language);
  if (!format) relativeFormats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: "auto" })));
  return format;
}

function dateFormat(language: string) {
  let format = dateFormats.get(language);
  if (!format) dateFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short" })));
  return format;
}

/** SPEC §3: a createdAt that is missing or invalid becomes now. */
export function createdAtOf(value: unknown, now = Date.now()): number {
  if (typeof value !== "string" && typeof value !== "number") return now;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : now;
}

export function relativeTime(createdAt: unknown, language: string, now = Date.now()): string {
  const seconds = Math.round((createdAtOf(createdAt, now) - now) / 1000);
  const format = relativeFormat(language);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") {
      // Under a minute reads as "now" rather than a count of seconds.
      if (unit === "second" && Math.abs(seconds) < 45) return format.format(0, "second");
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, "second");
}

export function formatDate(value: unknown, language: string): string {
  return dateFormat(language).format(new Date(createdAtOf(value)));
}
