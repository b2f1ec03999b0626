-- Issue 23 (decision 0029): one listing per shop row even when imports run at the same time, every writer
-- run metered, no listing in two running jobs, and stuck jobs swept to an end.
--
-- 1. The key a shop row is matched on, per user: 'etsy:<listing id>', else 'sku:<SKU>', else
--    'title:<original title in its normal form>'. NULL for listings not from the shop. Imports insert with
--    ON CONFLICT DO NOTHING against the unique index, so two imports of one file write each row once.
ALTER TABLE `listings` ADD `shop_key` text;
--> statement-breakpoint
-- The normal form of a title (NFKC, invisible characters removed, case-folded) is computed by the Worker
-- (worker/lib/name-key.ts); SQL has no NFKC, so an existing title-only listing is keyed by its trimmed,
-- lower-cased title here and re-keyed by the next import that matches it (imports match on the listings'
-- columns in the Worker and write the key they compute).
UPDATE `listings` SET `shop_key` = CASE
    WHEN `etsy_listing_id` IS NOT NULL AND trim(`etsy_listing_id`) <> '' THEN 'etsy:' || trim(`etsy_listing_id`)
    WHEN `sku` IS NOT NULL AND trim(`sku`) <> '' THEN 'sku:' || trim(`sku`)
    WHEN `shop_title` IS NOT NULL AND trim(`shop_title`) <> '' THEN 'title:' || lower(trim(`shop_title`))
    ELSE NULL END
  WHERE `source` = 'shop';
--> statement-breakpoint
-- Duplicates left by concurrent imports before this migration. Per user and key, the copy to keep is the one
-- with the most history (highest version), then the oldest. A copy that nothing distinguishes from an import
-- (version 1: never edited, re-imported or accepted; no proposal, no file, no Etsy link) is deleted with its
-- version and audit rows; any other copy is kept, as the seller's, with no key (re-imports no longer match it).
DELETE FROM `listings`
  WHERE `shop_key` IS NOT NULL AND `version` = 1
    AND NOT EXISTS (SELECT 1 FROM `listing_proposals` p WHERE p.`listing_id` = `listings`.`id`)
    AND NOT EXISTS (SELECT 1 FROM `files` f WHERE f.`listing_id` = `listings`.`id`)
    AND NOT EXISTS (SELECT 1 FROM `etsy_listing_sync` s WHERE s.`listing_id` = `listings`.`id`)
    AND EXISTS (
      SELECT 1 FROM `listings` k
      WHERE k.`user_id` = `listings`.`user_id` AND k.`shop_key` = `listings`.`shop_key` AND k.`id` <> `listings`.`id`
        AND (k.`version` > `listings`.`version`
          OR (k.`version` = `listings`.`version` AND (k.`created_at` < `listings`.`created_at` OR (k.`created_at` = `listings`.`created_at` AND k.`id` < `listings`.`id`))))
    );
--> statement-breakpoint
UPDATE `listings` SET `shop_key` = NULL
  WHERE `shop_key` IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM `listings` k
      WHERE k.`user_id` = `listings`.`user_id` AND k.`shop_key` = `listings`.`shop_key` AND k.`id` <> `listings`.`id`
        AND (k.`version` > `listings`.`version`
          OR (k.`version` = `listings`.`version` AND (k.`created_at` < `listings`.`created_at` OR (k.`created_at` = `listings`.`created_at` AND k.`id` < `listings`.`id`))))
    );
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_user_shop_key` ON `listings` (`user_id`, `shop_key`);
--> statement-breakpoint
-- 2. Metering: the listing version the writer ran on (a listing unchanged since is not sent again), and how
--    many times the sweeper sent a stuck item's message again (after 2, the item fails with a time-out).
ALTER TABLE `shop_job_items` ADD `base_version` integer;
--> statement-breakpoint
ALTER TABLE `shop_job_items` ADD `sweeps` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A listing in two running jobs before this migration: the item being processed (else the earliest) stays,
-- the others are skipped with the reason.
UPDATE `shop_job_items` SET `status` = 'skipped', `error` = 'Not optimized twice: this listing was already being optimized in another job.'
  WHERE `status` IN ('queued', 'processing')
    AND EXISTS (
      SELECT 1 FROM `shop_job_items` o
      WHERE o.`listing_id` = `shop_job_items`.`listing_id` AND o.`status` IN ('queued', 'processing') AND o.`rowid` <> `shop_job_items`.`rowid`
        AND ((o.`status` = 'processing') > (`shop_job_items`.`status` = 'processing')
          OR ((o.`status` = 'processing') = (`shop_job_items`.`status` = 'processing') AND o.`rowid` < `shop_job_items`.`rowid`))
    );
--> statement-breakpoint
-- At most one queued or processing item per listing: a second job (or a concurrent submit) cannot queue it again.
CREATE UNIQUE INDEX `shop_job_items_one_active` ON `shop_job_items` (`listing_id`) WHERE `status` IN ('queued', 'processing');
--> statement-breakpoint
CREATE INDEX `shop_job_items_listing_version` ON `shop_job_items` (`listing_id`, `base_version`);
--> statement-breakpoint
-- The sweeper's look-ups: items by state and age, jobs by state.
CREATE INDEX `shop_job_items_status_updated` ON `shop_job_items` (`status`, `updated_at`);
--> statement-breakpoint
CREATE INDEX `shop_jobs_status_updated` ON `shop_jobs` (`status`, `updated_at`);
