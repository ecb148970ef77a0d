import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedStatement } from "../api/test/sqlStatements.ts";
import { type Programme, startProgramme, statementsOf, stopProgramme } from "./benchProgramme.ts";
import { MEASURED_REQUESTS } from "./requests.ts";
import type { SeedSize } from "./seed.ts";

// Every statement the benchmarked requests (b, c, d) send uses an index, and how many
// they send does not grow with the data. Two programmes of different sizes, the same requests.

const SMALL: SeedSize = { customers: 60, referralsPerCustomer: 2, auditEntries: 100 };
const LARGE: SeedSize = { customers: 600, referralsPerCustomer: 10, auditEntries: 3_000 };

/**
 * Tables that hold a handful of rows by nature: reading them whole is the index. The analytics
 * summary's changes are folded into one row every minute (analytics/summaries.ts).
 */
const SMALL_TABLES = new Set(["ProgrammeSettings", "AnalyticsDelta"]);

/** The relations a plan reads whole, with sequential scans made as expensive as the planner allows. */
async function sequentialScans(databaseUrl: string, statement: RecordedStatement): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL enable_seqscan = off");
    const result = await client.query<{ "QUERY PLAN": unknown }>(
      `EXPLAIN (FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    await client.query("ROLLBACK");
    const scans: string[] = [];
    const walk = (node: any) => {
      if (node?.["Node Type"] === "Seq Scan") scans.push(String(node["Relation Name"]));
      for (const child of node?.Plans ?? []) walk(child);
    };
    const plans = result.rows[0]?.["QUERY PLAN"] as { Plan: unknown }[];
    for (const plan of plans) walk(plan.Plan);
    return scans;
  } finally {
    await client.end();
  }
}

/**
 * How often PostgreSQL planned a named statement for its values, in ten runs on one connection: a
 * statement whose generic plan looks dearer than a plan for its values is planned on every
 * execution (a one-referral page was, with its owner as an array), which costs more than running it.
 */
async function customPlansAfterWarmUp(
  databaseUrl: string,
  statement: RecordedStatement,
): Promise<{ generic: number; custom: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let run = 0; run < 10; run++)
      await client.query({ name: "plan_probe", text: statement.text, values: statement.values });
    const result = await client.query<{ generic_plans: string; custom_plans: string }>(
      "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'plan_probe'",
    );
    return { generic: Number(result.rows[0]?.generic_plans), custom: Number(result.rows[0]?.custom_plans) };
  } finally {
    await client.end();
  }
}

const isRead = (statement: RecordedStatement) => /^\s*(SELECT|WITH)\b/i.test(statement.text);

let small: Programme;
let large: Programme;

beforeAll(async () => {
  [small, large] = await Promise.all([startProgramme(SMALL), startProgramme(LARGE)]);
}, 120_000);
afterAll(async () => {
  for (const programme of [small, large]) await stopProgramme(programme);
});

describe.each(MEASURED_REQUESTS.map((request) => [request.group, request.name, request] as const))(
  "%s. %s",
  (_group, _name, request) => {
    it("sends as many SQL statements for 600 customers as for 60", async () => {
      // Asked once before, as a running server has been: a request asked again reads less (pager.ts, first pages).
      await statementsOf(small, request);
      await statementsOf(large, request);
      const few = await statementsOf(small, request);
      const many = await statementsOf(large, request);
      expect(few.length).toBeGreaterThan(0);
      expect(many.map((s) => s.text.replace(/\s+/g, " ").slice(0, 80))).toHaveLength(few.length);
    });

    it("reads every table through an index", async () => {
      const statements = (await statementsOf(large, request)).filter(isRead);
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const scanned = (await sequentialScans(large.app.databaseUrl, statement)).filter(
          (table) => !SMALL_TABLES.has(table),
        );
        expect(scanned, `sequential scan in: ${statement.text.replace(/\s+/g, " ").slice(0, 300)}`).toEqual([]);
      }
    });
  },
);

const customerRequests = MEASURED_REQUESTS.filter((request) => request.group === "b");

describe.each(customerRequests.map((request) => [request.name, request] as const))("b. %s", (_name, request) => {
  it("keeps one plan per plain SQL statement instead of planning it on every execution", async () => {
    const statements = (await statementsOf(large, request)).filter((statement) => statement.via === "sql");
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const plans = await customPlansAfterWarmUp(large.app.databaseUrl, statement);
      // PostgreSQL plans the first five executions for their values, then settles.
      expect(plans, `planned on every execution: ${statement.text.replace(/\s+/g, " ").slice(0, 300)}`).toEqual({
        generic: 5,
        custom: 5,
      });
    }
  });
});

describe("a customer's smallest pages", () => {
  it("keep one plan too (their owner was an array, and a one-row page was planned on every execution)", async () => {
    const statements = await large.recorder.during(async () => {
      const response = await large.clients.customer.graphql(
        "{ viewer { customer { referrals(first: 1) { edges { node { id } } } activities(first: 1) { edges { node { id } } } } } }",
      );
      expect(response.errors).toBeUndefined();
    });
    // Both pages are read by one statement (batchedPages in graphql/pager.ts).
    const pages = statements.filter((statement) => statement.via === "sql" && /json_agg\(rows/.test(statement.text));
    expect(pages).toHaveLength(1);
    for (const page of pages)
      expect(await customPlansAfterWarmUp(large.app.databaseUrl, page)).toEqual({ generic: 5, custom: 5 });
  });
});
