import pg from "pg";
import pino from "pino";
import { resolveSessionSecret } from "./auth/sessionSecret.ts";
import { createSessionCookies } from "./auth/session.ts";
import { createAccountEmailThrottle } from "./auth/emailThrottle.ts";
import { createLoginThrottle } from "./auth/throttle.ts";
import type { AppConfig } from "./config.ts";
import { createPrismaClient } from "./db/prisma.ts";
import { createDatabasePool, createSqlReader } from "./db/sql.ts";
import type { AppDeps } from "./graphql/context.ts";

/** Builds what every request shares. `close` releases the database connections. */
export function createAppDeps(config: AppConfig, databaseUrl: string) {
  const log = pino({ level: config.logLevel, base: undefined });
  const pool = createDatabasePool(databaseUrl, config.databasePoolSize);
  pool.on("error", (error) => log.warn({ err: error }, "database pool error"));
  const prisma = createPrismaClient(pool);
  const throttlePool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  throttlePool.on("error", (error) => log.warn({ err: error }, "throttle pool error"));
  const deps: AppDeps = {
    prisma,
    sql: createSqlReader(pool),
    config,
    log,
    loginThrottle: createLoginThrottle(throttlePool),
    accountEmailThrottle: createAccountEmailThrottle(throttlePool),
    sessionCookies: createSessionCookies({ secret: resolveSessionSecret(config), secure: config.production }),
  };
  return {
    deps,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await throttlePool.end();
    },
  };
}
