-- Storage metering (bytes and files per user; saved listings are counted live), optimistic concurrency on listings, the
-- frozen generation prompt, and the history of every change to a listing. Decision 0011.
CREATE TABLE `storage_usage` (
	`user_id` text PRIMARY KEY NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`files` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `storage_usage` (`user_id`, `bytes`, `files`, `updated_at`)
SELECT u.`id`,
	coalesce((SELECT sum(f.`size`) FROM `files` f WHERE f.`user_id` = u.`id`), 0),
	(SELECT count(*) FROM `files` f WHERE f.`user_id` = u.`id`),
	CAST(strftime('%s', 'now') AS integer) * 1000
FROM `users` u;
--> statement-breakpoint
ALTER TABLE `listings` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `listings` ADD `generation_prompt` text;
--> statement-breakpoint
UPDATE `listings` SET `generation_prompt` = `original_prompt` WHERE `source` IN ('create', 'wizard');
--> statement-breakpoint
CREATE TABLE `listing_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`version` integer NOT NULL,
	`snapshot` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_versions_listing_version` ON `listing_versions` (`listing_id`, `version`);
--> statement-breakpoint
CREATE INDEX `listing_versions_user` ON `listing_versions` (`user_id`);
--> statement-breakpoint
INSERT INTO `listing_versions` (`id`, `listing_id`, `user_id`, `version`, `snapshot`, `reason`, `created_at`)
SELECT lower(hex(randomblob(16))), `id`, `user_id`, 1,
	json_object('title', `title`, 'description', `description`, 'tags', json(`tags`), 'altTexts', json(`alt_texts`), 'originalPrompt', `original_prompt`),
	CASE WHEN `source` = 'manual' THEN 'saved' ELSE 'generated' END, `updated_at`
FROM `listings`;
