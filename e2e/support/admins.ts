// Fresh administrators for journeys that change an administrator's account (a second factor) or
// need two of them (a payout another administrator approves): signed up through the API, then
// promoted the way an operator does it, with `npm run admin:promote` against the journeys' database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { test } from "@playwright/test";
import { createUser, newPerson, type Person } from "./api.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A new administrator of the journeys' server, with no customer profile. */
export async function createAdmin(firstName: string, surname: string): Promise<Person> {
  const dataDir = process.env.E2E_JOURNEY_DATA_DIR;
  const databasePort = process.env.E2E_JOURNEY_DB_PORT;
  if (!dataDir || !databasePort)
    throw new Error("E2E_JOURNEY_DATA_DIR is not set: e2e/globalSetup.ts starts the journeys' server");
  if (test.info().project.use.baseURL !== process.env.E2E_JOURNEY_BASE_URL)
    throw new Error("createAdmin works on the journeys' server only");
  const person = newPerson(firstName, surname);
  await createUser(person);
  // The CLI joins the embedded cluster the server runs (DATA_DIR and its port), as an operator's would.
  await promisify(execFile)(process.execPath, ["--import", "tsx", "api/src/cli/adminPromote.ts", person.username], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: databasePort,
      DATABASE_URL: "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
  });
  return person;
}
