/**
 * Etsy's sales files, read as a stream (issue 28, decision 0035):
 *
 * - the sold order items file (Shop Manager > Settings > Options > Download Data > Orders, type "Order
 *   Items": EtsySoldOrderItems<year>.csv), one row per transaction: Sale Date, Item Name, Buyer, Quantity,
 *   Price, Coupon Code, Coupon Details, Discount Amount, Delivery Discount, Order Shipping, Order Sales Tax,
 *   Item Total, Currency, Transaction ID, Listing ID, Date Paid, Date Shipped, Ship Name, Ship Address1,
 *   Ship Address2, Ship City, Ship State, Ship Zipcode, Ship Country, Order ID, Variations, Order Type,
 *   Listings Type, Payment Type, ... SKU;
 * - the orders file (type "Orders": EtsySoldOrders<year>.csv), one row per order: Sale Date, Order ID,
 *   Buyer User ID, Full Name, ..., Number of Items, ..., Currency, Order Value, ..., Discount Amount, ...
 *   SKU. It names no listing, so only its SKU can match one.
 *
 * Only the columns the figures need are read, by name: the date, the item's name, quantity, money, currency,
 * the transaction, order and listing ids and the SKU. Every other field of a record (the buyer's name and
 * user name, the shipping address, e-mail, messages, personalisation and variations) is dropped as the
 * record is read: it is never copied, stored or logged.
 */
import { SALES_LIMITS, SOLD_ITEMS_REQUIRED_COLUMNS, SOLD_ORDERS_REQUIRED_COLUMNS } from "../../../schema/api/shop-sales";
import { HttpError } from "../../lib/errors";
import { csvRecords, decodeEntities, priceToMinor } from "./csv";

/** One sale as the import keeps it (nothing about the buyer). */
export interface SaleRow {
  row: number;
  transactionId: string;
  orderId: string | null;
  etsyListingId: string | null;
  sku: string | null;
  itemName: string;
  /** 00:00 UTC of the sale's day, in ms. */
  saleDate: number;
  quantity: number;
  revenueMinor: number;
  currency: string;
}

type SaleItem = SaleRow | { row: number; error: string };

const key = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** The 400 of a file that is not one of Etsy's sales files. */
function notSalesCsv(detail: string): HttpError {
  return new HttpError(
    400,
    `This is not Etsy's sold order items CSV. ${detail} The file must start with a header row naming the columns ${SOLD_ITEMS_REQUIRED_COLUMNS.join(", ")} (Etsy's EtsySoldOrderItems file also has Price, Item Total, Discount Amount, Listing ID, Order ID and SKU), or be Etsy's orders file (${SOLD_ORDERS_REQUIRED_COLUMNS.join(", ")}). Download it from Etsy: Shop Manager > Settings > Options > Download Data > Orders.`,
    { expectedColumns: [...SOLD_ITEMS_REQUIRED_COLUMNS] },
  );
}

function tooManySalesRows(): HttpError {
  const max = SALES_LIMITS.importRowsMax.toLocaleString("en-US");
  return new HttpError(
    413,
    `The file has more than ${max} rows, the most one sales import takes. Nothing was imported. Download a shorter period from Etsy (one year at a time) and import the files one by one.`,
    {
      limit: SALES_LIMITS.importRowsMax,
    },
  );
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

/**
 * A sale date as Etsy writes it: "12/31/25" or "12/31/2025" (month first, US), "2025-12-31", "Dec 31, 2025";
 * 00:00 UTC of that day in ms, or null.
 */
export function parseSaleDate(text: string): number | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  if (match) {
    m = Number(match[1]);
    d = Number(match[2]);
    y = Number(match[3]);
    if (y < 100) y += 2000;
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]+Z?)?$/.exec(t))) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else if ((match = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(t))) {
    m = MONTHS[match[1].toLowerCase()] ?? 0;
    d = Number(match[2]);
    y = Number(match[3]);
  } else return null;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 2005 || y > 2100) return null;
  const ms = Date.UTC(y, m - 1, d);
  return new Date(ms).getUTCDate() === d ? ms : null;
}

/** A money cell: "18.99", "$18.99", "1,250.00", "-5.00" (negative: a refund), "" (0). */
function money(text: string, currency: string): { minor: number; negative: boolean } | null {
  const t = text.trim();
  if (!t) return { minor: 0, negative: false };
  const negative = /^-|^\(.*\)$/.test(t);
  const minor = priceToMinor(t.replace(/^-|^\(|\)$/g, ""), currency);
  return minor === null ? null : { minor, negative };
}

/**
 * The sales of one of Etsy's sales files, each with its row number (the header is row 1); a row that cannot
 * be a sale comes with the reason. The header is checked before any row: a file that is neither of Etsy's
 * sales files, an empty one or one with only a header is a 400; more than SALES_LIMITS.importRowsMax rows a
 * 413. `onHeader` learns the kind of file and the columns that are skipped unread.
 */
