CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`listing_id` text,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_user_listing` ON `files` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `files_r2_key` ON `files` (`r2_key`);--> statement-breakpoint
CREATE TABLE `idempotency` (
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`request_id` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_key` ON `idempotency` (`user_id`,`scope`,`request_id`);--> statement-breakpoint
CREATE INDEX `idempotency_created` ON `idempotency` (`created_at`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`tags` text NOT NULL,
	`alt_texts` text NOT NULL,
	`original_prompt` text DEFAULT '' NOT NULL,
	`platform` text DEFAULT 'etsy' NOT NULL,
	`provider` text DEFAULT 'manual' NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`rule_report` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listings_user_created` ON `listings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trends_cache` (
	`cache_key` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
