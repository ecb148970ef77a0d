-- AlterTable
ALTER TABLE "User" ADD COLUMN     "apiTokenGeneration" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "creatorGeneration" INTEGER NOT NULL DEFAULT 1;

