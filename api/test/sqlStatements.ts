import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlReader } from "../src/db/sql.ts";
import { PrismaClient } from "../src/generated/prisma/client.ts";
import type { TestApp } from "./testApp.ts";

export interface RecordedStatement {
  text: string;
  values: unknown[];
  /** Prisma's statements run unnamed; the plain SQL reader's as named prepared statements. */
  via: "prisma" | "sql";
}

/**
 * Every SQL statement the server sends while a request runs: through Prisma (its query events)
 * and through the plain SQL reader. The server's clients are swapped for recording ones on the
 * same database for the duration of `during`.
 */
export function recordStatements(app: TestApp) {
  let recorded: RecordedStatement[] = [];
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: app.databaseUrl }),
    log: [{ emit: "event", level: "query" }],
  });
  prisma.$on("query", (event) =>
    recorded.push({ text: event.query, values: JSON.parse(event.params) as unknown[], via: "prisma" }),
  );

  return {
    async during(request: () => Promise<unknown>): Promise<RecordedStatement[]> {
      const original = { prisma: app.deps.prisma, sql: app.deps.sql };
      const sql: SqlReader = {
        query(text, values = []) {
          recorded.push({ text, values: [...values], via: "sql" });
          return original.sql.query(text, values);
        },
      };
      app.deps.prisma = prisma;
      app.deps.sql = sql;
      recorded = [];
      try {
        await request();
        return [...recorded];
      } finally {
        app.deps.prisma = original.prisma;
        app.deps.sql = original.sql;
      }
    },
    close: () => prisma.$disconnect(),
  };
}
