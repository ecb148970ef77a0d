// tsx bench/zzab2.ts <tree,tree> [rounds] [seconds]: each tree on its own database (its migrations, its seed)
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { readFileSync, readdirSync, openSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { operationText } from "../web/build/persistedDocuments.ts";
import HomeDashboardQuery from "../web/src/__generated__/HomeDashboardQuery.graphql.ts";
import { DASHBOARD_VARIABLES } from "../web/src/pages/home/dashboardVariables.ts";

const OLD_DASHBOARD = `query BenchDashboard {
  viewer {
    firstName
    customer {
      databaseId status originalPurchaseAmount { pence } currentCredits { pence } creditsPaid { pence }
      progressPercentage remainingToTarget { pence } milestone33Paid milestone66Paid milestone100Paid refundIssued
      referrals(first: 10) { edges { node { id name status statusDisplay daysRemaining purchaseAmount { pence } creditEarned { pence } } } pageInfo { hasNextPage endCursor } }
      activities(first: 10) { edges { node { id type description amount { pence } createdAt } } }
      milestones { key state threshold { pence } tranche { pence } paidAt }
      milestonePayments { milestoneType amount { pence } paidAt }
    }
  }
}`;
const trees = process.argv[2]!.split(",");
const rounds = Number(process.argv[3] ?? 5);
const seconds = Number(process.argv[4] ?? 4);
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "ab2-"));
const cluster = await startEmbeddedPostgres({ clusterDir: path.join(workDir, "pg"), port: await findFreePort() });
const servers: { tree: string; pid: number; base: string; child: any; loads: Record<string, any> }[] = [];
for (const [i, tree] of trees.entries()) {
  const url = await ensureDatabase(cluster.adminUrl, `ab${i}`);
  const { applyMigrations } = await import(path.join(tree, "api/src/db/migrate.ts"));
  await applyMigrations(url);
  const { seedBenchData, BENCH_PASSWORD } = await import(path.join(tree, "bench/seed.ts"));
  await seedBenchData(url, { customers: 2000, referralsPerCustomer: 10, auditEntries: 10000 });
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("node", [...((process.env[`ZZ_NODE_ARGS_${i}`] ?? process.env.ZZ_NODE_ARGS) ? (process.env[`ZZ_NODE_ARGS_${i}`] ?? process.env.ZZ_NODE_ARGS)!.replace("TREE", path.basename(tree)).split(" ") : []), "api/dist/main.js"], {
    cwd: tree,
    env: { ...process.env, NODE_ENV: "production", ZZ_ANY: "1", SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", DEMO: "0", WORKER_MODE: "none", LOG_LEVEL: "warn", DATA_DIR: workDir },
    stdio: ["ignore", process.env.ZZ_STDOUT ? openSync(`/tmp/zzgc-${i}.log`, "w") : "ignore", "inherit"],
  });
  for (;;) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "bench_customer_1", password: BENCH_PASSWORD }) });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c: string) => c.split(";")[0]).join("; ");
  if (!res.ok || !cookie) throw new Error(`sign-in failed on ${tree}: ${res.status} ${await res.text()}`);
  const json = { "content-type": "application/json", "accept-encoding": "gzip, br" };
  const loads: Record<string, any> = {
    ceiling: { url: `${base}/graphql`, method: "POST", headers: json, body: JSON.stringify({ query: "{ __typename }" }), connections: Number(process.env.ZZ_CONN ?? 10) },
    "viewer firstName": { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query: "{ viewer { firstName } }" }), connections: Number(process.env.ZZ_CONN ?? 10) },
    "old dashboard text": { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query: OLD_DASHBOARD }), connections: Number(process.env.ZZ_CONN ?? 10) },
  };
  if (i > 0 || process.env.ZZ_WEB_ALL) loads["web dashboard text"] = { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query: operationText(HomeDashboardQuery.params), variables: DASHBOARD_VARIABLES }), connections: Number(process.env.ZZ_CONN ?? 10) };
  {
    const fsm = await import("node:fs");
    const web = fsm.readFileSync("/tmp/new.graphql", "utf8");
    const old = fsm.readFileSync("/tmp/old/doc.graphql", "utf8");
    const noShare = web.replace("      ...SharePanel_customer\n","").replace("  ...SharePanel_customer\n","").replace(/fragment SharePanel_customer on Customer \{[\s\S]*?\n\}/, "");
    const noCancel = web.replace(/  cancellation \{[\s\S]*?\n  \}\n/, "");
    const ownId = fsm.readFileSync(path.join(tree, "web/src/__generated__/HomeDashboardQuery.graphql.ts"), "utf8").match(/"id": "([^"]+)"/)![1];
    loads["persisted own"] = { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ variables: DASHBOARD_VARIABLES, extensions: { persistedQuery: { version: 1, sha256Hash: ownId } } }), connections: Number(process.env.ZZ_CONN ?? 10) };
    const ownText = JSON.parse(fsm.readFileSync(path.join(tree, "persisted-queries.json"), "utf8"))[ownId];
    loads["own text"] = { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query: ownText, variables: DASHBOARD_VARIABLES }), connections: Number(process.env.ZZ_CONN ?? 10) };
    if (tree.endsWith("main")) for (const [n, vid] of Object.entries(JSON.parse(fsm.readFileSync("/tmp/variant-ids.json", "utf8")) as Record<string, string>))
      loads[n] = { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ variables: DASHBOARD_VARIABLES, extensions: { persistedQuery: { version: 1, sha256Hash: vid } } }), connections: Number(process.env.ZZ_CONN ?? 10) };
    for (const [n, q] of [["old doc", old], ["web no share", noShare], ["web no cancellation", noCancel]] as const)
      loads[n] = { url: `${base}/graphql`, method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ query: q, variables: DASHBOARD_VARIABLES }), connections: Number(process.env.ZZ_CONN ?? 10) };
  }
  for (const [name, l] of Object.entries(loads)) {
    const r = await fetch(l.url, { method: "POST", headers: l.headers, body: l.body });
    const t = await r.text(); console.log(name, t.length); if (name === "web dashboard text") (await import("node:fs")).writeFileSync("/tmp/dash.json", t);
    if (!r.ok || t.includes('"errors"')) console.log(`!! ${tree} ${name}: ${r.status} ${t.slice(0, 300)}`);
  }
  servers.push({ tree, pid: child.pid!, base, child, loads });
}
function threadsCpuMs(pid: number) {
  const s = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(s[11]) + Number(s[12])) * 1000) / 100;
}
function schedMs(pid: number) {
  let total = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) total += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  return total;
}
const cpu: Record<string, number[][]> = {};
for (let round = 0; round < rounds; round++) {
  for (const [i, s] of servers.entries()) {
    for (const [name, l] of Object.entries(s.loads)) {
      if (process.env.ZZ_LOADS && !process.env.ZZ_LOADS.split(";").includes(name)) continue;
      const before = schedMs(s.pid);
      const res = await autocannon({ ...l, duration: round === 0 ? 2 : seconds });
      const ms = (schedMs(s.pid) - before) / res.requests.total;
      if (round === 0) continue;
      ((cpu[name] ??= trees.map(() => []))[i] as number[]).push(ms);
    }
  }
}
const med = (a: number[] = []) => (a.length ? [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]! : NaN);
for (const name of Object.keys(cpu)) {
  console.log(`${name.padEnd(24)} ${trees.map((t, i) => `${path.basename(t)} ${med(cpu[name]![i] ?? []).toFixed(3)} ms`).join("  ")}   ratio: ${trees.map((_, i) => med((cpu[name]![i] ?? []).map((v, k) => v / (cpu.ceiling ?? cpu[name])![i]![k]!)).toFixed(2)).join(" / ")}`);
}
for (const s of servers) s.child.kill("SIGTERM");
await new Promise((r) => setTimeout(r, 5000));
await cluster.stop();
