-- My Shop (issue 15): a seller's existing Etsy listings, imported from Etsy's own listings CSV (or, for an
-- operator with Etsy API access, from the shop), scored by the Listing Doctor, optimized in bulk through a
-- queue as reviewable proposals. Imported listings are ordinary listings (source 'shop') with the shop's
-- own facts beside their text.
ALTER TABLE `listings` ADD `sku` text;
--> statement-breakpoint
-- The title as the shop had it when imported: with SKU, what a re-import matches on.
ALTER TABLE `listings` ADD `shop_title` text;
--> statement-breakpoint
-- Etsy's listing_id, when the listing came from the Etsy API.
ALTER TABLE `listings` ADD `etsy_listing_id` text;
--> statement-breakpoint
-- Price in minor units (cents) and its ISO 4217 currency; NULL when unknown.
ALTER TABLE `listings` ADD `price_minor` integer;
--> statement-breakpoint
ALTER TABLE `listings` ADD `currency` text;
--> statement-breakpoint
ALTER TABLE `listings` ADD `quantity` integer;
--> statement-breakpoint
-- JSON array of strings.
ALTER TABLE `listings` ADD `materials` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
-- JSON array of image URLs as the shop lists them (IMAGE1..IMAGE10).
ALTER TABLE `listings` ADD `image_urls` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
-- JSON array of { type, values: string[] }.
ALTER TABLE `listings` ADD `variations` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
-- How many photos the listing has, when known (imported listings); the audit's photo rules use it.
ALTER TABLE `listings` ADD `photo_count` integer;
--> statement-breakpoint
-- SHA-256 of the imported row's fields: a re-import of an unchanged row changes nothing.
ALTER TABLE `listings` ADD `import_hash` text;
--> statement-breakpoint
CREATE INDEX `listings_user_sku` ON `listings` (`user_id`,`sku`);
--> statement-breakpoint
CREATE INDEX `listings_user_shop_title` ON `listings` (`user_id`,`shop_title`);
--> statement-breakpoint
CREATE INDEX `listings_user_source` ON `listings` (`user_id`,`source`);
--> statement-breakpoint
-- The Listing Doctor's score of a listing at one version, so the shop can sort and summarise thousands of
-- listings without re-auditing each on every read. Stale when `version` differs from the listing's.
CREATE TABLE `listing_audits` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`version` integer NOT NULL,
	`score` integer NOT NULL,
	`grade` text NOT NULL,
	-- JSON array of the finding ids (e.g. ["title.too-long","tags.too-few"]).
	`finding_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_audits_user_score` ON `listing_audits` (`user_id`,`score`);
--> statement-breakpoint
-- One bulk optimization: a set of listings, each optimized by one queue message.
CREATE TABLE `shop_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	-- queued | running | completed | stopped
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	-- Why the job stopped early (quota ran out), in words a seller reads.
	`stop_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shop_jobs_user_created` ON `shop_jobs` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `shop_job_items` (
	`job_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	-- queued | processing | done | failed | skipped
	`status` text NOT NULL,
	`score_before` integer,
	`score_after` integer,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`job_id`, `listing_id`),
	FOREIGN KEY (`job_id`) REFERENCES `shop_jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- An optimized listing waiting for the seller: never applied until accepted. At most one pending per listing.
CREATE TABLE `listing_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`job_id` text,
	-- pending | accepted | rejected | superseded
	`status` text NOT NULL,
	-- The listing version the proposal was made from; accepting a proposal made from an older version is a 409.
	`base_version` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`tags` text NOT NULL,
	`alt_texts` text DEFAULT '[]' NOT NULL,
	`score_before` integer NOT NULL,
	`score_after` integer NOT NULL,
	`grade_before` text NOT NULL,
	`grade_after` text NOT NULL,
	-- Which writer made it ("offline-composer", "deepseek", "workers-ai", "listing-doctor-fixes", ...).
	`provider` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_proposals_one_pending` ON `listing_proposals` (`listing_id`) WHERE `status` = 'pending';
--> statement-breakpoint
CREATE INDEX `listing_proposals_user_status` ON `listing_proposals` (`user_id`,`status`,`decided_at`);
