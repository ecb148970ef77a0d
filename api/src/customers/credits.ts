import type { DbOrTx } from "../db/prisma.ts";
import type { SqlReader } from "../db/sql.ts";

const CREDITS_BY_CUSTOMER_SQL = `
  SELECT "customerId", COALESCE(SUM("amountPence"), 0)::bigint AS total
  FROM "CreditLedgerEntry"
  WHERE "customerId" = ANY($1::int[])
  GROUP BY "customerId"`;

type CreditsRow = { customerId: number; total: bigint | string };

/**
 * Current credits: the sum of each customer's ledger entries, in one aggregate statement for all
 * the ids. SUM is taken as bigint and the total stays exact (integers below 2^53). Inside a
 * transaction it reads through Prisma; a request's loader reads through plain SQL (see db/sql.ts).
 */
export async function currentCreditsByCustomer(db: DbOrTx | SqlReader, customerIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>(customerIds.map((id) => [id, 0]));
  if (customerIds.length === 0) return totals;
  const ids = [...new Set(customerIds)];
  const rows = "query" in db ? await db.query<CreditsRow>(CREDITS_BY_CUSTOMER_SQL, [ids]) : await db.$queryRawUnsafe<CreditsRow[]>(CREDITS_BY_CUSTOMER_SQL, ids);
  for (const row of rows) totals.set(row.customerId, Number(row.total));
  return totals;
}

export async function currentCredits(db: DbOrTx, customerId: number): Promise<number> {
  return (await currentCreditsByCustomer(db, [customerId])).get(customerId) ?? 0;
}

/**
 * Collects the keys asked for while one GraphQL response is being resolved and loads them with
 * one call, so a list of customers costs one statement, not one per customer.
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  private pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.pending.length === 0) {
        // After the current promise jobs settle, so sibling fields resolved in the same pass join in.
        void Promise.resolve().then(() => process.nextTick(() => void this.dispatch()));
      }
      this.pending.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  /** Forgets what was loaded: call it after a change in the same request. */
  clear(): void {
    this.cache.clear();
  }

  private async dispatch(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const values = await this.loadMany(batch.map((item) => item.key));
      for (const item of batch) item.resolve(values.get(item.key) ?? this.fallback);
    } catch (error) {
      for (const item of batch) {
        this.cache.delete(item.key);
        item.reject(error);
      }
    }
  }
}

const creditLoaders = new WeakMap<object, BatchLoader<number, number>>();

/** The per-request loader of current credits (keyed on the request's context). */
export function creditsLoader(context: { sql: SqlReader }): BatchLoader<number, number> {
  let loader = creditLoaders.get(context);
  if (!loader) {
    loader = new BatchLoader((ids) => currentCreditsByCustomer(context.sql, ids), 0);
    creditLoaders.set(context, loader);
  }
  return loader;
}
