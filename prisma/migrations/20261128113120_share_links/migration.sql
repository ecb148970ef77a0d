-- CreateEnum
CREATE TYPE "ReferralChannel" AS ENUM ('TYPED', 'SHARE_LINK', 'STAFF');

-- AlterEnum
ALTER TYPE "EmailType" ADD VALUE 'SHARE_LINK_FRIEND_CONFIRMATION';

-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "channel" "ReferralChannel" NOT NULL DEFAULT 'TYPED',
ADD COLUMN     "shareLinkId" INTEGER;

-- CreateTable
CREATE TABLE "ShareLink" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "code" VARCHAR(16) NOT NULL,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "retiredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareLinkOpenDay" (
    "shareLinkId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "opens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ShareLinkOpenDay_pkey" PRIMARY KEY ("shareLinkId","day")
);

-- CreateTable
CREATE TABLE "ShareLinkConsent" (
    "id" SERIAL NOT NULL,
    "referralId" INTEGER NOT NULL,
    "wordingVersion" TEXT NOT NULL,
    "givenAt" TIMESTAMPTZ(3) NOT NULL,
    "ipAddress" TEXT,
    "withdrawTokenHash" TEXT,
    "erasedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ShareLinkConsent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_code_key" ON "ShareLink"("code");

-- CreateIndex
CREATE INDEX "ShareLink_customerId_retiredAt_idx" ON "ShareLink"("customerId", "retiredAt");

-- CreateIndex
CREATE INDEX "ShareLinkOpenDay_day_idx" ON "ShareLinkOpenDay"("day");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLinkConsent_referralId_key" ON "ShareLinkConsent"("referralId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLinkConsent_withdrawTokenHash_key" ON "ShareLinkConsent"("withdrawTokenHash");

-- CreateIndex
CREATE INDEX "Referral_shareLinkId_idx" ON "Referral"("shareLinkId");

-- CreateIndex
CREATE INDEX "Referral_channel_createdAt_idx" ON "Referral"("channel", "createdAt");

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_shareLinkId_fkey" FOREIGN KEY ("shareLinkId") REFERENCES "ShareLink"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLinkOpenDay" ADD CONSTRAINT "ShareLinkOpenDay_shareLinkId_fkey" FOREIGN KEY ("shareLinkId") REFERENCES "ShareLink"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLinkConsent" ADD CONSTRAINT "ShareLinkConsent_referralId_fkey" FOREIGN KEY ("referralId") REFERENCES "Referral"("id") ON DELETE CASCADE ON UPDATE CASCADE;

