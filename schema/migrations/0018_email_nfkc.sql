-- The e-mail normal form includes NFKC (issue 23): fullwidth "Ｋx@example.com" and "kx@example.com" are
-- one address. SQLite cannot compute NFKC, so the normal form of every address with a character outside
-- printable ASCII is cleared; the Worker computes it again (fillMissingNormalisedEmails in
-- worker/domain/auth/accounts.ts, oldest account first: when two accounts now fold to one address, the
-- newer keeps NULL and the operator is told in the log). ASCII addresses are unchanged by NFKC.
UPDATE `users` SET `email_normalized` = NULL WHERE `email` GLOB '*[^ -~]*';
