import path from "node:path";

/** Every environment variable the app reads; docs/configuration.md documents each. */
export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Connections each instance keeps open (Prisma and plain SQL share them); instances × this must fit max_connections. */
  databasePoolSize: number;
  embeddedPostgresPort: number;
  /** Unset in development: generated once and kept in dataDir. Required in production. */
  sessionSecret: string | undefined;
  demoMode: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** CONTACT_EMAIL, else MAIL_FROM's address: the programme contact customers see while no administrator set another. */
  contactEmail: string;
  /** Where emailed links point. */
  publicUrl: string;
  logLevel: string;
  /** Proxies of yours in front of the app: the client address is the one the outermost appended to X-Forwarded-For. 0: the socket's address. */
  trustProxyHops: number;
  /** The built web app (default web/dist). */
  webDistDir: string;
  /** REQUIRE_ADMIN_MFA=1: an administrator without a second factor can only enrol one. */
  requireAdminMfa: boolean;
  /** REQUIRE_STAFF_MFA=1: a staff member without a second factor can only enrol one, as administrators under REQUIRE_ADMIN_MFA. */
  requireStaffMfa: boolean;
  /** CORS_ORIGINS: browser origins of integrators' apps allowed to call /graphql and /api with credentials. Empty: none. */
  corsOrigins: readonly string[];
  /** REFERRAL_EXPIRY_CRON: when the referral expiry job (expire, warn, clear) runs, a crontab time; default hourly. */
  referralExpiryCron: string;
  /** REFERRAL_EXPIRY_INTERVAL_SECONDS: also run it this often (finer than cron's minute: the journeys use 1). Unset: cron only. */
  referralExpiryIntervalMs: number | undefined;
  /** WORKER_MODE: `inprocess` (default) works jobs in the server; `none` leaves them to `npm run worker` processes. */
  workerMode: "inprocess" | "none";
  /** API_TOKEN_REQUESTS_PER_MINUTE: each API token's rate limit (default 600); the bench lifts it to measure the token path itself. */
  apiTokenRequestsPerMinute: number;
  /** IDEMPOTENCY_KEYS_PER_HOUR: new idempotency keys one caller (user or API token) may create in any hour (default 1000). */
  idempotencyKeysPerHour: number;
  /** WEBHOOKS_ALLOW_LOOPBACK=1: production accepts http://127.0.0.1 / localhost webhook endpoints (the journeys' receivers); never set it in a real deployment. */
  webhooksAllowLoopback: boolean;
  /** WEBHOOK_RETRY_SCHEDULE_MS: the waits between a webhook delivery's attempts, comma-separated; default WEBHOOK_RETRY_SCHEDULE_MS (about 3 days). */
  webhookRetryScheduleMs: readonly number[];
  /** How long a webhook attempt waits for an answer (10 s; tests shorten it). */
  webhookTimeoutMs: number;
  /** ADMIN_STREAM_CHECK_SECONDS: how often an open live admin stream checks its viewer is still a signed-in administrator (default 30; tests shorten it). */
  adminStreamCheckMs: number;
  /** METRICS_PORT: /metrics (Prometheus) on its own listener; unset: not served at all. */
  metricsPort: number | undefined;
  /** METRICS_HOST: where that listener binds; loopback unless said otherwise. */
  metricsHost: string;
  /** The share link page's abuse limits (docs/rules/share-links.md, "Abuse"); SHARE_LINK_* variables, tests lower them. */
  shareLinkLimits: ShareLinkLimits;
}

/** Submissions of the friend's form allowed per hour on each counter, and the form's minimum fill time. */
export interface ShareLinkLimits {
  /** SHARE_LINK_PER_LINK_PER_HOUR: submissions through one link (default 20). */
  perLink: number;
  /** SHARE_LINK_PER_ADDRESS_PER_HOUR: from one client address (default 10). */
  perAddress: number;
  /** SHARE_LINK_PER_NETWORK_PER_HOUR: from one IPv6 /64 (default 30). */
  perNetwork: number;
  /** SHARE_LINK_PER_FRIEND_PER_DAY: of one phone number or email, across every link (default 3). */
  perFriendPerDay: number;
  /** SHARE_LINK_MIN_FILL_SECONDS: a form sent back sooner after it was served is a bot's (default 3). */
  minFillSeconds: number;
}

function readCount(value: string | undefined, fallback: number, min = 1): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
}

/** The waits before a failed webhook delivery's next attempts: exponential-ish, about 3 days in all, then the delivery fails. */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  60_000, // 1 min
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
];

const DEFAULT_MAIL_FROM = "HNG Referral Scheme <no-reply@hng-referrals.local>";