export async function* readEtsySales(bytes: AsyncIterable<Uint8Array>, onHeader: (kind: "items" | "orders", ignored: string[]) => void): AsyncGenerator<SaleItem> {
  let col: Map<string, number> | undefined;
  let kind: "items" | "orders" = "items";
  let rows = 0;
  for await (const { row, fields } of csvRecords(bytes, SALES_LIMITS.importBytesMax, notSalesCsv)) {
    if (!col) {
      const index = new Map<string, number>();
      fields.forEach((name, i) => {
        const k = key(name);
        if (k && !index.has(k)) index.set(k, i);
      });
      const has = (names: readonly string[]) => names.every((n) => index.has(key(n)));
      if (has(SOLD_ITEMS_REQUIRED_COLUMNS)) kind = "items";
      else if (has(SOLD_ORDERS_REQUIRED_COLUMNS)) kind = "orders";
      else {
        const seen = fields
          .slice(0, 12)
          .map((h) =>
            h
              .replace(/^\uFEFF/, "")
              .trim()
              .slice(0, 40),
          )
          .filter(Boolean);
        const missing = SOLD_ITEMS_REQUIRED_COLUMNS.filter((c) => !index.has(key(c)));
        const listings = index.has("title") && index.has("tags");
        throw notSalesCsv(
          listings
            ? "It is Etsy's listings file (TITLE, DESCRIPTION ...): import that one under Import your shop."
            : seen.length
              ? `Its first row names ${seen.join(", ")}${fields.length > 12 ? ", ..." : ""}; the columns ${missing.join(", ")} are missing.`
              : "Its first row names no columns.",
        );
      }
      col = index;
      const read = new Set(
        (kind === "items"
          ? ["Sale Date", "Item Name", "Quantity", "Price", "Discount Amount", "Item Total", "Currency", "Transaction ID", "Listing ID", "Order ID", "SKU"]
          : ["Sale Date", "Order ID", "Number of Items", "Currency", "Order Value", "Discount Amount", "SKU"]
        ).map(key),
      );
      onHeader(
        kind,
        fields.map((h) => h.replace(/^\uFEFF/, "").trim()).filter((h) => h && !read.has(key(h))),
      );
      continue;
    }
    rows++;
    if (rows > SALES_LIMITS.importRowsMax) throw tooManySalesRows();
    // Only these cells are read; the record (with the buyer's columns) is dropped when this returns.
    const columns = col;
    const get = (name: string) => {
      const i = columns.get(key(name));
      return i === undefined ? "" : (fields[i] ?? "");
    };
    yield kind === "items" ? itemRow(row, get) : orderRow(row, get);
  }
  if (!col) throw notSalesCsv("The file is empty.");
  if (rows === 0) throw new HttpError(400, "The file has Etsy's header row but no sales under it: there is nothing to import. Choose a period with sales and download the file again.");
}

function itemRow(row: number, get: (name: string) => string): SaleItem {
  const saleDate = parseSaleDate(get("Sale Date"));
  if (saleDate === null) return { row, error: `Row ${row} has no sale date Etsy writes (such as 12/31/25): the row was skipped.` };
  const transactionId = get("Transaction ID").trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(transactionId)) return { row, error: `Row ${row} has no transaction id: the row was skipped.` };
  const currency = get("Currency").trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { row, error: `Row ${row} has no currency code (such as USD): the row was skipped.` };
  const quantityText = get("Quantity").trim();
  const quantity = /^-?\d{1,7}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!(quantity > 0)) return { row, error: `Row ${row} sold ${quantityText || "no"} items (a cancelled or refunded item): it is not counted as a sale.` };
  const total = money(get("Item Total"), currency);
  const price = money(get("Price"), currency);
  const discount = money(get("Discount Amount"), currency);
  const gross = total && get("Item Total").trim() ? total : price ? { minor: price.minor * quantity, negative: price.negative } : null;
  if (!gross) return { row, error: `Row ${row} has no item total or price that reads as money: the row was skipped.` };
  if (gross.negative) return { row, error: `Row ${row} has a negative item total (a refund): it is not counted as a sale.` };
  const revenueMinor = Math.max(0, gross.minor - (discount && !discount.negative ? discount.minor : 0));
  const listingId = get("Listing ID").trim();
  const orderId = get("Order ID").trim();
  const sku = decodeEntities(get("SKU")).replace(/\s+/g, " ").trim();
  return {
    row,
    transactionId,
    orderId: /^[A-Za-z0-9-]{1,40}$/.test(orderId) ? orderId : null,
    etsyListingId: /^\d{1,20}$/.test(listingId) ? listingId : null,
    sku: sku ? sku.slice(0, 64) : null,
    itemName: decodeEntities(get("Item Name")).replace(/\s+/g, " ").trim().slice(0, 300),
    saleDate,
    quantity,
    revenueMinor,
    currency,
  };
}

function orderRow(row: number, get: (name: string) => string): SaleItem {
  const saleDate = parseSaleDate(get("Sale Date"));
  if (saleDate === null) return { row, error: `Row ${row} has no sale date Etsy writes (such as 12/31/25): the row was skipped.` };
  const orderId = get("Order ID").trim();
  if (!/^[A-Za-z0-9-]{1,40}$/.test(orderId)) return { row, error: `Row ${row} has no order id: the row was skipped.` };
  const currency = get("Currency").trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { row, error: `Row ${row} has no currency code (such as USD): the row was skipped.` };
  const quantityText = get("Number of Items").trim();
  const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : 0;
  if (quantity <= 0) return { row, error: `Row ${row} has no items (a cancelled order): it is not counted as a sale.` };
  const value = money(get("Order Value"), currency);
  if (!value || value.negative) return { row, error: `Row ${row} has no order value that reads as money: the row was skipped.` };
  const discount = money(get("Discount Amount"), currency);
  const sku = decodeEntities(get("SKU")).replace(/\s+/g, " ").trim();
  return {
    row,
    // One row per order: the order is the transaction (prefixed, so it never collides with an item's id).
    transactionId: `order-${orderId}`,
    orderId,
    etsyListingId: null,
    // An order of several listings names several SKUs: only an order of one can be matched.
    sku: sku && !sku.includes(",") ? sku.slice(0, 64) : null,
    itemName: sku ? `Order ${orderId} (${sku.slice(0, 200)})` : `Order ${orderId}`,
    saleDate,
    quantity,
    revenueMinor: Math.max(0, value.minor - (discount && !discount.negative ? discount.minor : 0)),
    currency,
  };
}
