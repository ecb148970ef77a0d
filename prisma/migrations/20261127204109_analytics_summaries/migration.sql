-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "phoneDigits" TEXT;

-- CreateTable
CREATE TABLE "AnalyticsDelta" (
    "id" BIGSERIAL NOT NULL,
    "customers" INTEGER NOT NULL DEFAULT 0,
    "verifiedCustomers" INTEGER NOT NULL DEFAULT 0,
    "referrals" INTEGER NOT NULL DEFAULT 0,
    "purchasedReferrals" INTEGER NOT NULL DEFAULT 0,
    "creditsPence" BIGINT NOT NULL DEFAULT 0,
    "purchases" INTEGER NOT NULL DEFAULT 0,
    "purchaseValuePence" BIGINT NOT NULL DEFAULT 0,
    "lowProgress" INTEGER NOT NULL DEFAULT 0,
    "mediumProgress" INTEGER NOT NULL DEFAULT 0,
    "highProgress" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsDelta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerCreditTotal" (
    "customerId" INTEGER NOT NULL,
    "creditsPence" BIGINT NOT NULL DEFAULT 0,
    "purchasePence" INTEGER NOT NULL,

    CONSTRAINT "CustomerCreditTotal_pkey" PRIMARY KEY ("customerId")
);

-- CreateIndex
CREATE INDEX "CustomerCreditTotal_creditsPence_customerId_idx" ON "CustomerCreditTotal"("creditsPence" DESC, "customerId");

-- CreateIndex
CREATE INDEX "Referral_phoneDigits_idx" ON "Referral"("phoneDigits");

-- AddForeignKey
ALTER TABLE "CustomerCreditTotal" ADD CONSTRAINT "CustomerCreditTotal_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

