-- A stored score names the audit engine's build that computed it (decision 0064): My Listings and the API
-- read every listing's score from listing_audits (before, only shop listings had one), and a score of
-- another engine is stale like one of another version. Existing rows carry '' and are scored again.
ALTER TABLE `listing_audits` ADD `engine` text NOT NULL DEFAULT '';
