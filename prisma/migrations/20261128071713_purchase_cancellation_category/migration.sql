-- CreateEnum
CREATE TYPE "CancellationCategory" AS ENUM ('GOODS_RETURNED', 'ORDER_CANCELLED', 'PAYMENT_NOT_RECEIVED', 'RECORDED_IN_ERROR', 'OTHER');

-- AlterTable
ALTER TABLE "ReferralPurchase" ADD COLUMN     "cancellationCategory" "CancellationCategory";

