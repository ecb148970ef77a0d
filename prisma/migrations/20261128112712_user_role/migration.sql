-- CreateEnum
CREATE TYPE "Role" AS ENUM ('CUSTOMER', 'STAFF', 'ADMIN');

-- AlterEnum
ALTER TYPE "EmailType" ADD VALUE 'STAFF_INVITATION';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deactivatedAt" TIMESTAMPTZ(3),
ADD COLUMN     "role" "Role" NOT NULL DEFAULT 'CUSTOMER';

