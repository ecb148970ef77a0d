-- CreateIndex
CREATE INDEX "CreditLedgerEntry_customerId_amountPence_idx" ON "CreditLedgerEntry"("customerId", "amountPence");

