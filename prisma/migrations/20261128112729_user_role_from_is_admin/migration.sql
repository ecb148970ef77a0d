-- Hand-written data migration: every administrator keeps their rights as the ADMIN role
-- (docs/rules/roles.md), then the boolean it replaces goes.
UPDATE "User" SET "role" = 'ADMIN' WHERE "isAdmin" = true;

-- AlterTable
ALTER TABLE "User" DROP COLUMN "isAdmin";
