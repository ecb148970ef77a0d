-- CreateIndex
CREATE INDEX "Email_createdAt_id_idx" ON "Email"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Email_status_createdAt_id_idx" ON "Email"("status", "createdAt", "id");

