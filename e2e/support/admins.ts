// Fresh administrators for journeys that change an administrator's account (a second factor) or
// need two of them (a payout or a setting raise another administrator approves): signed up through the API, then
// promoted the way an operator does it, with `npm run admin:promote` against the journeys' database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { test } from "@playwright/test";
import { ApiSession, createUser, newPerson, type Person } from "./api.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A new administrator (or, with `role`, staff member) of the project's server (the journeys' or the older specs'), with no customer profile. */
export async function createAdmin(
  firstName: string,
  surname: string,
  role: "admin" | "staff" = "admin",
): Promise<Person> {
  const journeys = test.info().project.use.baseURL === process.env.E2E_JOURNEY_BASE_URL;
  const dataDir = journeys ? process.env.E2E_JOURNEY_DATA_DIR : process.env.E2E_SPEC_DATA_DIR;
  const databasePort = journeys ? process.env.E2E_JOURNEY_DB_PORT : process.env.E2E_SPEC_DB_PORT;
  if (!dataDir || !databasePort)
    throw new Error("The server's DATA_DIR is not set: e2e/globalSetup.ts starts the servers");
  const person = newPerson(firstName, surname);
  await createUser(person);
  // The CLI joins the embedded cluster the server runs (DATA_DIR and its port), as an operator's would.
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "api/src/cli/adminPromote.ts", person.username, "--role", role],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: databasePort,
        DATABASE_URL: "",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
      },
    },
  );
  return person;
}

/**
 * A fresh second administrator approves every setting raise waiting on the project's server (REST):
 * a raise of a setting that moves money waits for another administrator (docs/rules/settings.md, "Programme settings").
 */
export async function approveWaitingSettingChanges(): Promise<void> {
  const second = await createAdmin("Second", "Administrator");
  const baseUrl = String(test.info().project.use.baseURL);
  const session = await ApiSession.signIn(baseUrl, second.username, second.password);
  const waiting = await session.get<{ id: number }[]>("/api/admin/setting-change-requests?status=pending");
  for (const request of waiting) await session.post(`/api/admin/setting-change-requests/${request.id}/approve`);
}
