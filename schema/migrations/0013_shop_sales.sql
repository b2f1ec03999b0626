-- My Shop sales (issue 28): the seller's real sales from Etsy's sold order items file (or the orders file),
-- one row per Etsy transaction. Only what the sales figures need is kept: never the buyer's name, user
-- name, address, e-mail, message, personalisation or variations (decision 0035). Re-importing a file adds
-- nothing: (user_id, transaction_id) is unique. `listing_id` is the Listora listing it was matched to (by
-- Etsy listing id, SKU or the title the listing had on the sale date), NULL while unmatched; a deleted
-- listing leaves its sales unmatched.
CREATE TABLE `shop_sales` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`order_id` text,
	`listing_id` text,
	`etsy_listing_id` text,
	`sku` text,
	`item_name` text NOT NULL,
	`sale_date` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`matched_by` text,
	`imported_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_sales_user_transaction` ON `shop_sales` (`user_id`,`transaction_id`);
--> statement-breakpoint
CREATE INDEX `shop_sales_user_listing_date` ON `shop_sales` (`user_id`,`listing_id`,`sale_date`);
--> statement-breakpoint
CREATE INDEX `shop_sales_user_date` ON `shop_sales` (`user_id`,`sale_date`);
