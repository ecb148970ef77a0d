-- CreateIndex
CREATE INDEX "Email_userId_createdAt_id_idx" ON "Email"("userId", "createdAt", "id");

