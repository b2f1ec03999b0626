import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { SavedKeyword } from "./api/keyword-lists";
import type { ItemSpecific, ListingFact } from "./api/listings";
import type { ShopVariation } from "./api/shop";

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
    theme: text("theme", { enum: ["light", "dark"] })
      .notNull()
      .default("light"),
    language: text("language", { enum: ["en", "tr"] })
      .notNull()
      .default("en"),
    emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(true),
    pushNotifications: integer("push_notifications", { mode: "boolean" }).notNull().default(true),
    plan: text("plan").notNull().default("free"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    tokenVersion: integer("token_version").notNull().default(1),
    /** Onboarding checklist and first-visit welcome: JSON of step -> first completion time in ms (migration 0005). */
    onboarding: text("onboarding").notNull().default("{}"),
    /** The seller's Stripe customer (cus_...), kept from their first checkout (0019, decision 0036). */
    stripeCustomerId: text("stripe_customer_id"),
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
    source: text("source", { enum: ["create", "wizard", "manual", "shop"] })
      .notNull()
      .default("manual"),
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
    /** My Shop (0006): the shop's own facts of an imported listing; NULL / [] for listings written here. */
    sku: text("sku"),
    /** The title as the shop had it when imported: with the SKU, what a re-import matches on. */
    shopTitle: text("shop_title"),
    etsyListingId: text("etsy_listing_id"),
    /** Price in minor units (cents) with its ISO 4217 currency. */
    priceMinor: integer("price_minor"),
    currency: text("currency"),
    quantity: integer("quantity"),
    materials: text("materials", { mode: "json" }).$type<string[]>().notNull().default([]),
    imageUrls: text("image_urls", { mode: "json" }).$type<string[]>().notNull().default([]),
    variations: text("variations", { mode: "json" }).$type<ShopVariation[]>().notNull().default([]),
    /** How many photos the listing has, when known; the audit's photo rules use it. */
    photoCount: integer("photo_count"),
    /** SHA-256 of the imported row's fields: a re-import of an unchanged row changes nothing. */
    importHash: text("import_hash"),
    /**
     * What a shop row is matched on (0011): "etsy:<listing id>", else "sku:<SKU>", else "title:<original title
     * in its normal form>"; unique per user, so concurrent imports write each row once. NULL off the shop.
     */
    shopKey: text("shop_key"),
    /** The seller's corrected "Facts we used" (0020): the whole list as the seller left it; NULL until corrected. */
    factCorrections: text("fact_corrections", { mode: "json" }).$type<ListingFact[]>(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    index("listings_user_created").on(t.userId, t.createdAt),
    index("listings_user_sku").on(t.userId, t.sku),
    index("listings_user_shop_title").on(t.userId, t.shopTitle),
    index("listings_user_source").on(t.userId, t.source),
    uniqueIndex("listings_user_shop_key").on(t.userId, t.shopKey),
  ],
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

/** The Listing Doctor's score of a listing at one version (0006): stale when `version` or `engine` differs from the listing's and the build's (0021). */
export const listingAudits = sqliteTable(
  "listing_audits",
  {
    listingId: text("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    score: integer("score").notNull(),
    grade: text("grade").notNull(),
    findingIds: text("finding_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    updatedAt: timestamp("updated_at").notNull(),
    /** The audit engine's build that computed the score (0021): another build's score is stale too. */
    engine: text("engine").notNull().default(""),
  },
  (t) => [index("listing_audits_user_score").on(t.userId, t.score)],
);

/** One bulk optimization of shop listings (0006); each listing is one queue message. */
export const shopJobs = sqliteTable(
  "shop_jobs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "completed", "stopped"] }).notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Why the job stopped early (the quota ran out), in words a seller reads. */
    stopReason: text("stop_reason"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("shop_jobs_user_created").on(t.userId, t.createdAt), index("shop_jobs_status_updated").on(t.status, t.updatedAt)],
);

export const shopJobItems = sqliteTable(
  "shop_job_items",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => shopJobs.id, { onDelete: "cascade" }),
    listingId: text("listing_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "processing", "done", "failed", "skipped"] }).notNull(),
    scoreBefore: integer("score_before"),
    scoreAfter: integer("score_after"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: timestamp("updated_at").notNull(),
    /** 1 while the item holds the create-listing unit reserved for it (0010); a redelivery never takes a second. */
    unitHeld: integer("unit_held").notNull().default(0),
    /** The listing version the writer ran on (0011): a listing unchanged since a finished run is not sent again. */
    baseVersion: integer("base_version"),
    /** How many times the sweeper sent this stuck item's message again (0011); past the limit it fails with a time-out. */
    sweeps: integer("sweeps").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.listingId] }),
    index("shop_job_items_job_status").on(t.jobId, t.status),
    uniqueIndex("shop_job_items_one_active")
      .on(t.listingId)
      .where(sql`${t.status} IN ('queued', 'processing')`),
    index("shop_job_items_listing_version").on(t.listingId, t.baseVersion),
    index("shop_job_items_status_updated").on(t.status, t.updatedAt),
  ],
);

