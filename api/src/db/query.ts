import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Selectable,
  type ShallowDehydrateObject,
  sql,
} from "kysely";
import type { DB } from "../generated/kysely/types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import type * as Models from "../generated/prisma/client.ts";
import type { DbOrTx } from "./prisma.ts";
import { parseTimestamp, type SqlReader } from "./sql.ts";

/**
 * The one way to write SQL: Kysely, typed by the tables generated from prisma/schema.prisma
 * (api/src/generated/kysely). It only builds; `run` sends the text to PostgreSQL.
 */
export const queryBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export type { DB };
export { sql };

/** A table's row as SELECT * reads it. */
export type Row<Table extends keyof DB> = Selectable<DB[Table]>;

/**
 * Where a query runs: the shared pool as a named prepared statement (db/sql.ts), or Prisma's
 * client or interactive transaction (a row lock must be taken inside the transaction it guards).
 * Through Prisma, bigint comes back as BigInt, through the pool as text: cast sums to int or
 * read them as text with `sql<string>` where both may run them.
 */
export type QueryRunner = SqlReader | DbOrTx;

type Query<Row> = Compilable<Row> | CompiledQuery<Row>;

const compiled = <Row>(query: Query<Row>): CompiledQuery<Row> => ("compile" in query ? query.compile() : query);

export async function run<Row>(runner: QueryRunner, query: Query<Row>): Promise<Row[]> {
  const { sql: text, parameters } = compiled(query);
  if ("$queryRawUnsafe" in runner) return runner.$queryRawUnsafe<Row[]>(text, ...parameters);
  return runner.query<Row>(text, parameters);
}

/** Runs a statement whose result is not read (a lock taken, a notification sent). */
export async function execute(runner: QueryRunner, query: Query<unknown>): Promise<void> {
  const { sql: text, parameters } = compiled(query);
  // Through Prisma without reading rows: it cannot deserialise a void column such as a lock's.
  if ("$executeRawUnsafe" in runner) await runner.$executeRawUnsafe(text, ...parameters);
  else await runner.query(text, parameters);
}

/** The first row, or undefined. */
export async function runFirst<Row>(runner: QueryRunner, query: Query<Row>): Promise<Row | undefined> {
  return (await run(runner, query))[0];
}

const PLACEHOLDER = Symbol("placeholder");
type Placeholder = { readonly [PLACEHOLDER]: string };
const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === "object" && value !== null && PLACEHOLDER in value;

/**
 * A query built and compiled once (at module level), run with new values: `build` receives
 * placeholders typed as `Params`, each must become a bound parameter (not `sql.lit`, not an array
 * spread by `in`: use `= any(...)`). The text never changes, so its prepared statement is reused
 * and a call costs an array copy instead of building and compiling the query again.
 */
export function precompile<Params extends Record<string, unknown>, Row>(
  build: (params: Params) => Compilable<Row>,
): (params: Params) => CompiledQuery<Row> {
  const used = new Set<string>();
  const placeholders = new Proxy(
    {},
    {
      get(_, key) {
        if (typeof key !== "string") return undefined;
        used.add(key);
        return { [PLACEHOLDER]: key } satisfies Placeholder;
      },
    },
  );
  // The one cast: the builder sees placeholders where it will see values.
  const query = build(placeholders as Params).compile();
  const slots = query.parameters.map((value) => (isPlaceholder(value) ? value[PLACEHOLDER] : undefined));
  for (const key of used)
    if (!slots.includes(key)) throw new Error(`precompile: ${key} did not become a parameter of ${query.sql}`);
  return (params) => ({
    query: query.query,
    queryId: query.queryId,
    sql: query.sql,
    parameters: slots.map((key, index) => (key === undefined ? query.parameters[index] : params[key])),
  });
}

/**
 * Statements whose SQL depends on a few switches (which filters are given, the order, a cursor or
 * not): each shape is built by `build` on first use and kept, so the texts stay a small fixed set.
 * `keyOf` names a shape by its switches only, never by a value.
 */
export function precompileByShape<Args extends unknown[], Statement>(
  keyOf: (...args: Args) => string,
  build: (...args: Args) => Statement,
): (...args: Args) => Statement {
  const statements = new Map<string, Statement>();
  return (...args) => {
    const key = keyOf(...args);
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = build(...args);
      statements.set(key, statement);
    }
    return statement;
  };
}

const { models } = getDatamodel().datamodel;
const dateFields = new Map(
  Object.entries(models).map(([name, model]) => [
    name,
    model.fields.filter((field) => field.type === "DateTime").map((field) => field.name),
  ]),
);

/**
 * A row read as JSON (jsonObjectFrom, jsonArrayFrom, json_agg) carries its timestamps as text:
 * this gives them back as Dates by the table's DateTime columns, with the same parser as the pool.
 * The row is changed in place and returned typed.
 */
export function fromJson<Table extends keyof DB, O extends Partial<Row<Table>> = Row<Table>>(
  table: Table,
  row: ShallowDehydrateObject<O>,
): O {
  // In place: the row is the statement's own parse of its JSON, read by nobody else (a copy per
  // row was measurable on the dashboard's path).
  const parsed = row as Record<string, unknown>;
  for (const field of dateFields.get(table) ?? []) {
    const value = parsed[field];
    if (typeof value === "string") parsed[field] = parseTimestamp(value);
  }
  // The one cast of a JSON row: its DateTime columns were just parsed, the rest JSON keeps as is.
  return parsed as O;
}

// Rows read with SELECT * are what the Pothos prisma objects take (Prisma's model types): a
// column that differs between the two generated files fails here, not at run time.
type Assignable<From, To> = [From] extends [To] ? true : false;
const rowsFitPrismaModels: {
  User: Assignable<Row<"User">, Models.User>;
  CustomerProfile: Assignable<Row<"CustomerProfile">, Models.CustomerProfile>;
  Referral: Assignable<Row<"Referral">, Models.Referral>;
  ReferralPurchase: Assignable<Row<"ReferralPurchase">, Models.ReferralPurchase>;
  CreditLedgerEntry: Assignable<Row<"CreditLedgerEntry">, Models.CreditLedgerEntry>;
  MilestonePayment: Assignable<Row<"MilestonePayment">, Models.MilestonePayment>;
  PayoutRequest: Assignable<Row<"PayoutRequest">, Models.PayoutRequest>;
  Activity: Assignable<Row<"Activity">, Models.Activity>;
  Email: Assignable<Row<"Email">, Models.Email>;
  ProgrammeSettings: Assignable<Row<"ProgrammeSettings">, Models.ProgrammeSettings>;
} = {
  User: true,
  CustomerProfile: true,
  Referral: true,
  ReferralPurchase: true,
  CreditLedgerEntry: true,
  MilestonePayment: true,
  PayoutRequest: true,
  Activity: true,
  Email: true,
  ProgrammeSettings: true,
};
void rowsFitPrismaModels;
