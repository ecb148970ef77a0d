-- Admin search (issue 19): trigram indexes on one lower-cased search text per searched table.
-- The expressions are repeated exactly in api/src/db/search.ts, which the planner needs to use them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Username, email, first and last name.
CREATE INDEX "User_search_trgm_idx" ON "User" USING gin (
  lower("username"::text || ' ' || "email"::text || ' ' || coalesce("firstName", '') || ' ' || coalesce("lastName", '')) gin_trgm_ops
);

-- Contract number and postcode, as stored and without spaces.
CREATE INDEX "CustomerProfile_search_trgm_idx" ON "CustomerProfile" USING gin (
  lower("contractNumber" || ' ' || "postcode" || ' ' || replace("postcode", ' ', '')) gin_trgm_ops
);

-- The friend's name, email and phone, in E.164 (+447400123456) and national form (07400123456).
CREATE INDEX "Referral_search_trgm_idx" ON "Referral" USING gin (
  lower(coalesce("name", '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone", '') || ' ' || coalesce('0' || substr("phone", 4), '')) gin_trgm_ops
);
