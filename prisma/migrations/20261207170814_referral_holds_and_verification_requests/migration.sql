-- CreateEnum
CREATE TYPE "VerificationRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'DECLINED');

-- AlterEnum
ALTER TYPE "ProgrammeSetting" ADD VALUE 'FLAGGED_VERIFICATION_APPROVAL';

-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "heldAt" TIMESTAMPTZ(3),
ADD COLUMN     "heldById" INTEGER,
ADD COLUMN     "heldNote" TEXT;

-- AlterTable
ALTER TABLE "ProgrammeSettings" ADD COLUMN     "flaggedVerificationApprovalPence" INTEGER NOT NULL DEFAULT 100000;

-- CreateTable
CREATE TABLE "PurchaseVerificationRequest" (
    "id" SERIAL NOT NULL,
    "referralId" INTEGER NOT NULL,
    "pendingReferralId" INTEGER,
    "amountPence" INTEGER NOT NULL,
    "notes" TEXT NOT NULL,
    "status" "VerificationRequestStatus" NOT NULL DEFAULT 'PENDING',
    "requestedById" INTEGER NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMPTZ(3),
    "declineReason" TEXT,
    "purchaseId" INTEGER,

    CONSTRAINT "PurchaseVerificationRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseVerificationRequest_pendingReferralId_key" ON "PurchaseVerificationRequest"("pendingReferralId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseVerificationRequest_purchaseId_key" ON "PurchaseVerificationRequest"("purchaseId");

-- CreateIndex
CREATE INDEX "PurchaseVerificationRequest_status_id_idx" ON "PurchaseVerificationRequest"("status", "id");

-- CreateIndex
CREATE INDEX "PurchaseVerificationRequest_referralId_idx" ON "PurchaseVerificationRequest"("referralId");

-- CreateIndex
CREATE INDEX "Referral_status_heldAt_createdAt_idx" ON "Referral"("status", "heldAt", "createdAt");

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_heldById_fkey" FOREIGN KEY ("heldById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseVerificationRequest" ADD CONSTRAINT "PurchaseVerificationRequest_referralId_fkey" FOREIGN KEY ("referralId") REFERENCES "Referral"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseVerificationRequest" ADD CONSTRAINT "PurchaseVerificationRequest_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseVerificationRequest" ADD CONSTRAINT "PurchaseVerificationRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseVerificationRequest" ADD CONSTRAINT "PurchaseVerificationRequest_purchaseId_fkey" FOREIGN KEY ("purchaseId") REFERENCES "ReferralPurchase"("id") ON DELETE SET NULL ON UPDATE CASCADE;

