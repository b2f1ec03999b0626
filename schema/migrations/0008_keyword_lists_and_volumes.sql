-- Absolute search volumes (decision 0019): what DataForSEO answered for one keyword in one location from one
-- source ("google-ads" or "amazon"), kept 30 days. A null search_volume is an answer too (the source has no
-- figure for the phrase), so it is not asked again. location is a DataForSEO location code or 'GLOBAL'.
-- Keys of the form 'backoff|...' in keyword hold a vendor's Retry-After until expires_at.
CREATE TABLE `search_volume_cache` (
	`keyword` text NOT NULL,
	`location` text NOT NULL,
	`source` text NOT NULL,
	`search_volume` integer,
	`monthly_searches` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`keyword`, `location`, `source`)
);
--> statement-breakpoint
-- A seller's saved keyword lists (decision 0019): the keywords are a JSON array of
-- { keyword, popularity?, competition?, trend?, searchVolume? }, at most 200, unique case-insensitively.
CREATE TABLE `keyword_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`keywords` text NOT NULL,
	`keyword_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `keyword_lists_user_name` ON `keyword_lists` (`user_id`, `name_key`);
