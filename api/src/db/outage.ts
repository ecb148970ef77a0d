// One warning per database outage per part of the app (a pool, the LISTEN connection, the job
// runner), however many connections fail or retries it takes, and one line when it is back.
// docs/operations.md says what an operator sees.
import type pg from "pg";
import type { Logger } from "pino";
import { describeDatabaseError } from "../lib/databaseErrors.ts";

export interface OutageLog {
  /** The first failure of an outage is logged (with what was happening); later ones only counted. */
  failed(error: unknown, doing: string, fields?: Record<string, unknown>): void;
  /** Logs the end of the outage (once), with how long it lasted and how many failures it saw. */
  recovered(fields?: Record<string, unknown>): void;
  readonly down: boolean;
}

export function outageLog(log: Logger, part: string): OutageLog {
  let since: number | undefined;
  let failures = 0;
  return {
    failed(error, doing, fields = {}) {
      failures++;
      if (since !== undefined) return;
      since = Date.now();
      log.warn(
        { part, doing, ...describeDatabaseError(error), ...fields },
        `${part}: database unavailable; retrying until it is back`,
      );
    },
    recovered(fields = {}) {
      if (since === undefined) return;
      log.info({ part, downForMs: Date.now() - since, failures, ...fields }, `${part}: database reachable again`);
      since = undefined;
      failures = 0;
    },
    get down() {
      return since !== undefined;
    },
  };
}

/**
 * pg emits `error` on the pool when an idle connection is closed under it (the server restarting),
 * and on the connection itself when it is checked out between statements (pg-pool then listens no
 * more): either, unheard, would end the process. Logged once per outage; a new connection ends it.
 */
export function watchPool(pool: pg.Pool, log: Logger, part: string, closing: () => boolean): void {
  const outage = outageLog(log, part);
  const failed = (doing: string) => (error: Error) => {
    if (!closing()) outage.failed(error, doing);
  };
  pool.on("error", failed("an idle connection was closed"));
  pool.on("connect", (client) => {
    client.on("error", failed("a connection in use was closed"));
    outage.recovered();
  });
}

/** Waits `ms`, doubling from `first` up to `most` on each call, back to `first` after `reset()`. */
export function backoff(first = 500, most = 10_000) {
  let next = first;
  return {
    nextDelay(): number {
      const delay = next;
      next = Math.min(next * 2, most);
      return delay;
    },
    reset() {
      next = first;
    },
  };
}
