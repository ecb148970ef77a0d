-- AlterTable
ALTER TABLE "Email" ADD COLUMN     "referralId" INTEGER;

-- CreateIndex
CREATE INDEX "Email_referralId_idx" ON "Email"("referralId");

