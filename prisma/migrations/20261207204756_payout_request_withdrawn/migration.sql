-- AlterEnum
ALTER TYPE "PayoutRequestStatus" ADD VALUE 'WITHDRAWN';

