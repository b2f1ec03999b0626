-- My Shop bulk optimize (issue 15): whether a job item holds the create-listing unit reserved for it.
-- Set in D1 before the unit is taken from the QuotaCounter and cleared after it is given back, so a
-- message redelivered after a crash between the two never takes a second unit for the same item (the
-- failure goes the seller's way: at worst one unit is not charged). See decision 0021.
ALTER TABLE `shop_job_items` ADD `unit_held` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `shop_job_items_job_status` ON `shop_job_items` (`job_id`,`status`);
