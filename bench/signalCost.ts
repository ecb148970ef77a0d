// npx tsx bench/signalCost.ts [--customers 20000 --adds 400 --rounds 4 --throwaway-every 2 --share-link-every 3]
// What finding the fraud signals adds to adding a referral (docs/rules/fraud.md, "Signals"; the budget is
// under 2 ms of server and PostgreSQL CPU at 20,000 customers). Seeds the bench's programme, then adds
// referrals inside transactions that roll back, alternately without and with noticeSignalsOnAdd (the
// add's own insert in both), and prints the CPU per add of each and the difference: this process's
// CPU (the server's part) and the cluster's (read from /proc, as the bench does). Every third add
// comes through a share link, its consent from one of a few addresses that 5,000 earlier submissions
// (of other customers) came from, so the SHARED_DEVICE lookup is paid as a busy programme pays it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { findFreePort } from "../api/src/db/freePort.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { createPrismaClient } from "../api/src/db/prisma.ts";
import { noticeSignalsOnAdd } from "../api/src/fraud/index.ts";
import { seedBenchData } from "./seed.ts";
import { postgresCpuMs, postmasterPid } from "./stack.ts";

const { values: options } = parseArgs({
  options: {
    customers: { type: "string", default: "20000" },
    adds: { type: "string", default: "400" },
    rounds: { type: "string", default: "4" },
    // Every Nth add at a throwaway domain, so a signal is found and written (0: none is).
    "throwaway-every": { type: "string", default: "2" },
    // Every Nth add through a share link, with a consent from a busy address (0: none is).
    "share-link-every": { type: "string", default: "3" },
  },
});
const CUSTOMERS = Number(options.customers);
const ADDS = Number(options.adds);
const ROUNDS = Number(options.rounds);
const THROWAWAY_EVERY = Number(options["throwaway-every"]);
const SHARE_LINK_EVERY = Number(options["share-link-every"]);
/** Earlier share-link submissions, from a few addresses: what the SHARED_DEVICE lookup searches. */
const EARLIER_SUBMISSIONS = 5000;
const BUSY_ADDRESSES = 10;

class RolledBack extends Error {}

async function main() {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "signal-cost-"));
  const clusterDir = path.join(workDir, "pg");
  const cluster = await startEmbeddedPostgres({ clusterDir, port: await findFreePort() });
  try {
    const url = await ensureDatabase(cluster.adminUrl, "signal_cost");
    await applyMigrations(url);
    const seeded = performance.now();
    await seedBenchData(url, { customers: CUSTOMERS, referralsPerCustomer: 10, auditEntries: CUSTOMERS });
    console.log(`${CUSTOMERS} customers seeded in ${Math.round((performance.now() - seeded) / 1000)} s`);
    const db = createPrismaClient(url, 2);
    await db.$executeRawUnsafe(
      `WITH r AS (
         INSERT INTO "Referral" ("customerId", name, phone, status, "createdAt", "expiresAt", "updatedAt", channel)
         SELECT (SELECT max(id) FROM "CustomerProfile") - (n % 500), 'Earlier Friend', '+447900' || lpad(n::text, 6, '0'),
                'PENDING', now(), now() + interval '90 days', now(), 'SHARE_LINK'
         FROM generate_series(1, $1::int) AS n RETURNING id)
       INSERT INTO "ShareLinkConsent" ("referralId", "wordingVersion", "givenAt", "ipAddress", "deviceId")
       SELECT id, 'bench', now(), '10.0.0.' || (id % $2::int), md5(id::text) FROM r`,
      EARLIER_SUBMISSIONS,
      BUSY_ADDRESSES,
    );
    const postmaster = postmasterPid(clusterDir);
    const customers = (
      await db.customerProfile.findMany({ where: { status: "VERIFIED" }, select: { id: true }, take: ADDS })
    ).map((customer) => customer.id);
    let n = 0;
    /** One add as addReferral writes the row (the add's other writes are the same with or without signals). */
    const addOnce = async (withSignals: boolean) => {
      const customerId = customers[n % customers.length] as number;
      n++;
      await db
        .$transaction(async (tx) => {
          const now = new Date();
          const referral = await tx.referral.create({
            data: {
              customerId,
              name: "Cost Friend",
              phone: `+447800${String(100_000 + n).slice(-6)}`,
              // Every Nth add at a throwaway domain: a signal found and written (the insert's cost too).
              email:
                THROWAWAY_EVERY > 0 && n % THROWAWAY_EVERY === 0
                  ? `cost.friend${n}@mailinator.com`
                  : `cost.friend${n}@gmail.com`,
              address: "1 High Street, Leeds LS1 4AP",
              createdAt: now,
              expiresAt: new Date(now.getTime() + 90 * 86_400_000),
            },
          });
          if (SHARE_LINK_EVERY > 0 && n % SHARE_LINK_EVERY === 0)
            await tx.shareLinkConsent.create({
              data: {
                referralId: referral.id,
                wordingVersion: "bench",
                givenAt: now,
                ipAddress: `10.0.0.${n % BUSY_ADDRESSES}`,
                deviceId: `device-${n}`,
              },
            });
          if (withSignals) await noticeSignalsOnAdd(tx, referral.id);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    };
    const measure = async (withSignals: boolean) => {
      const server = process.cpuUsage();
      const postgres = postgresCpuMs(postmaster);
      for (let i = 0; i < ADDS; i++) await addOnce(withSignals);
      const used = process.cpuUsage(server);
      return {
        serverMs: (used.user + used.system) / 1000 / ADDS,
        postgresMs: (postgresCpuMs(postmaster) - postgres) / ADDS,
      };
    };
    // A warm-up of both (the JIT's optimised code first), then rounds that alternate which goes first.
    for (let i = 0; i < ADDS; i++) await addOnce(i % 2 === 0);
    const rows: { without: Awaited<ReturnType<typeof measure>>; with: Awaited<ReturnType<typeof measure>> }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const withFirst = round % 2 === 1;
      const first = await measure(withFirst);
      const second = await measure(!withFirst);
      const [without, withSignals] = withFirst ? [second, first] : [first, second];
      rows.push({ without, with: withSignals });
      console.log(
        `round ${round + 1}: without ${without.serverMs.toFixed(2)} + ${without.postgresMs.toFixed(2)} ms, with ${withSignals.serverMs.toFixed(2)} + ${withSignals.postgresMs.toFixed(2)} ms (server + PostgreSQL per add)`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const added = (part: "serverMs" | "postgresMs") => median(rows.map((row) => row.with[part] - row.without[part]));
    console.log(
      `added by the signals, median of ${ROUNDS} rounds of ${ADDS} adds: server ${added("serverMs").toFixed(2)} ms, PostgreSQL ${added("postgresMs").toFixed(2)} ms per add`,
    );
    await db.$disconnect();
  } finally {
    await cluster.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
