import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE referrals_template`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The same database as the app's role sees it: the server under test connects so, as in production,
 * so a missing grant fails here too. Tests keep the owner's URL for what only an owner may do.
 */
export function asAppRole(databaseUrl: string): string {
  const { user, password } = inject("postgresAppRole");
  const url = new URL(databaseUrl);
  // Another server a test started itself (an external PostgreSQL) has no such role: used as given.
  if (url.host !== new URL(inject("postgresAdminUrl")).host) return databaseUrl;
  url.username = user;
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** An empty database (no migrations), for the migration tests. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `empty_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the database's owner: what the app's role may not do (ALTER DATABASE, DDL). */
export async function asOwner(databaseUrl: string, statement: string): Promise<void> {
  await queryOnce(databaseUrl, statement);
}

/** One statement on a connection of its own (opened and closed around it): its rows. */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}
