-- The dashboard's onboarding checklist and first-visit welcome live on the account, not the browser
-- (decision 0016): a JSON object { "profile"?: ms, "keyword"?: ms, "listing"?: ms, "image"?: ms,
-- "welcomed"?: ms }, each the time the step was first completed (or the dashboard first welcomed).
ALTER TABLE `users` ADD `onboarding` text DEFAULT '{}' NOT NULL;
