// npm run admin:mfa-reset -- <username>   (for an administrator who lost their authenticator and recovery codes)
import { parseArgs } from "node:util";
import { AppError } from "../lib/errors.ts";
import { resetSecondFactor } from "../secondFactor/service.ts";
import { fail, withDatabase } from "./withDatabase.ts";

const { positionals } = parseArgs({ allowPositionals: true });
const username = positionals[0];
if (!username) fail("Usage: npm run admin:mfa-reset -- <username>");
try {
  await withDatabase((db) => resetSecondFactor(db, { username }));
  console.log(
    `Two-step verification of "${username}" was removed and their sessions ended; they can sign in with their password and enrol again.`,
  );
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
}
