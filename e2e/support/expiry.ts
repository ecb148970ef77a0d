// Time travel for the expiry journeys: a referral is aged in the journeys' database (its dates moved
// back, over the embedded cluster's loopback port); the journeys' server runs its real expiry job
// every second (REFERRAL_EXPIRY_INTERVAL_SECONDS=1, e2e/globalSetup.ts), which then acts on it.
import path from "node:path";
import { test } from "@playwright/test";
import pg from "pg";
import { EMBEDDED_DATABASE_NAME } from "../../api/src/db/database.ts";
import { embeddedAdminUrl } from "../../api/src/db/embeddedPostgres.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

function journeyCluster(): { dataDir: string; databasePort: string } {
  const dataDir = process.env.E2E_JOURNEY_DATA_DIR;
  const databasePort = process.env.E2E_JOURNEY_DB_PORT;
  if (!dataDir || !databasePort)
    throw new Error("E2E_JOURNEY_DATA_DIR is not set: e2e/globalSetup.ts starts the journeys' server");
  if (test.info().project.use.baseURL !== process.env.E2E_JOURNEY_BASE_URL)
    throw new Error("the expiry helpers work on the journeys' server only");
  return { dataDir, databasePort };
}

/**
 * Moves a referral's dates so that it expires `expiresInDays` from now (negative: already past),
 * added 90 days before that. Returns the new expiry instant.
 */
export async function ageReferral(referralId: number, expiresInDays: number): Promise<Date> {
  const { dataDir, databasePort } = journeyCluster();
  const url = new URL(embeddedAdminUrl(path.join(dataDir, "postgres"), Number(databasePort)));
  url.pathname = `/${EMBEDDED_DATABASE_NAME}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const expiresAt = new Date(Date.now() + expiresInDays * DAY_MS);
    const createdAt = new Date(expiresAt.getTime() - 90 * DAY_MS);
    const result = await client.query(`UPDATE "Referral" SET "createdAt" = $1, "expiresAt" = $2 WHERE id = $3`, [
      createdAt,
      expiresAt,
      referralId,
    ]);
    if (result.rowCount !== 1) throw new Error(`no referral ${referralId} to age`);
    return expiresAt;
  } finally {
    await client.end();
  }
}

/** The day as the emails and the row write it: the London calendar day, "3 March". */
export function londonDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long" }).format(instant);
}
