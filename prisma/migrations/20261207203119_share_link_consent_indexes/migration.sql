-- DropIndex
DROP INDEX "ShareLinkConsent_ipAddress_idx";

-- DropIndex
DROP INDEX "ShareLinkConsent_deviceId_idx";

-- CreateIndex
CREATE INDEX "ShareLinkConsent_ipAddress_referralId_idx" ON "ShareLinkConsent"("ipAddress", "referralId");

-- CreateIndex
CREATE INDEX "ShareLinkConsent_deviceId_referralId_idx" ON "ShareLinkConsent"("deviceId", "referralId");

