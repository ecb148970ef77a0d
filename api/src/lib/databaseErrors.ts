// The one place that decides whether an error means "PostgreSQL is away for now" (restarting, failing
// over, refusing connections): requests then answer 503 with Retry-After, and the background parts
// (job runner, LISTEN connection, pools) log once and retry. docs/operations.md lists what a client sees.

/** SQLSTATEs and socket codes of a database that is down, restarting or unreachable. */
const CONNECTION_CODES = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the database system is starting up / shutting down
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08006", // connection_failure
  "53300", // too_many_connections: a restart's reconnect storm, gone in seconds
  "53100", // disk_full: the write is rolled back; it succeeds again once space is freed
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  // Prisma: can't reach the database server; the server closed the connection.
  "P1001",
  "P1017",
  // Prisma: an interactive transaction outlived its timeout (a reconnect stalled it); it was rolled back.
  "P2028",
]);

/** @prisma/adapter-pg's names for the same failures (DriverAdapterError `cause.kind`). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * pg's and the pool's own messages, which carry no code. "Received unexpected … message from
 * backend" is pg's client losing track of its connection's protocol as the connection is cut; it
 * marks the client unusable, and a checked-out client has no listener for it.
 */
const CONNECTION_MESSAGES =
  /Received unexpected \w+ message from backend|Connection terminated|connection terminated|Client has encountered a connection error|Connection ended|terminating connection due to|the database system is (?:starting up|shutting down|in recovery mode)|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Client was closed and is not queryable/;

/** How long a client is told to wait before trying again (seconds): a restart takes about one. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The header of every 503 the database's absence causes. */
export function retryAfterHeaders(): Record<string, string> {
  return { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
}

/** The message a client gets instead of an internal error while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a few seconds.";

/**
 * True when `error` (or anything it wraps: `cause`, GraphQL's `originalError`, Prisma's `meta`,
 * an AggregateError's `errors`) says the database could not be reached or dropped the connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== "object" || depth > 6 || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const key of ["code", "originalCode", "errorCode"]) {
      const code = record[key];
      if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    }
    if (typeof record.kind === "string" && ADAPTER_KINDS.has(record.kind)) return true;
    if (typeof record.message === "string" && CONNECTION_MESSAGES.test(record.message)) return true;
    const nested = [record.cause, record.originalError, record.meta, record.driverAdapterError];
    if (Array.isArray(record.errors)) nested.push(...record.errors);
    return nested.some((inner) => visit(inner, depth + 1));
  };
  return visit(error, 0);
}

/** Prisma's interactive transaction outlived its timeout: an outage's stall, or simply slow work. */
export function isTransactionTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2028";
}

/** PostgreSQL gave up one of two statements waiting on each other (a deadlock, 40P01): the same work again succeeds. */
export function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "40P01";
}

/** A short description of a connection error for a log line: its code and message, never the client pg attaches. */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  const record = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof record.code === "string" ? { code: record.code } : {}),
    message: typeof record.message === "string" ? record.message.split("\n").at(-1)?.trim() || "" : String(error),
  };
}
