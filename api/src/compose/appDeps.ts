// What every request shares, built once per process: the domains' implementations of graphql/context.ts's interfaces.
import pg from "pg";
import pino from "pino";
import { createApiTokenGate } from "../apiTokens/index.ts";
import { recordAudit } from "../audit/index.ts";
import { createSessionCookies } from "../auth/session.ts";
import { resolveSessionSecret } from "../auth/sessionSecret.ts";
import { createLoginThrottle } from "../auth/throttle.ts";
import type { AppConfig } from "../config.ts";
import { watchPool } from "../db/outage.ts";
import { createPrismaClient } from "../db/prisma.ts";
import { createDatabasePool, createSqlReader, POOL_CONNECT_TIMEOUT_MS } from "../db/sql.ts";
import { roleOf } from "../graphql/access.ts";
import { createAdminQueueFeed } from "../graphql/adminQueueFeed.ts";
import type { AppDeps } from "../graphql/context.ts";
import { serializeError } from "../lib/logErrors.ts";
import { currentRequestScope } from "../lib/requestScope.ts";
import { actsAsAdmin, actsAsStaff, enrolFirstRefusal } from "../secondFactor/index.ts";
import { createSecretBox } from "../secondFactor/secretBox.ts";
import { createShareLinkGuard } from "../shareLinks/index.ts";

/**
 * Builds what every request shares. `close` releases the database connections.
 * `logDestination`: where log lines go instead of stdout (tests read them).
 */
export function createAppDeps(
  config: AppConfig,
  databaseUrl: string,
  options: { logDestination?: pino.DestinationStream } = {},
) {
  const logOptions: pino.LoggerOptions = {
    level: config.logLevel,
    base: undefined,
    serializers: { err: serializeError },
    // Every line written while a request or job runs names it (a copy: pino merges the line's fields into it).
    mixin: () => ({ ...currentRequestScope() }),
  };
  const log = options.logDestination ? pino(logOptions, options.logDestination) : pino(logOptions);
  const pool = createDatabasePool(databaseUrl, config.databasePoolSize);
  // An idle connection closed under a pool (the database restarting) is logged once per outage, its
  // message and code only (pg attaches the whole client). Once closing, it is expected: not logged.
  let closing = false;
  watchPool(pool, log, "database pool", () => closing);
  const prisma = createPrismaClient(pool);
  const throttlePool = new pg.Pool({
    connectionString: databaseUrl,
    max: 3,
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
  });
  watchPool(throttlePool, log, "throttle pool", () => closing);
  const sessionSecret = resolveSessionSecret(config);
  const audited = new WeakSet<object>();
  const deps: AppDeps = {
    prisma,
    sql: createSqlReader(pool),
    config,
    log,
    loginThrottle: createLoginThrottle(throttlePool, { secret: sessionSecret, production: config.production }),
    sessionCookies: createSessionCookies({ secret: sessionSecret, secure: config.production }),
    secretBox: createSecretBox(sessionSecret),
    adminQueues: createAdminQueueFeed(databaseUrl, log, { checkIntervalMs: config.adminStreamCheckMs }),
    apiTokens: createApiTokenGate(prisma, throttlePool, {
      requestsPerMinute: config.apiTokenRequestsPerMinute,
      requireAdminMfa: config.requireAdminMfa,
    }),
    adminGate: { actsAsAdmin, actsAsStaff, enrolFirstRefusal },
    auditRefusal: (context, what) => {
      // One entry per request however many fields it was refused, written beside the answer (docs/rules/roles.md).
      if (audited.has(context) || !context.viewer) return;
      audited.add(context);
      recordAudit(prisma, {
        action: "access_refused",
        resourceType: "user",
        resourceId: context.viewer.id,
        actorId: context.viewer.id,
        details: `A ${roleOf(context.viewer).replace("admin", "administrator")} was refused ${what}`,
        ipAddress: context.ip,
      }).catch((error: unknown) => log.error({ err: error }, "could not audit a refusal"));
    },
    shareLinkGuard: createShareLinkGuard(throttlePool, {
      secret: sessionSecret,
      production: config.production,
      limits: config.shareLinkLimits,
    }),
  };
  return {
    deps,
    /** The pools whose connections /metrics reports (http/metrics.ts). */
    pools: { app: pool, throttle: throttlePool },
    async close() {
      closing = true;
      await deps.adminQueues.close();
      await prisma.$disconnect();
      await pool.end();
      await throttlePool.end();
    },
  };
}
