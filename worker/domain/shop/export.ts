/**
 * Back to Etsy: GET /api/shop/export.csv, the shop listings whose text changed since they were
 * imported (accepted proposals, edits, fixes), as a spreadsheet the seller copies from into Etsy's
 * listing editor: SKU, the title as the shop had it, and the new title, tags and description.
 *
 * The file opens cleanly in Excel, Numbers, LibreOffice and Google Sheets: UTF-8 with a byte-order
 * mark, CRLF between records, every field quoted (quotes doubled, line breaks kept inside the field),
 * and a cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) starts with an apostrophe instead.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { toPlainDescription } from "../../../schema/plain-text";
import { listingVersions, listings, type Listing } from "../../../schema/db";
import type { ListingSnapshot } from "../../../schema/api/listings";

const EXPORT_COLUMNS = ["SKU", "ORIGINAL_TITLE", "TITLE", "TAGS", "DESCRIPTION"] as const;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** One field, always quoted; a formula-looking cell is neutralised with a leading apostrophe (OWASP CSV injection). */
export function exportField(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${v.replace(/"/g, '""')}"`;
}

interface ExportRow {
  sku: string | null;
  originalTitle: string;
  title: string;
  tags: string[];
  description: string;
}

export function exportCsv(rows: ExportRow[]): string {
  const lines = [EXPORT_COLUMNS.map(exportField).join(",")];
  for (const r of rows) {
    // Line breaks inside a description stay (quoted); CRLF inside the field, as spreadsheets write it.
    const description = r.description.replace(/\r\n?/g, "\n").replace(/\n/g, "\r\n");
    lines.push([r.sku ?? "", r.originalTitle, r.title, r.tags.join(","), description].map(exportField).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const sameText = (a: { title: string; description: string; tags: string[] }, b: { title: string; description: string; tags: string[] }) =>
  a.title === b.title && a.description === b.description && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i]);

/**
 * The changed shop listings of a user, oldest import first. "As imported" is the listing's latest
 * version written by an import (reason "import"), else its first version.
 */
export async function changedShopListings(dbBinding: D1Database, userId: string): Promise<ExportRow[]> {
  const db = drizzle(dbBinding);
  const rows: Listing[] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.source, "shop")))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  const out: ExportRow[] = [];
  for (let i = 0; i < rows.length; i += 90) {
    const part = rows.slice(i, i + 90);
    const versions = await db
      .select({ listingId: listingVersions.listingId, version: listingVersions.version, reason: listingVersions.reason, snapshot: listingVersions.snapshot })
      .from(listingVersions)
      .where(
        and(
          eq(listingVersions.userId, userId),
          inArray(
            listingVersions.listingId,
            part.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(listingVersions.version));
    const baseline = new Map<string, ListingSnapshot>();
    const fromImport = new Set<string>();
    for (const v of versions) {
      if (v.reason === "import") {
        baseline.set(v.listingId, v.snapshot as ListingSnapshot);
        fromImport.add(v.listingId);
      } else if (!baseline.has(v.listingId)) baseline.set(v.listingId, v.snapshot as ListingSnapshot);
      else if (!fromImport.has(v.listingId) && v.version === 1) baseline.set(v.listingId, v.snapshot as ListingSnapshot);
    }
    for (const row of part) {
      const base = baseline.get(row.id);
      const now = { title: row.title, description: row.description, tags: strings(row.tags) };
      if (base && sameText(now, { title: base.title, description: base.description, tags: strings(base.tags) })) continue;
      out.push({ sku: row.sku, originalTitle: row.shopTitle ?? base?.title ?? "", title: row.title, tags: now.tags, description: toPlainDescription(row.description) });
    }
  }
  return out;
}

/** listora-etsy-changes-2026-11-25.csv */
export const exportFileName = (now = Date.now()) => `listora-etsy-changes-${new Date(now).toISOString().slice(0, 10)}.csv`;
