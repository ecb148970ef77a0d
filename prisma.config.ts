import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// Prisma 6's native schema engine cannot be downloaded here: the JS engine with the pg adapter
// is used instead (see shared/notes/stack-facts.md). Migrations are applied by api/src/db/migrate.ts.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    // A short idle timeout lets the CLI exit as soon as it is done instead of waiting on the pool.
    return new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? "postgresql://localhost/unused",
      idleTimeoutMillis: 50,
    });
  },
});
