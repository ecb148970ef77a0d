-- CreateIndex
CREATE INDEX "Email_type_createdAt_id_idx" ON "Email"("type", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Email_type_status_createdAt_id_idx" ON "Email"("type", "status", "createdAt", "id");

