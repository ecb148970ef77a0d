-- Hand-written: trigram indexes on the people's names, for the admin search's typo arm
-- (api/src/db/search.ts; docs/rules/lists.md, "Searching the admin lists"). A name compared whole
-- ("matilda cx" against "matilda cox") needs the name alone: the search texts' indexes hold the
-- email and phones too. The expressions are repeated exactly in search.ts, which the planner needs.

-- The friend's name.
CREATE INDEX "Referral_name_search_trgm_idx" ON "Referral" USING gin (lower(coalesce("name", '')) gin_trgm_ops);

-- The account's first and last name.
CREATE INDEX "User_name_search_trgm_idx" ON "User" USING gin (
  lower(coalesce("firstName", '') || ' ' || coalesce("lastName", '')) gin_trgm_ops
);
