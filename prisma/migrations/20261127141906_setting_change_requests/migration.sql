-- CreateEnum
CREATE TYPE "ProgrammeSetting" AS ENUM ('CREDIT_RATE', 'PAYOUT_APPROVAL_THRESHOLD', 'REFERRAL_DAILY_LIMIT');

-- CreateEnum
CREATE TYPE "SettingChangeRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN', 'SUPERSEDED');

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

-- CreateIndex
CREATE INDEX "SettingChangeRequest_status_setting_idx" ON "SettingChangeRequest"("status", "setting");

-- AddForeignKey
ALTER TABLE "SettingChangeRequest" ADD CONSTRAINT "SettingChangeRequest_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SettingChangeRequest" ADD CONSTRAINT "SettingChangeRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

