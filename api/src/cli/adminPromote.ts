// npm run admin:promote -- <username>   (add --demote to remove the rights and end their sessions)
import { parseArgs } from "node:util";
import { setAdministrator } from "../auth/service.ts";
import { AppError } from "../lib/errors.ts";
import { fail, withDatabase } from "./withDatabase.ts";

const { values, positionals } = parseArgs({
  options: { demote: { type: "boolean", default: false } },
  allowPositionals: true,
});
const username = positionals[0];
if (!username) fail("Usage: npm run admin:promote -- <username> [--demote]");
try {
  const user = await withDatabase((db) => setAdministrator(db, { username, isAdmin: !values.demote }));
  console.log(
    values.demote ? `"${user.username}" is no longer an administrator.` : `"${user.username}" is now an administrator.`,
  );
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
}
