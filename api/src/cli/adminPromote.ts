// npm run admin:promote -- <username> [--role admin|staff|customer]   (default admin; --demote is --role customer)
// A change ends the user's sessions and API tokens at once; the last active administrator keeps the role.
import { parseArgs } from "node:util";
import { AppError } from "../lib/errors.ts";
import { parseRole, setUserRole } from "../roles/index.ts";
import { fail, withDatabase } from "./withDatabase.ts";

const USAGE = "Usage: npm run admin:promote -- <username> [--role admin|staff|customer] [--demote]";
const { values, positionals } = parseArgs({
  options: { demote: { type: "boolean", default: false }, role: { type: "string" } },
  allowPositionals: true,
});
const username = positionals[0];
if (!username) fail(USAGE);
if (values.demote && values.role) fail(`--demote is --role customer: give one of them. ${USAGE}`);
const NAMES = { ADMIN: "an administrator", STAFF: "a member of staff", CUSTOMER: "a customer" } as const;
try {
  const role = parseRole(values.demote ? "customer" : (values.role ?? "admin"));
  const user = await withDatabase(async (db) => {
    const found = await db.user.findUnique({ where: { username }, select: { id: true } });
    if (!found) fail(`No user named "${username}"`);
    return setUserRole(db, { userId: found.id, role }, null);
  });
  console.log(`"${user.username}" is now ${NAMES[user.role]}.`);
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
}