/** An optimized listing waiting for the seller (0006): never applied until accepted; one pending per listing. */
export const listingProposals = sqliteTable(
  "listing_proposals",
  {
    id: text("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: text("job_id"),
    status: text("status", { enum: ["pending", "accepted", "rejected", "superseded"] }).notNull(),
    /** The listing version it was made from; accepting one made from an older version is a 409. */
    baseVersion: integer("base_version").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    altTexts: text("alt_texts", { mode: "json" }).$type<string[]>().notNull().default([]),
    scoreBefore: integer("score_before").notNull(),
    scoreAfter: integer("score_after").notNull(),
    gradeBefore: text("grade_before").notNull(),
    gradeAfter: text("grade_after").notNull(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at").notNull(),
    decidedAt: timestamp("decided_at"),
  },
  (t) => [
    uniqueIndex("listing_proposals_one_pending")
      .on(t.listingId)
      .where(sql`${t.status} = 'pending'`),
    index("listing_proposals_user_status").on(t.userId, t.status, t.decidedAt),
  ],
);
export type ShopJob = typeof shopJobs.$inferSelect;
export type ListingProposal = typeof listingProposals.$inferSelect;

/** A seller's connected Etsy shop (0007, decision 0022): OAuth tokens encrypted with AES-256-GCM. */
/**
 * My Shop sales (0013, issue 28): one Etsy transaction of the seller's sold order items file. No buyer data
 * is stored (decision 0035). `listingId` is the listing it was matched to, NULL while unmatched.
 */
export const shopSales = sqliteTable(
  "shop_sales",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id").notNull(),
    orderId: text("order_id"),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    etsyListingId: text("etsy_listing_id"),
    sku: text("sku"),
    itemName: text("item_name").notNull(),
    /** The sale's day, 00:00 UTC, in ms. */
    saleDate: timestamp("sale_date").notNull(),
    quantity: integer("quantity").notNull(),
    /** The item total less its discount, in minor units of `currency`. */
    revenueMinor: integer("revenue_minor").notNull(),
    currency: text("currency").notNull(),
    /** How it was matched: "etsy-id", "sku", "title" (the title on the sale date), "old-title" (a title it had); NULL unmatched. */
    matchedBy: text("matched_by"),
    importedAt: timestamp("imported_at").notNull(),
  },
  (t) => [
    uniqueIndex("shop_sales_user_transaction").on(t.userId, t.transactionId),
    index("shop_sales_user_listing_date").on(t.userId, t.listingId, t.saleDate),
    index("shop_sales_user_date").on(t.userId, t.saleDate),
  ],
);

export const etsyConnections = sqliteTable("etsy_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  etsyUserId: text("etsy_user_id").notNull(),
  shopId: text("shop_id").notNull(),
  shopName: text("shop_name").notNull(),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  accessExpiresAt: timestamp("access_expires_at").notNull(),
  scopes: text("scopes").notNull(),
  connectedAt: timestamp("connected_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/** An Etsy authorization in flight (0007): single use, 10 minutes, bound to a user and a browser. */
export const etsyOauthStates = sqliteTable(
  "etsy_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    codeVerifierEnc: text("code_verifier_enc").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("etsy_oauth_states_user").on(t.userId)],
);

/** What Etsy has for a linked listing, as last imported or pushed (0007). */
export const etsyListingSync = sqliteTable(
  "etsy_listing_sync",
  {
    listingId: text("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shopId: text("shop_id").notNull(),
    etsyListingId: text("etsy_listing_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    syncedAt: timestamp("synced_at").notNull(),
    pushedAt: timestamp("pushed_at"),
  },
  (t) => [index("etsy_listing_sync_user").on(t.userId, t.shopId)],
);

export type EtsyConnection = typeof etsyConnections.$inferSelect;

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
    /** The name in its normal form (worker/lib/name-key.ts: NFKC, invisible characters removed, case-folded): one list per name per user. */
    nameKey: text("name_key").notNull(),
    keywords: text("keywords", { mode: "json" }).$type<SavedKeyword[]>().notNull(),
    keywordCount: integer("keyword_count").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [uniqueIndex("keyword_lists_user_name").on(t.userId, t.nameKey)],
);

export type KeywordListRow = typeof keywordLists.$inferSelect;

/**
 * Stripe subscriptions (0019, decision 0036), written only by verified webhooks. users.plan is Premium
 * while one of a user's subscriptions is active, trialing or past_due.
 */
export const billingSubscriptions = sqliteTable(
  "billing_subscriptions",
  {
    /** Stripe's subscription id (sub_...). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
    status: text("status").notNull(),
    /** When the paid period ends (ms): the renewal date, or the end date once cancelled. */
    currentPeriodEnd: timestamp("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** Stripe's `created` (seconds) of the event that last changed the row: an older event never overwrites a newer one. */
    eventCreated: integer("event_created").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("billing_subscriptions_user").on(t.userId), index("billing_subscriptions_customer").on(t.customerId)],
);

/** Stripe webhook events already applied, by event id (0019): a replayed or retried event changes nothing. */
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  created: integer("created").notNull(),
  receivedAt: timestamp("received_at").notNull(),
});
