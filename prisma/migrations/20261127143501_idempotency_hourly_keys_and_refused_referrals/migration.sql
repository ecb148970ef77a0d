-- CreateTable
CREATE TABLE "RefusedReferralAttempt" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefusedReferralAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RefusedReferralAttempt_customerId_createdAt_idx" ON "RefusedReferralAttempt"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "IdempotencyKey_caller_createdAt_idx" ON "IdempotencyKey"("caller", "createdAt");

-- AddForeignKey
ALTER TABLE "RefusedReferralAttempt" ADD CONSTRAINT "RefusedReferralAttempt_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "CustomerProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

