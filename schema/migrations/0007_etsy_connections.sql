-- The optional Etsy API connection of My Shop (issue 15, decision 0022): an operator with Etsy API
-- keys lets a seller connect their shop with OAuth 2.0 + PKCE, import its listings and push accepted
-- changes back. Tokens are stored encrypted (AES-256-GCM); disconnecting deletes them.
CREATE TABLE `etsy_connections` (
	`user_id` text PRIMARY KEY NOT NULL,
	`etsy_user_id` text NOT NULL,
	`shop_id` text NOT NULL,
	`shop_name` text NOT NULL,
	-- "v1.<iv>.<ciphertext>": AES-256-GCM, bound to the user and the token's purpose.
	`access_token_enc` text NOT NULL,
	`refresh_token_enc` text NOT NULL,
	-- When the access token stops working (ms); Etsy's last one hour.
	`access_expires_at` integer NOT NULL,
	`scopes` text NOT NULL,
	`connected_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- An authorization in flight: made by POST /api/shop/etsy/connect, used once by the callback, 10 minutes.
CREATE TABLE `etsy_oauth_states` (
	-- SHA-256 (hex) of the state sent to Etsy; the state itself is never stored.
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	-- SHA-256 (hex) of the nonce in the browser's cookie that started it: the callback must come from that browser.
	`browser_hash` text NOT NULL,
	-- The PKCE code_verifier, encrypted like the tokens.
	`code_verifier_enc` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `etsy_oauth_states_user` ON `etsy_oauth_states` (`user_id`);
--> statement-breakpoint
-- What Etsy has for a linked listing, as last imported from it or pushed to it: a push sends only what
-- differs from this.
CREATE TABLE `etsy_listing_sync` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`shop_id` text NOT NULL,
	`etsy_listing_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	-- JSON array of strings.
	`tags` text NOT NULL,
	`synced_at` integer NOT NULL,
	`pushed_at` integer,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `etsy_listing_sync_user` ON `etsy_listing_sync` (`user_id`,`shop_id`);
