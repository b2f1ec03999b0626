/**
 * Back to Etsy: GET /api/shop/export.csv in two formats.
 *
 * `format=etsy` (the default) is Etsy's own listings download (EtsyListingsDownload.csv), column for
 * column: TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS, MATERIALS, IMAGE1..IMAGE10, the two
 * variations' TYPE/NAME/VALUES and SKU. Its conventions are Etsy's: no byte-order mark, CRLF between
 * records, a field quoted only when it holds a comma, a quote or a line break (line breaks inside a
 * description stay LF), tags, materials and variation values comma-joined in one field, prices with the
 * currency's decimals ("42.00", "1500" in JPY), and `&`, `"` and `'` in text written as the HTML
 * entities Etsy writes (`&amp;`, `&quot;`, `&#39;`), so the file reads the same in every tool that takes
 * Etsy's file and re-imports into Listora unchanged (the import decodes them once). The text is written
 * exactly as stored and as the review showed it: "- " list markers stay "- ". No cell is prefixed
 * against spreadsheet formulas: that would change the data a tool reads (decision 0035).
 * `scope=accepted` (the default) holds the listings whose text changed since they were imported;
 * `scope=all` every shop listing.
 *
 * `format=changes` is the short file of decision 0021 (SKU, ORIGINAL_TITLE, TITLE, TAGS, DESCRIPTION), for
 * a spreadsheet: UTF-8 with a byte-order mark, CRLF, every field quoted, and a cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return) starts with an
 * apostrophe instead.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { toPlainDescription } from "../../../schema/plain-text";
import { listingVersions, listings, type Listing } from "../../../schema/db";
import type { ListingSnapshot } from "../../../schema/api/listings";
import type { ShopExportQuery, ShopVariation } from "../../../schema/api/shop";
import { ZERO_DECIMAL } from "./csv";

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

/** The columns of Etsy's listings download, in Etsy's order (what the import reads, tests/fixtures/shop). */
const ETSY_EXPORT_COLUMNS = [
  "TITLE",
  "DESCRIPTION",
  "PRICE",
  "CURRENCY_CODE",
  "QUANTITY",
  "TAGS",
  "MATERIALS",
  ...Array.from({ length: 10 }, (_, i) => `IMAGE${i + 1}`),
  "VARIATION 1 TYPE",
  "VARIATION 1 NAME",
  "VARIATION 1 VALUES",
  "VARIATION 2 TYPE",
  "VARIATION 2 NAME",
  "VARIATION 2 VALUES",
  "SKU",
] as const;

/** One listing as Etsy's file has it. */
interface EtsyExportRow {
  title: string;
  description: string;
  priceMinor: number | null;
  currency: string | null;
  quantity: number | null;
  tags: string[];
  materials: string[];
  imageUrls: string[];
  variations: ShopVariation[];
  sku: string | null;
}

/** Text as Etsy's download writes it: `&`, `"` and `'` as entities (the import decodes them once). */
const etsyText = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A field quoted only when it must be (RFC 4180), as Etsy's file does. */
const etsyField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** 4200 USD -> "42.00"; 1500 JPY -> "1500"; null -> "". */
export function minorToPrice(minor: number | null, currency: string | null): string {
  if (minor === null || !Number.isSafeInteger(minor) || minor < 0) return "";
  if (currency && ZERO_DECIMAL.has(currency.toUpperCase())) return String(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

export function etsyExportCsv(rows: EtsyExportRow[]): string {
  const lines = [ETSY_EXPORT_COLUMNS.join(",")];
  for (const r of rows) {
    const images = Array.from({ length: 10 }, (_, i) => r.imageUrls[i] ?? "");
    const variation = (k: number) => {
      const v = r.variations[k];
      // Etsy's TYPE is the property, NAME what the buyer sees; the import keeps one (NAME first): both carry it.
      return v ? [etsyText(v.type), etsyText(v.type), v.values.map(etsyText).join(",")] : ["", "", ""];
    };
    const description = r.description.replace(/\r\n?/g, "\n");
    lines.push(
      [
        etsyText(r.title),
        etsyText(description),
        minorToPrice(r.priceMinor, r.currency),
        r.currency ?? "",
        r.quantity === null ? "" : String(r.quantity),
        r.tags.map(etsyText).join(","),
        r.materials.map(etsyText).join(","),
        ...images,
        ...variation(0),
        ...variation(1),
        r.sku ? etsyText(r.sku) : "",
      ]
        .map(etsyField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
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
 * The shop listings of a user, oldest import first, each with its text as imported: all of them, or only
 * those whose title, description or tags differ from it. "As imported" is the listing's latest version
 * written by an import (reason "import"), else its first version.
 */
async function shopListingsWithBaseline(dbBinding: D1Database, userId: string, changedOnly: boolean): Promise<{ row: Listing; base: ListingSnapshot | undefined }[]> {
  const db = drizzle(dbBinding);
  const rows: Listing[] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.source, "shop")))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  const out: { row: Listing; base: ListingSnapshot | undefined }[] = [];
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
      if (changedOnly && base && sameText(now, { title: base.title, description: base.description, tags: strings(base.tags) })) continue;
      out.push({ row, base });
    }
  }
  return out;
}

/** The changed shop listings of a user as the short changes file's rows. */
async function changedShopListings(dbBinding: D1Database, userId: string): Promise<ExportRow[]> {
  return (await shopListingsWithBaseline(dbBinding, userId, true)).map(({ row, base }) => ({
    sku: row.sku,
    originalTitle: row.shopTitle ?? base?.title ?? "",
    title: row.title,
    tags: strings(row.tags),
    description: toPlainDescription(row.description),
  }));
}

/** The shop listings of a user (changed since import, or all) as rows of Etsy's file, text exactly as stored. */
async function etsyExportRows(dbBinding: D1Database, userId: string, scope: ShopExportQuery["scope"]): Promise<EtsyExportRow[]> {
  return (await shopListingsWithBaseline(dbBinding, userId, scope !== "all")).map(({ row }) => ({
    title: row.title,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    quantity: row.quantity,
    tags: strings(row.tags),
    materials: strings(row.materials),
    imageUrls: strings(row.imageUrls),
    variations: Array.isArray(row.variations) ? (row.variations as ShopVariation[]) : [],
    sku: row.sku,
  }));
}

/** The export of GET /api/shop/export.csv: its text and file name. */
export async function shopExport(dbBinding: D1Database, userId: string, query: ShopExportQuery, now = Date.now()): Promise<{ body: string; name: string }> {
  const day = new Date(now).toISOString().slice(0, 10);
  if (query.format === "changes") return { body: exportCsv(await changedShopListings(dbBinding, userId)), name: `listora-etsy-changes-${day}.csv` };
  const scope = query.scope === "all" ? "all" : "accepted";
  return { body: etsyExportCsv(await etsyExportRows(dbBinding, userId, scope)), name: `EtsyListingsDownload-listora-${scope === "all" ? "shop" : "changes"}-${day}.csv` };
}
