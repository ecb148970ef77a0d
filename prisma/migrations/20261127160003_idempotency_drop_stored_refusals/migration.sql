-- Hand-written data migration: refusals are no longer kept as idempotency answers (README,
-- "Idempotent writes"): a stored refusal would otherwise still be replayed for up to 24 hours.
-- Committed answers have status 200; every other row is a stored refusal.
DELETE FROM "IdempotencyKey" WHERE "status" <> 200;
