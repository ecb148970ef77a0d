import { ensureDatabase, startEmbeddedPostgres } from "../api/src/db/embeddedPostgres.ts";
import { applyMigrations } from "../api/src/db/migrate.ts";
import { seedBenchData } from "./seed.ts";

const customers = Number(process.argv[2] ?? 2000);
const cluster = await startEmbeddedPostgres({ clusterDir: "/tmp/prof/pg", port: 55432 });
const url = await ensureDatabase(cluster.adminUrl, "prof");
await applyMigrations(url);
await seedBenchData(url, { customers, referralsPerCustomer: 10, auditEntries: customers });
console.log("READY", url);
setInterval(() => {}, 1 << 30);
