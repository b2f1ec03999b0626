import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ItemSpecific } from "./api/listings";
import type { SavedKeyword } from "./api/keyword-lists";

/** Milliseconds since the epoch; every timestamp in the database uses it. */
const timestamp = (name: string) => integer(name, { mode: "number" });

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored as typed; mail goes here. */
    email: text("email").notNull(),
    /**
     * The one normal form (NFC, Unicode case folding, IDNA domain; worker/domain/auth/email.ts):
     * unique, and what every look-up compares. NULL only for a pre-0002 non-ASCII row not yet filled in.
     */
    emailNormalized: text("email_normalized"),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    storeName: text("store_name").notNull().default(""),
    theme: text("theme", { enum: ["light", "dark"] }).notNull().default("light"),
    language: text("language", { enum: ["en", "tr"] }).notNull().default("en"),
    emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(true),
    pushNotifications: integer("push_notifications", { mode: "boolean" }).notNull().default(true),
    plan: text("plan").notNull().default("free"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    tokenVersion: integer("token_version").notNull().default(1),
    /** Onboarding checklist and first-visit welcome: JSON of step -> first completion time in ms (migration 0005). */
    onboarding: text("onboarding").notNull().default("{}"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_normalized_unique").on(t.emailNormalized)],
);

/** Password-reset and e-mail verification tokens: only the SHA-256 of the token is kept. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["reset", "verify"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash), index("auth_tokens_user").on(t.userId)],
);

/** Every mail Listora sends, whatever the provider; the embedded provider only writes here. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["stored", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("mail_outbox_created").on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Saved listings (My Listings). Tags and alt texts are JSON arrays of strings. */
export const listings = sqliteTable(
  "listings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    altTexts: text("alt_texts", { mode: "json" }).$type<string[]>().notNull(),
    originalPrompt: text("original_prompt").notNull().default(""),
    platform: text("platform").notNull().default("etsy"),
    /** Which provider wrote it ("offline-composer", "deepseek", ...), or "manual". */
    provider: text("provider").notNull().default("manual"),
    /** Where it came from: the create screen, the pattern wizard, or the API by hand. */
    source: text("source", { enum: ["create", "wizard", "manual"] }).notNull().default("manual"),
    /** The rule report of the enforcer (JSON), when the listing went through it. */
    ruleReport: text("rule_report", { mode: "json" }).$type<unknown>(),
    /** Amazon's bullet points (JSON array of strings; [] elsewhere) (0004). */
    bullets: text("bullets", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Amazon's backend search terms, one line ("" elsewhere) (0004). */
    searchTerms: text("search_terms").notNull().default(""),
    /** eBay's item specifics (JSON array of { name, value }; [] elsewhere) (0004). */
    itemSpecifics: text("item_specifics", { mode: "json" }).$type<ItemSpecific[]>().notNull().default([]),
    /** Optimistic concurrency: every change adds one; a PUT names the version it started from (0003). */
    version: integer("version").notNull().default(1),
    /** The prompt the listing was generated from, frozen; a regeneration uses it, not original_prompt (0003). */
    generationPrompt: text("generation_prompt"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("listings_user_created").on(t.userId, t.createdAt)],
);

/** Files in R2 (uploads, edited images, pattern PDFs). The R2 key always starts with the owner's id. */
export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    r2Key: text("r2_key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    kind: text("kind", { enum: ["upload", "image-original", "image-edited", "pattern-pdf"] }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("files_user_listing").on(t.userId, t.listingId), uniqueIndex("files_r2_key").on(t.r2Key)],
);

/**
 * Idempotency under X-Request-ID: the first answer to (user, scope, request id) is kept, and a retry
 * gets it again instead of doing the work twice.
 */
export const idempotency = sqliteTable(
  "idempotency",
  {
    userId: text("user_id").notNull(),
    scope: text("scope").notNull(),
    requestId: text("request_id").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("idempotency_key").on(t.userId, t.scope, t.requestId), index("idempotency_created").on(t.createdAt)],
);

/** Trends and keyword results, 24 hours per (kind, keyword, geo, platform, category). */
export const trendsCache = sqliteTable("trends_cache", {
  cacheKey: text("cache_key").primaryKey(),
  provider: text("provider").notNull(),
  payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
  createdAt: timestamp("created_at").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
});

export type Listing = typeof listings.$inferSelect;
export type StoredFile = typeof files.$inferSelect;

/** Bytes and files stored per user, changed in the same D1 batch as the write they meter (0003, decision 0011). */
export const storageUsage = sqliteTable("storage_usage", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bytes: integer("bytes").notNull().default(0),
  files: integer("files").notNull().default(0),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Every change to a listing, as a JSON snapshot of its editable parts (0003). */
export const listingVersions = sqliteTable(
  "listing_versions",
  {
    id: text("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    snapshot: text("snapshot", { mode: "json" }).$type<unknown>().notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("listing_versions_listing_version").on(t.listingId, t.version), index("listing_versions_user").on(t.userId)],
);

export type ListingVersionRow = typeof listingVersions.$inferSelect;

/** DataForSEO's monthly searches per (keyword, location, source), kept 30 days (0008, decision 0019). */
export const searchVolumeCache = sqliteTable(
  "search_volume_cache",
  {
    keyword: text("keyword").notNull(),
    location: text("location").notNull(),
    source: text("source").notNull(),
    searchVolume: integer("search_volume"),
    monthlySearches: text("monthly_searches", { mode: "json" }).$type<{ year: number; month: number; searches: number | null }[] | null>(),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyword, t.location, t.source] })],
);

/** A seller's named keyword lists (0008, decision 0019). */
export const keywordLists = sqliteTable(
  "keyword_lists",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name lower-cased and trimmed: one list per name per user. */
    nameKey: text("name_key").notNull(),
    keywords: text("keywords", { mode: "json" }).$type<SavedKeyword[]>().notNull(),
    keywordCount: integer("keyword_count").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [uniqueIndex("keyword_lists_user_name").on(t.userId, t.nameKey)],
);

export type KeywordListRow = typeof keywordLists.$inferSelect;
