import { Prisma } from "../generated/prisma/client.ts";
import type { Tx } from "./prisma.ts";
import { execute, queryBuilder, run, sql } from "./query.ts";

/**
 * Transactions that lock a row wait their turn: twenty administrators pressing at once queue on
 * the lock (and on the connection pool) instead of failing after Prisma's default two seconds.
 */
export const LOCKING_TRANSACTION = { maxWait: 15_000, timeout: 20_000 } as const;

/**
 * Locks the customer's row until the transaction ends. Everything that changes what a customer
 * may be paid (a payment, a credit, a reversal, an approval) takes this lock, so each sees the
 * others' result. False when there is no such customer.
 */
export async function lockCustomer(tx: Tx, customerId: number): Promise<boolean> {
  const rows = await run(
    tx,
    queryBuilder.selectFrom("CustomerProfile").select("id").where("id", "=", customerId).forUpdate(),
  );
  return rows.length > 0;
}

/** An advisory lock held until the transaction ends: on a number, or on a text key's hash. */
export async function lockUntilCommit(tx: Tx, key: number | string): Promise<void> {
  const id = typeof key === "number" ? sql`${key}::bigint` : sql`hashtextextended(${key}, 0)`;
  await execute(tx, queryBuilder.selectNoFrom(sql`pg_advisory_xact_lock(${id})`.as("locked")));
}

/** A write refused by a unique index: the caller turns it into its own conflict. */
export function isUniqueViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
