-- The parts each marketplace's listing has beside title, description, tags and alt texts (issue 14,
-- decision 0017): Amazon's five bullet points and backend search terms, eBay's item specifics.
ALTER TABLE `listings` ADD `bullets` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `listings` ADD `search_terms` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `listings` ADD `item_specifics` text DEFAULT '[]' NOT NULL;
