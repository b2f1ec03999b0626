/**
 * Export of listings for a bulk-edit tool or a spreadsheet: CSV (RFC 4180) or JSON.
 */
import type { Listing } from "../../../schema/db";
import { toPlainDescription } from "../../../schema/plain-text";
import { toDetail } from "./store";

const CSV_COLUMNS = ["title", "description", "tags", "alt_texts", "created_at"] as const;

/**
 * One CSV field: quoted when it holds a comma, quote or line break, quotes doubled. A field that a
 * spreadsheet would run as a formula (= + @, a tab or CR, or - not followed by a space, which would
 * break markdown bullets) gets a leading apostrophe.
 */
function csvField(value: string): string {
  let v = value;
  if (/^[=+@\t\r]/.test(v) || /^-[^ ]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Header plus one row per listing: tags as one comma-separated field, alt texts joined with " | ". */
export function listingsToCsv(rows: Listing[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const row of rows) {
    const d = toDetail(row);
    lines.push([d.title, toPlainDescription(d.description), d.tags.join(", "), d.alt_texts.join(" | "), d.created_at].map(csvField).join(","));
  }
  // A BOM so spreadsheet programs read the file as UTF-8 (Turkish and other letters survive).
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export function listingsToJson(rows: Listing[]): string {
  return JSON.stringify(
    {
      exportedAt: new Date().toISOString(),
      listings: rows.map((row) => {
        const d = toDetail(row);
        return { ...d, description: toPlainDescription(d.description) };
      }),
    },
    null,
    2,
  );
}

/** A file name for Content-Disposition: ASCII letters, digits and dashes only. */
export function exportFileName(base: string, format: "csv" | "json", now = Date.now()): string {
  const slug =
    base
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "listing";
  return `${slug}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}
