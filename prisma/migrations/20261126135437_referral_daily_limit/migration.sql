-- AlterTable
ALTER TABLE "ProgrammeSettings" ADD COLUMN     "referralDailyLimit" INTEGER NOT NULL DEFAULT 20;

