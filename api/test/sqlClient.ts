// A plain PostgreSQL connection for tests that run a rule's SQL directly (no app, no schema). Test-only.
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

/** Opens a connection to the test cluster before the file's tests and closes it after; call the result to use it. */
export function sqlClientForFile(): () => pg.Client {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  return () => {
    if (!client) throw new Error("the SQL client is open only while the file's tests run");
    return client;
  };
}
