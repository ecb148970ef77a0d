-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "consentGivenAt" TIMESTAMPTZ(3),
ADD COLUMN     "consentWording" TEXT,
ADD COLUMN     "recordedById" INTEGER;

-- CreateIndex
CREATE INDEX "Referral_recordedById_createdAt_idx" ON "Referral"("recordedById", "createdAt");

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
