-- Billing (issue 30, decision 0036): Stripe Checkout for Premium, Stripe's signed webhooks as the only
-- source of plan changes. One row per Stripe subscription (a seller who cancels and subscribes again has
-- two); users.plan is recomputed from these rows in the same batch that applies an event.
CREATE TABLE `billing_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT 0 NOT NULL,
	`event_created` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `billing_subscriptions_user` ON `billing_subscriptions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `billing_subscriptions_customer` ON `billing_subscriptions` (`customer_id`);
--> statement-breakpoint
-- Every webhook event applied, by Stripe's event id: a replay or a retry changes nothing.
CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
-- The seller's Stripe customer, kept from their first checkout so a second checkout and the portal reuse it.
ALTER TABLE `users` ADD `stripe_customer_id` text;
