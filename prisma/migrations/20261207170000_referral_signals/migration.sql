-- Fraud signals (docs/rules/fraud.md): the ReferralSignal table, the normalised values the signals
-- match on, and the erasure of their evidence on every path that erases a referral's details.

-- CreateEnum
CREATE TYPE "ReferralSignalKind" AS ENUM ('SAME_POSTCODE', 'REFERRER_EMAIL', 'REFERRER_PHONE', 'DISPOSABLE_EMAIL', 'FRIEND_REFERRED_ELSEWHERE', 'FRIEND_READDED', 'BURST', 'AMOUNT_UNUSUAL', 'SHARED_DEVICE');

-- AlterEnum
ALTER TYPE "ProgrammeSetting" ADD VALUE 'SIGNAL_BURST_PER_HOUR';
ALTER TYPE "ProgrammeSetting" ADD VALUE 'SIGNAL_AMOUNT_FACTOR';

-- AlterTable
ALTER TABLE "ProgrammeSettings" ADD COLUMN     "signalAmountFactorPercent" INTEGER NOT NULL DEFAULT 300,
ADD COLUMN     "signalBurstPerHour" INTEGER NOT NULL DEFAULT 10;

-- AlterTable
ALTER TABLE "ShareLinkConsent" ADD COLUMN     "deviceId" TEXT;

-- CreateTable
CREATE TABLE "ReferralSignal" (
    "id" SERIAL NOT NULL,
    "referralId" INTEGER NOT NULL,
    "kind" "ReferralSignalKind" NOT NULL,
    "words" TEXT NOT NULL,
    "evidence" TEXT,
    "noticedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ReferralSignal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReferralSignal_kind_referralId_idx" ON "ReferralSignal"("kind", "referralId");

-- CreateIndex
CREATE UNIQUE INDEX "ReferralSignal_referralId_kind_key" ON "ReferralSignal"("referralId", "kind");

-- CreateIndex
CREATE INDEX "ShareLinkConsent_ipAddress_idx" ON "ShareLinkConsent"("ipAddress");

-- CreateIndex
CREATE INDEX "ShareLinkConsent_deviceId_idx" ON "ShareLinkConsent"("deviceId");

-- AddForeignKey
ALTER TABLE "ReferralSignal" ADD CONSTRAINT "ReferralSignal_referralId_fkey" FOREIGN KEY ("referralId") REFERENCES "Referral"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: an email as one person's address, the rule of api/src/fraud/normalise.ts (emailKey):
-- lower case, a "+tag" dropped from the local part, and for Gmail (gmail.com, googlemail.com) the
-- dots ignored. Kept by PostgreSQL as a generated column, so no write path can forget it and erasing
-- the email erases it.
CREATE FUNCTION referral_email_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN email IS NULL OR position('@' IN email) = 0 THEN NULL
    ELSE (
      SELECT CASE
        WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
        ELSE local || '@' || domain END
      FROM (
        SELECT split_part(regexp_replace(lower(email), '@[^@]*$', ''), '+', 1) AS local,
               substring(lower(email) FROM '@([^@]*)$') AS domain
      ) AS parts
    ) END
$$;

ALTER TABLE "Referral" ADD COLUMN "emailKey" TEXT GENERATED ALWAYS AS (referral_email_key("email"::text)) STORED;
CREATE INDEX "Referral_emailKey_idx" ON "Referral"("emailKey");

-- A referral's erasure (expiry, the customer's withdrawal, an administrator's erasure on request, an
-- account's deletion, the friend's own withdrawal) clears its signals' evidence and the share link
-- submission's device id, done by PostgreSQL itself so that no write path can forget it. The signals'
-- kinds and words stay (they hold no personal data): the fraud report still counts them.
CREATE FUNCTION referral_signals_erased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ReferralSignal" SET "evidence" = NULL WHERE "referralId" = NEW.id AND "evidence" IS NOT NULL;
  UPDATE "ShareLinkConsent" SET "deviceId" = NULL WHERE "referralId" = NEW.id AND "deviceId" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER referral_signals_erased
  AFTER UPDATE OF "erasedAt" ON "Referral"
  FOR EACH ROW
  WHEN (NEW."erasedAt" IS NOT NULL AND OLD."erasedAt" IS NULL)
  EXECUTE FUNCTION referral_signals_erased();
