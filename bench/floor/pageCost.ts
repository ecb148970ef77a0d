// npx tsx bench/floor/pageCost.ts [-- --customers 2000 --seconds 5 --rounds 3]
// What rendering the signed-in pages costs the server (docs/performance.md, "Prerendered pages"):
// seeds a small programme, starts the production server, and loads each page's HTML (/home and
// /milestones as a customer, /admin as the administrator) with its server render and without it
// (the web build's renderer moved aside, so the same server sends the shell with the same data), in
// alternating rounds, printing the server's CPU per page and the bytes sent.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ensureDatabase, startEmbeddedPostgres } from "../../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../../api/src/db/freePort.ts";
import { applyMigrations } from "../../api/src/db/migrate.ts";
import { SSR_DIR } from "../../api/src/http/prerenderedPages.ts";
import { seedBenchData } from "../seed.ts";
import {
  ACCEPT_COMPRESSED,
  buildForProduction,
  productionServerEnv,
  ROOT,
  rssMegabytes,
  signIn,
  startServer,
  stopServer,
  threadsCpuMs,
  waitForDueJobs,
} from "../stack.ts";

const { values: options } = parseArgs({
  options: {
    customers: { type: "string", default: "2000" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
  },
});

const SSR = path.join(ROOT, "web/dist", SSR_DIR);
const ASIDE = `${SSR}-aside`;

async function main() {
  buildForProduction();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "referrals-page-cost-"));
  const cluster = await startEmbeddedPostgres({ clusterDir: path.join(workDir, "pg"), port: await findFreePort() });
  let server: Awaited<ReturnType<typeof startServer>>["child"] | undefined;
  try {
    const databaseUrl = await ensureDatabase(cluster.adminUrl, "pagecost");
    await applyMigrations(databaseUrl);
    const customers = Number(options.customers);
    await seedBenchData(databaseUrl, { customers, referralsPerCustomer: 10, auditEntries: customers * 5 });
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    ({ child: server } = await startServer(
      productionServerEnv(port, { DATABASE_URL: databaseUrl, DATA_DIR: workDir }),
      baseUrl,
    ));
    await waitForDueJobs(databaseUrl);
    const cookies = {
      customer: await signIn(baseUrl, "bench_customer_1"),
      admin: await signIn(baseUrl, "bench_admin"),
    };
    const pages = [
      { path: "/home", cookie: cookies.customer },
      { path: "/milestones", cookie: cookies.customer },
      { path: "/admin", cookie: cookies.admin },
    ];
    const pid = server.pid as number;
    // The renderer loads with the first signed-in page: the server's memory before and after it.
    const rssBefore = rssMegabytes(pid);
    const load = async (page: (typeof pages)[number], seconds: number) => {
      const cpuBefore = threadsCpuMs(pid);
      const result = await autocannon({
        url: `${baseUrl}${page.path}`,
        headers: { cookie: page.cookie, ...ACCEPT_COMPRESSED },
        connections: 4,
        duration: seconds,
      });
      const cpu = threadsCpuMs(pid) - cpuBefore;
      return {
        cpuMs: cpu / result.requests.total,
        rate: result.requests.average,
        bytes: result.throughput.total / result.requests.total,
        non2xx: result.non2xx,
      };
    };
    const figures = new Map<string, { cpuMs: number[]; rate: number[]; bytes: number[] }>();
    const record = (key: string, row: Awaited<ReturnType<typeof load>>) => {
      const entry = figures.get(key) ?? { cpuMs: [], rate: [], bytes: [] };
      entry.cpuMs.push(row.cpuMs);
      entry.rate.push(row.rate);
      entry.bytes.push(row.bytes);
      figures.set(key, entry);
      if (row.non2xx > 0) console.log(`  ${key}: ${row.non2xx} answers not 2xx`);
    };
    // Warm both ways: the renderer's module and the JIT.
    for (const page of pages) await load(page, 2);
    console.log(`RSS ${rssBefore} MB before the first page, ${rssMegabytes(pid)} MB after the warm-up`);
    for (let round = 0; round < Number(options.rounds); round++) {
      for (const rendered of round % 2 ? [false, true] : [true, false]) {
        if (!rendered) await fs.rename(SSR, ASIDE);
        try {
          for (const page of pages)
            record(`${page.path} ${rendered ? "rendered" : "shell"}`, await load(page, Number(options.seconds)));
        } finally {
          if (!rendered) await fs.rename(ASIDE, SSR);
        }
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `\nServer CPU per page (all threads), medians of ${options.rounds} rounds of ${options.seconds} s, 4 connections:`,
    );
    for (const [key, entry] of figures)
      console.log(
        `  ${key.padEnd(24)} ${median(entry.cpuMs).toFixed(2).padStart(7)} ms  ${Math.round(median(entry.rate)).toString().padStart(5)} pages/s  ${(median(entry.bytes) / 1024).toFixed(1)} KB sent  (CPU per round: ${entry.cpuMs.map((ms) => ms.toFixed(2)).join(", ")})`,
      );
  } finally {
    await fs.rename(ASIDE, SSR).catch(() => {});
    await stopServer(server);
    await cluster.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
