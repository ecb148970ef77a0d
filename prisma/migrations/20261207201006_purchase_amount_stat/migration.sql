-- CreateTable
CREATE TABLE "PurchaseAmountStat" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "livePurchases" INTEGER NOT NULL,
    "p99Pence" INTEGER NOT NULL,
    "computedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PurchaseAmountStat_pkey" PRIMARY KEY ("id")
);


-- Hand-written: referral_signal_facts (api/src/fraud/service.ts) also reads the flagged verification
-- approval and the kept percentile above, so a verification reads every fact it decides on in one statement.
DROP FUNCTION referral_signal_facts(integer, integer, integer, integer, integer);
CREATE FUNCTION referral_signal_facts(
  p_referral_id integer,
  p_default_burst integer,
  p_default_factor integer,
  p_recent_limit integer,
  p_phones_limit integer,
  p_default_approval integer
) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  facts json;
BEGIN
  SELECT json_build_object(
    'id', r.id,
    'customerId', r."customerId",
    'phone', r.phone,
    'email', r.email::text,
    'emailKey', r."emailKey",
    'address', r.address,
    'createdAt', r."createdAt",
    'erasedAt', r."erasedAt",
    'referrerEmail', u.email::text,
    'referrerPostcode', c.postcode,
    'referrerPurchasePence', c."originalPurchaseAmountPence",
    'consentIp', s."ipAddress",
    'consentDevice', s."deviceId",
    'burstLimit', coalesce(ps."signalBurstPerHour", p_default_burst),
    'amountFactorPercent', coalesce(ps."signalAmountFactorPercent", p_default_factor),
    'flaggedApprovalPence', coalesce(ps."flaggedVerificationApprovalPence", p_default_approval),
    -- The kept 99th percentile of live purchases (read at verification; recomputed when stale).
    'amountStat', (SELECT json_build_object('livePurchases', a."livePurchases", 'p99Pence', a."p99Pence",
                  'computedAt', a."computedAt") FROM "PurchaseAmountStat" a WHERE a.id = 1),
    -- The customer's referrals in the hour up to this one (this one counted), from the (customerId, createdAt) index.
    'recentCount', (SELECT count(*) FROM (
        SELECT 1 FROM "Referral" b
         WHERE b."customerId" = r."customerId" AND b."createdAt" > r."createdAt" - interval '1 hour'
           AND b."createdAt" <= r."createdAt"
         LIMIT p_recent_limit) AS recent),
    -- The phones the customer gave for their other referrals.
    'ownPhones', (SELECT coalesce(json_agg(json_build_object('id', o.id, 'phone', o.phone)), '[]'::json) FROM (
        SELECT o.id, o.phone FROM "Referral" o
         WHERE o."customerId" = r."customerId" AND o.id <> r.id AND o.phone IS NOT NULL AND r.phone IS NOT NULL
         LIMIT p_phones_limit) AS o),
    -- The referrals with the same phone or email key (the phone's and the key's indexes).
    'matches', (SELECT coalesce(json_agg(json_build_object('id', m.id, 'customerId', m."customerId", 'status', m.status,
                  'phone', m.phone, 'emailKey', m."emailKey")), '[]'::json) FROM (
        SELECT m.id, m."customerId", m.status, m.phone, m."emailKey" FROM "Referral" m
         WHERE m.id <> r.id AND (m.phone = r.phone OR m."emailKey" = r."emailKey")
         ORDER BY m.id LIMIT 20) AS m),
    -- Another customer's share-link submission from the same browser or address: the first of each
    -- from its (ipAddress, referralId) or (deviceId, referralId) index, and nothing read for a
    -- referral that came through no share link.
    'shared', CASE WHEN s."ipAddress" IS NOT NULL OR s."deviceId" IS NOT NULL THEN (
      SELECT json_build_object('referralId', x."referralId", 'customerId', x."customerId", 'deviceId', x."deviceId")
        FROM (
          (SELECT d."referralId", dr."customerId", d."deviceId"
             FROM "ShareLinkConsent" d JOIN "Referral" dr ON dr.id = d."referralId"
            WHERE d."ipAddress" = s."ipAddress" AND d."referralId" <> r.id AND dr."customerId" <> r."customerId"
            ORDER BY d."referralId" LIMIT 1)
          UNION ALL
          (SELECT d."referralId", dr."customerId", d."deviceId"
             FROM "ShareLinkConsent" d JOIN "Referral" dr ON dr.id = d."referralId"
            WHERE d."deviceId" = s."deviceId" AND d."referralId" <> r.id AND dr."customerId" <> r."customerId"
            ORDER BY d."referralId" LIMIT 1)
        ) AS x
       ORDER BY x."referralId" LIMIT 1) END
  ) INTO facts
  FROM "Referral" r
  JOIN "CustomerProfile" c ON c.id = r."customerId"
  JOIN "User" u ON u.id = c."userId"
  LEFT JOIN "ShareLinkConsent" s ON s."referralId" = r.id
  LEFT JOIN "ProgrammeSettings" ps ON ps.id = 1
  WHERE r.id = p_referral_id;
  RETURN facts;
END
$$;