/** "HNG Referral Scheme <help@example.com>" → "help@example.com"; a bare address stays as it is. */
export function addressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** CONTACT_EMAIL, else MAIL_FROM's address; a CONTACT_EMAIL that is not an address stops the start-up. */
export function readContactEmail(contactEmail: string | undefined, mailFrom: string): string {
  const given = contactEmail?.trim();
  if (!given) return addressOf(mailFrom);
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(given))
    throw new Error(`CONTACT_EMAIL must be one email address, like help@example.com, not "${contactEmail}".`);
  return given;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === "production";
  const port = Number.parseInt(env.PORT ?? "3000", 10);
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoOverride = env.DEMO;
  return {
    production,
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databasePoolSize: Math.max(1, Number.parseInt(env.DATABASE_POOL_SIZE ?? "10", 10) || 10),
    embeddedPostgresPort: Number.parseInt(env.EMBEDDED_PG_PORT ?? "54329", 10),
    sessionSecret: env.SESSION_SECRET || undefined,
    // Never on by itself in production: its administrator's password is published.
    demoMode:
      demoOverride === undefined || demoOverride === ""
        ? !databaseUrl && !production
        : demoOverride === "1" || demoOverride === "true",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    contactEmail: readContactEmail(env.CONTACT_EMAIL, env.MAIL_FROM ?? DEFAULT_MAIL_FROM),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    trustProxyHops: readTrustProxy(env.TRUST_PROXY),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../web/dist")),
    requireAdminMfa: env.REQUIRE_ADMIN_MFA === "1" || env.REQUIRE_ADMIN_MFA === "true",
    requireStaffMfa: env.REQUIRE_STAFF_MFA === "1" || env.REQUIRE_STAFF_MFA === "true",
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    referralExpiryCron: env.REFERRAL_EXPIRY_CRON?.trim() || "0 * * * *",
    referralExpiryIntervalMs: env.REFERRAL_EXPIRY_INTERVAL_SECONDS
      ? Math.max(1, Number.parseInt(env.REFERRAL_EXPIRY_INTERVAL_SECONDS, 10) || 3600) * 1000
      : undefined,
    workerMode: readWorkerMode(env.WORKER_MODE),
    apiTokenRequestsPerMinute: Math.max(1, Number.parseInt(env.API_TOKEN_REQUESTS_PER_MINUTE ?? "600", 10) || 600),
    idempotencyKeysPerHour: Math.max(1, Number.parseInt(env.IDEMPOTENCY_KEYS_PER_HOUR ?? "1000", 10) || 1000),
    webhooksAllowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === "1" || env.WEBHOOKS_ALLOW_LOOPBACK === "true",
    webhookRetryScheduleMs: readRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE_MS),
    webhookTimeoutMs: 10_000,
    adminStreamCheckMs: readStreamCheckMs(env.ADMIN_STREAM_CHECK_SECONDS),
    metricsPort: readMetricsPort(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    shareLinkLimits: {
      perLink: readCount(env.SHARE_LINK_PER_LINK_PER_HOUR, 20),
      perAddress: readCount(env.SHARE_LINK_PER_ADDRESS_PER_HOUR, 10),
      perNetwork: readCount(env.SHARE_LINK_PER_NETWORK_PER_HOUR, 30),
      perFriendPerDay: readCount(env.SHARE_LINK_PER_FRIEND_PER_DAY, 3),
      minFillSeconds: readCount(env.SHARE_LINK_MIN_FILL_SECONDS, 3, 0),
    },
  };
}

/** ADMIN_STREAM_CHECK_SECONDS: more than 0 and at most 30 (the promise of docs/operations.md, "Live admin queues"); anything else stops the start-up. */
export function readStreamCheckMs(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 30_000;
  const seconds = Number(value.trim());
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 30)
    throw new Error(`ADMIN_STREAM_CHECK_SECONDS must be a number of seconds above 0 and at most 30, not "${value}".`);
  return Math.max(1, Math.round(seconds * 1000));
}

/** WEBHOOK_RETRY_SCHEDULE_MS: positive whole milliseconds, comma-separated; anything else stops the start-up. */
export function readRetrySchedule(value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === "") return WEBHOOK_RETRY_SCHEDULE_MS;
  const waits = value.split(",").map((part) => part.trim());
  if (!waits.every((wait) => /^\d{1,10}$/.test(wait) && Number(wait) > 0))
    throw new Error(`WEBHOOK_RETRY_SCHEDULE_MS must be positive milliseconds separated by commas, not "${value}".`);
  return waits.map(Number);
}

/** METRICS_PORT: a port number (0: any free one, for tests); anything else stops the start-up. */
export function readMetricsPort(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const port = Number(value.trim());
  if (!/^\d{1,5}$/.test(value.trim()) || port > 65_535)
    throw new Error(`METRICS_PORT must be a port number (or unset: no metrics listener), not "${value}".`);
  return port;
}

/** WORKER_MODE: anything but the two names stops the start-up, rather than silently sending no email. */
export function readWorkerMode(value: string | undefined): "inprocess" | "none" {
  const mode = (value ?? "").trim() || "inprocess";
  if (mode !== "inprocess" && mode !== "none") {
    throw new Error(
      `WORKER_MODE must be "inprocess" (the default) or "none" (jobs run by \`npm run worker\`), not "${mode}".`,
    );
  }
  return mode;
}

/**
 * CORS_ORIGINS: comma-separated exact origins (`https://app.example.com`). Answers carry cookies'
 * worth of data, so a wildcard or anything that is not exactly one origin stops the start-up.
 */
export function readCorsOrigins(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    if (entry.includes("*")) {
      throw new Error(
        `CORS_ORIGINS must list exact origins: "${entry}" is a wildcard, which would let any site read signed-in answers.`,
      );
    }
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      if (url.protocol === "http:" || url.protocol === "https:") origin = url.origin;
    } catch {
      // Not a URL at all: refused below like any other entry that is not an origin.
    }
    if (origin !== entry) {
      const hint = origin ? ` (did you mean "${origin}"?)` : "";
      throw new Error(
        `CORS_ORIGINS entry "${entry}" is not an origin: write the scheme, host and port only, like https://app.example.com${hint}.`,
      );
    }
  }
  return [...new Set(entries)];
}

/** TRUST_PROXY: the number of proxy hops ("true" meaning one); anything else stops the start-up. */
function readTrustProxy(value: string | undefined): number {
  if (value === undefined || value === "" || value === "false") return 0;
  if (value === "true") return 1;
  if (!/^\d{1,2}$/.test(value))
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the app (or true/false), not "${value}".`);
  return Number.parseInt(value, 10);
}
