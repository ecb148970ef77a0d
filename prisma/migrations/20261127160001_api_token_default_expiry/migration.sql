-- Hand-written data migration: tokens made before expiry became required get one. 90 days from
-- their creation (the default for new tokens), but never sooner than 14 days from this migration,
-- so an integration has time to be given a new token (README, "API tokens").
UPDATE "ApiToken"
SET "expiresAt" = GREATEST("createdAt" + INTERVAL '90 days', now() + INTERVAL '14 days')
WHERE "expiresAt" IS NULL AND "revokedAt" IS NULL;
