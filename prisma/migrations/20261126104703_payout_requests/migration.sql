-- CreateEnum
CREATE TYPE "PayoutRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'DECLINED');

-- AlterTable
ALTER TABLE "ProgrammeSettings" ADD COLUMN     "payoutApprovalThresholdPence" INTEGER NOT NULL DEFAULT 50000;

-- CreateTable
CREATE TABLE "PayoutRequest" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "milestone" "Milestone" NOT NULL,
    "amountPence" INTEGER NOT NULL,
    "notes" TEXT,
    "status" "PayoutRequestStatus" NOT NULL DEFAULT 'PENDING',
    "pendingCustomerId" INTEGER,
    "requestedById" INTEGER NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "declineReason" TEXT,
    "paymentId" INTEGER,

    CONSTRAINT "PayoutRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PayoutRequest_paymentId_key" ON "PayoutRequest"("paymentId");

-- CreateIndex
CREATE INDEX "PayoutRequest_status_id_idx" ON "PayoutRequest"("status", "id");

-- CreateIndex
CREATE INDEX "PayoutRequest_customerId_idx" ON "PayoutRequest"("customerId");

-- CreateIndex
CREATE UNIQUE INDEX "PayoutRequest_pendingCustomerId_milestone_key" ON "PayoutRequest"("pendingCustomerId", "milestone");

-- AddForeignKey
ALTER TABLE "PayoutRequest" ADD CONSTRAINT "PayoutRequest_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayoutRequest" ADD CONSTRAINT "PayoutRequest_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayoutRequest" ADD CONSTRAINT "PayoutRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayoutRequest" ADD CONSTRAINT "PayoutRequest_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "MilestonePayment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

