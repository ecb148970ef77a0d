// npm run admin:create -- --username U --email E [--password P]   (without --password, it is read from stdin)
import { parseArgs } from "node:util";
import { createAdministrator } from "../auth/service.ts";
import { AppError } from "../lib/errors.ts";
import { fail, withDatabase } from "./withDatabase.ts";

const { values } = parseArgs({
  options: { username: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
});
if (!values.username || !values.email) fail("Usage: npm run admin:create -- --username U --email E [--password P]");

const password = values.password ?? (await readPasswordFromStdin());
try {
  const user = await withDatabase((db) =>
    createAdministrator(db, { username: values.username ?? "", email: values.email ?? "", password }),
  );
  console.log(`Administrator "${user.username}" created.`);
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
}

async function readPasswordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}
