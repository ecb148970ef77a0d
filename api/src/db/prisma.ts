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
      ? new PrismaPg({ connectionString: databaseUrlOrPool, max: poolSize })
      : new PrismaPg(databaseUrlOrPool);
  return new PrismaClient({ adapter });
}
