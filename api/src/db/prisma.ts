import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Service functions take either: they join the caller's transaction when given one. */
export type DbOrTx = Db | Tx;

/**
 * A client with a pool of its own (closed by `$disconnect`), or on the pool given: the app shares
 * one pool between Prisma and its plain SQL reads, and ends it itself.
 */
export function createPrismaClient(databaseUrlOrPool: string | pg.Pool, poolSize = 10): PrismaClient {
  const adapter =
    typeof databaseUrlOrPool === "string"
      ? new ConnectionReleasingPrismaPg({ connectionString: databaseUrlOrPool, max: poolSize })
      : new ConnectionReleasingPrismaPg(databaseUrlOrPool);
  return new PrismaClient({ adapter });
}

/**
 * Prisma ends an interactive transaction by sending COMMIT or ROLLBACK and only then hands its
 * connection back to the pool: when that statement fails because the connection is gone (PostgreSQL
 * crashed or restarted mid-transaction), the connection is never handed back. Each such transaction
 * took one of the pool's connections for good, and the pool's end (SIGTERM) waited for them forever.
 * Here the failed end releases the connection with its error, so the pool discards it.
 */
class ConnectionReleasingPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => releasedEvenIfEndFails(await startTransaction(isolationLevel));
    return adapter;
  }
}

type Transaction = Awaited<ReturnType<Awaited<ReturnType<PrismaPg["connect"]>>["startTransaction"]>>;

function releasedEvenIfEndFails(transaction: Transaction): Transaction {
  const connection = (transaction as Transaction & { client?: pg.PoolClient }).client;
  if (!connection) return transaction;
  let released = false;
  const executeRaw = transaction.executeRaw.bind(transaction);
  const commit = transaction.commit.bind(transaction);
  const rollback = transaction.rollback.bind(transaction);
  transaction.executeRaw = async (query: Parameters<Transaction["executeRaw"]>[0]) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (!released && /^\s*(COMMIT|ROLLBACK)\s*$/i.test(query.sql)) {
        released = true;
        connection.release(error instanceof Error ? error : true);
      }
      throw error;
    }
  };
  // Once released here, Prisma's own release (which would throw: released twice) is skipped.
  transaction.commit = async () => {
    if (released) return;
    released = true;
    await commit();
  };
  transaction.rollback = async () => {
    if (released) return;
    released = true;
    await rollback();
  };
  return transaction;
}
