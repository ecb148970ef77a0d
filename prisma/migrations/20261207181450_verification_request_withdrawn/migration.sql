-- AlterEnum
ALTER TYPE "VerificationRequestStatus" ADD VALUE 'WITHDRAWN';

