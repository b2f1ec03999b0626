-- One normal form of every e-mail (NFC, then full Unicode case folding, IDNA domain), computed by the
-- Worker (worker/domain/auth/email.ts) for storage and every look-up; unique. SQLite's lower() folds
-- ASCII only, so it cannot compute the form itself:
--  * ASCII-only addresses: lower(trim(email)) is exactly their normal form, filled in here. The old
--    unique index on lower(email) guarantees these are unique.
--  * Addresses with any other character stay NULL here; the Worker fills them in on its first
--    look-up (oldest account first). If two old accounts fold to one address, the newer one keeps
--    NULL and the Worker logs auth.email_conflict for the operator.
ALTER TABLE `users` ADD `email_normalized` text;
--> statement-breakpoint
UPDATE `users` SET `email_normalized` = lower(trim(`email`)) WHERE trim(`email`) NOT GLOB '*[^ -~]*';
--> statement-breakpoint
DROP INDEX IF EXISTS `users_email_lower_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_normalized_unique` ON `users` (`email_normalized`);
