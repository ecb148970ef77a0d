// CPU per call of building and compiling a Kysely query against filling a precompiled one:
// `npx tsx bench/queryBuild.ts`. No database: only the work done before a statement is sent.
import { precompile, queryBuilder, sql } from "../api/src/db/query.ts";

const build = (keys: number[]) =>
  queryBuilder
    .selectFrom("CustomerProfile as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .selectAll("c")
    .select(["u.username", "u.email", "u.firstName", "u.lastName"])
    .where("c.id", "=", sql<number>`any(${keys}::int[])`)
    .where("c.status", "=", "VERIFIED")
    .orderBy("c.createdAt", "desc")
    .orderBy("c.id", "desc")
    .limit(50);
const precompiled = precompile((params: { keys: number[] }) => build(params.keys));

function measure(name: string, run: () => unknown): void {
  for (let i = 0; i < 20_000; i++) run();
  const rounds = 200_000;
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) run();
  const used = process.cpuUsage(start);
  console.log(`${name}: ${(((used.user + used.system) / rounds) * 1000).toFixed(0)} ns per call`);
}

const keys = [1, 2, 3];
measure("build + compile", () => build(keys).compile());
measure("precompiled", () => precompiled({ keys }));
