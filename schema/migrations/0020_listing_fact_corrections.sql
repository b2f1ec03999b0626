-- The seller's corrections of "Facts we used" (issue 24): the fact list as the seller left it (JSON array of
-- { kind, value }), NULL while the seller has not corrected anything. What the seller corrected wins over what
-- is read from the prompt: the list is shown as the listing's facts and the next generation writes from it.
ALTER TABLE `listings` ADD `fact_corrections` text;
