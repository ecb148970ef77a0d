-- Hand-written: the phone digits as a generated column, and the triggers that keep the analytics
-- summaries ("AnalyticsDelta", "CustomerCreditTotal") on every write path (Prisma, plain SQL, jobs),
-- then the summaries filled from the tables as they are now.

-- The phone's digits (E.164 without "+"), kept by PostgreSQL itself: no write path can forget it.
DROP INDEX "Referral_phoneDigits_idx";
ALTER TABLE "Referral" DROP COLUMN "phoneDigits";
ALTER TABLE "Referral" ADD COLUMN "phoneDigits" TEXT GENERATED ALWAYS AS (nullif(regexp_replace("phone", '[^0-9]', '', 'g'), '')) STORED;
CREATE INDEX "Referral_phoneDigits_idx" ON "Referral"("phoneDigits");

-- A customer's segment, the rule of api/src/customers/segments.ts (segmentOf).
CREATE FUNCTION analytics_segment(credits bigint, purchase bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN credits <= 0 THEN 'GETTING_STARTED'
    WHEN credits * 100 < purchase * 33 THEN 'LOW_PROGRESS'
    WHEN credits * 100 < purchase * 66 THEN 'MEDIUM_PROGRESS'
    ELSE 'HIGH_PROGRESS' END
$$;

-- Statement triggers with transition tables: one summary row per statement, however many rows it
-- wrote (the seed's million-row inserts cost one). Each trigger sees the rows before (gone) and after
-- (came); an insert has no "gone", a delete no "came" (empty tables stand in for them).

-- Customers: counts, and each one's credit total row (the segment needs the original purchase).
CREATE FUNCTION analytics_customers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every writer takes "AnalyticsDelta" before "CustomerCreditTotal": the rebuild locks them in that order.
  LOCK TABLE "AnalyticsDelta" IN ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AnalyticsDelta" (customers, "verifiedCustomers")
      SELECT count(*), count(*) FILTER (WHERE status = 'VERIFIED') FROM came HAVING count(*) > 0;
    INSERT INTO "CustomerCreditTotal" ("customerId", "purchasePence")
      SELECT id, "originalPurchaseAmountPence" FROM came ORDER BY id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AnalyticsDelta" (customers, "verifiedCustomers")
      SELECT -count(*), -count(*) FILTER (WHERE status = 'VERIFIED') FROM gone HAVING count(*) > 0;
  ELSE
    INSERT INTO "AnalyticsDelta" ("verifiedCustomers")
      SELECT v FROM (
        SELECT (SELECT count(*) FROM came WHERE status = 'VERIFIED') - (SELECT count(*) FROM gone WHERE status = 'VERIFIED') AS v
      ) d WHERE v <> 0;
    UPDATE "CustomerCreditTotal" t SET "purchasePence" = c."originalPurchaseAmountPence"
      FROM came c JOIN gone g ON g.id = c.id
      WHERE t."customerId" = c.id AND c."originalPurchaseAmountPence" <> g."originalPurchaseAmountPence";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_customers_inserted AFTER INSERT ON "CustomerProfile"
  REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_customers_changed();
CREATE TRIGGER analytics_customers_updated AFTER UPDATE ON "CustomerProfile"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_customers_changed();
CREATE TRIGGER analytics_customers_deleted AFTER DELETE ON "CustomerProfile"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_customers_changed();

-- Referrals: all, and purchased.
CREATE FUNCTION analytics_referrals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AnalyticsDelta" (referrals, "purchasedReferrals")
      SELECT count(*), count(*) FILTER (WHERE status = 'PURCHASED') FROM came HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AnalyticsDelta" (referrals, "purchasedReferrals")
      SELECT -count(*), -count(*) FILTER (WHERE status = 'PURCHASED') FROM gone HAVING count(*) > 0;
  ELSE
    INSERT INTO "AnalyticsDelta" ("purchasedReferrals")
      SELECT v FROM (
        SELECT (SELECT count(*) FROM came WHERE status = 'PURCHASED') - (SELECT count(*) FROM gone WHERE status = 'PURCHASED') AS v
      ) d WHERE v <> 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_referrals_inserted AFTER INSERT ON "Referral"
  REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_referrals_changed();
CREATE TRIGGER analytics_referrals_updated AFTER UPDATE ON "Referral"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_referrals_changed();
CREATE TRIGGER analytics_referrals_deleted AFTER DELETE ON "Referral"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_referrals_changed();

-- Purchases: the live ones (not cancelled), their number and value.
CREATE FUNCTION analytics_purchases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AnalyticsDelta" (purchases, "purchaseValuePence")
      SELECT count(*), sum("amountPence") FROM came WHERE "liveReferralId" IS NOT NULL HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AnalyticsDelta" (purchases, "purchaseValuePence")
      SELECT -count(*), -sum("amountPence") FROM gone WHERE "liveReferralId" IS NOT NULL HAVING count(*) > 0;
  ELSE
    INSERT INTO "AnalyticsDelta" (purchases, "purchaseValuePence")
      SELECT n, v FROM (
        SELECT coalesce(sum(sign), 0) AS n, coalesce(sum(sign * "amountPence"), 0) AS v FROM (
          SELECT 1 AS sign, "amountPence" FROM came WHERE "liveReferralId" IS NOT NULL
          UNION ALL SELECT -1, "amountPence" FROM gone WHERE "liveReferralId" IS NOT NULL
        ) s
      ) d WHERE n <> 0 OR v <> 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_purchases_inserted AFTER INSERT ON "ReferralPurchase"
  REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_changed();
CREATE TRIGGER analytics_purchases_updated AFTER UPDATE ON "ReferralPurchase"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_changed();
CREATE TRIGGER analytics_purchases_deleted AFTER DELETE ON "ReferralPurchase"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_purchases_changed();

-- The ledger: the programme's credits, and each customer's total (rows locked in customer order,
-- so two statements crediting the same customers cannot wait on each other in a cycle).
CREATE FUNCTION analytics_apply_credits(customer_ids int[], pences bigint[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO "AnalyticsDelta" ("creditsPence")
    SELECT sum(p) FROM unnest(pences) AS p HAVING sum(p) <> 0;
  UPDATE "CustomerCreditTotal" t SET "creditsPence" = t."creditsPence" + d.pence
    FROM (
      SELECT l."customerId", c.pence
      FROM (SELECT id, sum(p) AS pence FROM unnest(customer_ids, pences) AS x(id, p) GROUP BY id) c
      JOIN "CustomerCreditTotal" l ON l."customerId" = c.id AND c.pence <> 0
      ORDER BY l."customerId" FOR UPDATE OF l
    ) d
    WHERE t."customerId" = d."customerId";
$$;
CREATE FUNCTION analytics_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "AnalyticsDelta" IN ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply_credits(array_agg("customerId"), array_agg("amountPence"::bigint)) FROM came;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_apply_credits(array_agg("customerId"), array_agg(-"amountPence"::bigint)) FROM gone;
  ELSE
    PERFORM analytics_apply_credits(array_agg(c), array_agg(p)) FROM (
      SELECT "customerId" AS c, "amountPence"::bigint AS p FROM came
      UNION ALL SELECT "customerId", -"amountPence"::bigint FROM gone
    ) s;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_ledger_inserted AFTER INSERT ON "CreditLedgerEntry"
  REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_ledger_changed();
CREATE TRIGGER analytics_ledger_updated AFTER UPDATE ON "CreditLedgerEntry"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_ledger_changed();
CREATE TRIGGER analytics_ledger_deleted AFTER DELETE ON "CreditLedgerEntry"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_ledger_changed();

-- Each customer's total moved: the segment counts follow (Getting Started is all customers less these).
CREATE FUNCTION analytics_apply_segments(signs int[], segments text[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO "AnalyticsDelta" ("lowProgress", "mediumProgress", "highProgress")
    SELECT l, m, h FROM (
      SELECT coalesce(sum(sign) FILTER (WHERE segment = 'LOW_PROGRESS'), 0) AS l,
             coalesce(sum(sign) FILTER (WHERE segment = 'MEDIUM_PROGRESS'), 0) AS m,
             coalesce(sum(sign) FILTER (WHERE segment = 'HIGH_PROGRESS'), 0) AS h
      FROM unnest(signs, segments) AS s(sign, segment)
    ) d WHERE l <> 0 OR m <> 0 OR h <> 0;
$$;
CREATE FUNCTION analytics_credit_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply_segments(array_agg(1), array_agg(analytics_segment("creditsPence", "purchasePence"))) FROM came;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_apply_segments(array_agg(-1), array_agg(analytics_segment("creditsPence", "purchasePence"))) FROM gone;
  ELSE
    PERFORM analytics_apply_segments(array_agg(sign), array_agg(segment)) FROM (
      SELECT 1 AS sign, analytics_segment("creditsPence", "purchasePence") AS segment FROM came
      UNION ALL SELECT -1, analytics_segment("creditsPence", "purchasePence") FROM gone
    ) s;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_credit_totals_inserted AFTER INSERT ON "CustomerCreditTotal"
  REFERENCING NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_credit_totals_changed();
CREATE TRIGGER analytics_credit_totals_updated AFTER UPDATE ON "CustomerCreditTotal"
  REFERENCING OLD TABLE AS gone NEW TABLE AS came FOR EACH STATEMENT EXECUTE FUNCTION analytics_credit_totals_changed();
CREATE TRIGGER analytics_credit_totals_deleted AFTER DELETE ON "CustomerCreditTotal"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analytics_credit_totals_changed();

-- Recomputes the summaries from the tables (npm run analytics:rebuild): each customer's credit total,
-- then the totals and segments as one row. Writers wait meanwhile (the summary tables are locked, in
-- the order every trigger takes them), so no change falls between the counts and the rows.
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "AnalyticsDelta", "CustomerCreditTotal" IN EXCLUSIVE MODE;
  -- The triggers' rows for these two statements are deleted below with the rest.
  DELETE FROM "CustomerCreditTotal";
  INSERT INTO "CustomerCreditTotal" ("customerId", "creditsPence", "purchasePence")
    SELECT c.id, coalesce(l.credits, 0), c."originalPurchaseAmountPence"
    FROM "CustomerProfile" c
    LEFT JOIN (SELECT "customerId", sum("amountPence") AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") l
      ON l."customerId" = c.id
    ORDER BY c.id;
  DELETE FROM "AnalyticsDelta";
  INSERT INTO "AnalyticsDelta" (customers, "verifiedCustomers", referrals, "purchasedReferrals", "creditsPence",
                                purchases, "purchaseValuePence", "lowProgress", "mediumProgress", "highProgress")
  SELECT c.customers, c.verified, r.referrals, r.purchased, l.credits, p.purchases, p.value, s.low, s.medium, s.high
  FROM (SELECT count(*) AS customers, count(*) FILTER (WHERE status = 'VERIFIED') AS verified FROM "CustomerProfile") c,
       (SELECT count(*) AS referrals, count(*) FILTER (WHERE status = 'PURCHASED') AS purchased FROM "Referral") r,
       (SELECT coalesce(sum("amountPence"), 0) AS credits FROM "CreditLedgerEntry") l,
       (SELECT count(*) AS purchases, coalesce(sum("amountPence"), 0) AS value
          FROM "ReferralPurchase" WHERE "liveReferralId" IS NOT NULL) p,
       (SELECT count(*) FILTER (WHERE g = 'LOW_PROGRESS') AS low, count(*) FILTER (WHERE g = 'MEDIUM_PROGRESS') AS medium,
               count(*) FILTER (WHERE g = 'HIGH_PROGRESS') AS high
          FROM (SELECT analytics_segment("creditsPence", "purchasePence") AS g FROM "CustomerCreditTotal") t) s;
END $$;

-- The summaries as the tables are now (api/src/analytics/summaries.ts rebuilds them the same way).
SELECT analytics_rebuild();
