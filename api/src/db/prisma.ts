import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** Service functions take either: they join the caller's transaction when given one. */
export type DbOrTx = Db | Tx;

type SqlDriverAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;

/**
 * A client with a pool of its own (closed by `$disconnect`), or on the pool given: the app shares
 * one pool between Prisma and its plain SQL reads, and ends it itself.
 */
export function createPrismaClient(databaseUrlOrPool: string | pg.Pool, poolSize = 10): PrismaClient {
  const adapter =
    typeof databaseUrlOrPool === "string"
      ? new PrismaPg({ connectionString: databaseUrlOrPool, max: poolSize })
      : new PrismaPg(databaseUrlOrPool);
  return new PrismaClient({ adapter: transactionsGiveBackTheirConnection(adapter) });
}

/**
 * Prisma's transaction manager releases a transaction's connection only after its COMMIT or
 * ROLLBACK succeeded, and discards a transaction that started after `maxWait` without any ROLLBACK.
 * With PostgreSQL restarting, the first leaked every pool connection in turn (requests then waited
 * for one until the pool's connect timeout, long after the database was back); the second would
 * hand the pool a connection still inside a transaction. Here a failed COMMIT or ROLLBACK destroys
 * the connection, and a transaction ended without either is rolled back before its connection goes
 * back. Docs: docs/operations.md, "When PostgreSQL goes away".
 */
export function transactionsGiveBackTheirConnection(factory: PrismaPg) {
  return {
    provider: factory.provider as PrismaPg["provider"],
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
        async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]) {
          return guardTransaction(await adapter.startTransaction(isolationLevel));
        },
      });
    },
  };
}

function guardTransaction(tx: Transaction): Transaction {
  const connection = (tx as unknown as { client: pg.PoolClient }).client;
  let ended = false;
  let released = false;
  const destroy = (error: Error) => {
    if (released) return;
    released = true;
    connection.release(error);
  };
  const executeRaw: Transaction["executeRaw"] = async (query) => {
    const ending = /^\s*(COMMIT|ROLLBACK)\s*$/i.test(query.sql);
    try {
      const result = await tx.executeRaw(query);
      if (ending) ended = true;
      return result;
    } catch (error) {
      if (ending) destroy(error as Error);
      throw error;
    }
  };
  return Object.assign(Object.create(tx) as Transaction, {
    executeRaw,
    async commit() {
      if (!released) {
        released = true;
        await tx.commit();
      }
    },
    async rollback() {
      if (released) return;
      if (!ended) {
        try {
          await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
        } catch (error) {
          destroy(error as Error);
          return;
        }
      }
      released = true;
      await tx.rollback();
    },
  });
}
