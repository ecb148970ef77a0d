-- CreateEnum
CREATE TYPE "ProgrammeSetting" AS ENUM ('CREDIT_RATE', 'PAYOUT_APPROVAL_THRESHOLD', 'REFERRAL_DAILY_LIMIT');

-- CreateEnum
CREATE TYPE "SettingChangeRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN', 'SUPERSEDED');

-- AlterEnum
ALTER TYPE "EmailType" ADD VALUE 'SECOND_FACTOR_CHANGED';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "apiTokenGeneration" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Email" ADD COLUMN     "referralId" INTEGER;

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "creatorGeneration" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "SettingChangeRequest" (
    "id" SERIAL NOT NULL,
    "setting" "ProgrammeSetting" NOT NULL,
    "fromValue" INTEGER NOT NULL,
    "toValue" INTEGER NOT NULL,
    "status" "SettingChangeRequestStatus" NOT NULL DEFAULT 'PENDING',
    "requestedById" INTEGER NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMPTZ(3),
    "declineReason" TEXT,

    CONSTRAINT "SettingChangeRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefusedReferralAttempt" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefusedReferralAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SettingChangeRequest_status_setting_idx" ON "SettingChangeRequest"("status", "setting");

-- CreateIndex
CREATE INDEX "RefusedReferralAttempt_customerId_createdAt_idx" ON "RefusedReferralAttempt"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "Email_referralId_idx" ON "Email"("referralId");

-- CreateIndex
CREATE INDEX "IdempotencyKey_caller_createdAt_idx" ON "IdempotencyKey"("caller", "createdAt");

-- AddForeignKey
ALTER TABLE "SettingChangeRequest" ADD CONSTRAINT "SettingChangeRequest_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SettingChangeRequest" ADD CONSTRAINT "SettingChangeRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefusedReferralAttempt" ADD CONSTRAINT "RefusedReferralAttempt_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

