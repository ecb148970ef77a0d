import pg from "pg";
import type { Logger } from "pino";
import { outageLog } from "./outage.ts";
import type { DbOrTx } from "./prisma.ts";
import { execute, queryBuilder } from "./query.ts";

/**
 * What the admin panel's lists and tab counts show, as the live updates name it: REFERRALS (pending
 * and purchased referrals), CUSTOMERS (approval, all customers), MILESTONES (ready milestones,
 * payout requests), EMAILS (the outbox).
 */
export const ADMIN_QUEUES = ["REFERRALS", "CUSTOMERS", "MILESTONES", "EMAILS"] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

/** PostgreSQL delivers a NOTIFY on this channel when a transaction that changed an admin queue commits. */
export const ADMIN_QUEUES_CHANNEL = "admin_queues";

/**
 * Tells every app instance that `queues` changed, once this transaction commits (never for a
 * rolled-back change): call it with the transaction of the change. PostgreSQL sends one
 * notification per distinct payload per transaction, so calling it in a loop costs nothing more.
 */
export async function notifyAdminQueues(db: DbOrTx, ...queues: AdminQueue[]): Promise<void> {
  const payload = [...new Set(queues)].sort().join(",");
  await execute(
    db,
    queryBuilder.selectNoFrom((eb) =>
      eb.fn("pg_notify", [eb.val(ADMIN_QUEUES_CHANNEL), eb.val(payload)]).as("notified"),
    ),
  );
}

/** The queues a notification's payload names; unknown names are dropped. */
export function queuesOfPayload(payload: string | undefined): AdminQueue[] {
  return (payload ?? "")
    .split(",")
    .filter((name): name is AdminQueue => (ADMIN_QUEUES as readonly string[]).includes(name));
}

export interface AdminQueueListener {
  /** Whether the LISTEN connection is up now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Waits after a lost connection: doubling from the first, up to the last. */
const RECONNECT_DELAYS_MS = { first: 250, most: 5_000 };

/**
 * One dedicated connection per instance LISTENing on ADMIN_QUEUES_CHANNEL, connected again after
 * any loss (the database restarting, the backend terminated). `onChange` gets each notification's
 * queues; `onListening` is called each time the LISTEN takes effect, so the caller can announce
 * that changes made while it was down may have been missed.
 */
export function listenForAdminQueues(
  url: string,
  handlers: { onChange(queues: AdminQueue[]): void; onListening(): void },
  log: Logger,
): AdminQueueListener {
  let closing = false;
  let client: pg.Client | undefined;
  let listening = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_DELAYS_MS.first;
  // One warning per outage, however many reconnections it takes; one line when LISTEN is back.
  const outage = outageLog(log, "admin queue notifications");

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    listening = false;
    current.end().catch(() => {});
    if (closing) return;
    outage.failed(error ?? new Error("Connection ended"), "listening for admin queue changes", { retryInMs: delay });
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.most);
  };

  function connect() {
    if (closing) return;
    const current = new pg.Client({ connectionString: url, keepAlive: true });
    client = current;
    current.on("notification", (message) => {
      if (message.channel === ADMIN_QUEUES_CHANNEL) handlers.onChange(queuesOfPayload(message.payload));
    });
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current));
    current
      .connect()
      .then(() => current.query(`LISTEN ${ADMIN_QUEUES_CHANNEL}`))
      .then(() => {
        if (client !== current) return;
        listening = true;
        delay = RECONNECT_DELAYS_MS.first;
        outage.recovered();
        handlers.onListening();
      })
      .catch((error: Error) => lost(current, error));
  }

  connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
