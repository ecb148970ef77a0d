-- AlterEnum
ALTER TYPE "ReferralStatus" ADD VALUE 'WITHDRAWN';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ActivityType" ADD VALUE 'REFERRAL_EXPIRING';
ALTER TYPE "ActivityType" ADD VALUE 'REFERRAL_EXPIRED';
ALTER TYPE "ActivityType" ADD VALUE 'REFERRAL_UPDATED';
ALTER TYPE "ActivityType" ADD VALUE 'REFERRAL_WITHDRAWN';
ALTER TYPE "ActivityType" ADD VALUE 'REFERRAL_ERASED';
ALTER TYPE "ActivityType" ADD VALUE 'PAYMENT_REQUESTED';
ALTER TYPE "ActivityType" ADD VALUE 'ACCOUNT_UPDATED';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EmailType" ADD VALUE 'REFERRAL_EXPIRY_WARNING';
ALTER TYPE "EmailType" ADD VALUE 'REFERRAL_EXPIRED';
ALTER TYPE "EmailType" ADD VALUE 'PURCHASE_CANCELLED';
ALTER TYPE "EmailType" ADD VALUE 'EMAIL_CHANGE_CONFIRMATION';
ALTER TYPE "EmailType" ADD VALUE 'EMAIL_CHANGE_NOTICE';
ALTER TYPE "EmailType" ADD VALUE 'PASSWORD_CHANGED';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "erasedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "expiryWarnedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "ProgrammeSettings" ADD COLUMN     "contactEmail" TEXT,
ADD COLUMN     "contactHours" TEXT,
ADD COLUMN     "contactPhone" TEXT;

-- AlterTable
ALTER TABLE "EmailConfirmationToken" ADD COLUMN     "newEmail" CITEXT;

-- CreateTable
CREATE TABLE "CustomerPaymentRequest" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "milestone" "Milestone" NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerPaymentRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerPaymentRequest_requestedAt_id_idx" ON "CustomerPaymentRequest"("requestedAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPaymentRequest_customerId_milestone_key" ON "CustomerPaymentRequest"("customerId", "milestone");

-- AddForeignKey
ALTER TABLE "CustomerPaymentRequest" ADD CONSTRAINT "CustomerPaymentRequest_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

