import type { CustomerProfile, Referral, User } from "../generated/prisma/client.ts";
import { BatchLoader, requestLoader } from "../graphql/requestLoaders.ts";
import type { SqlReader } from "./sql.ts";

/**
 * Column lists and row readers for statements that read users and customer profiles with plain
 * SQL (see db/sql.ts) in the shape Prisma gives them, so the GraphQL types take either. A prefix
 * lets one statement carry both (`c_id`, `c_status`, ...).
 */
const USER_FIELDS = [
  "id",
  "username",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "passwordHash",
  "isAdmin",
  "sessionVersion",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof User)[];

const CUSTOMER_FIELDS = [
  "id",
  "userId",
  "originalPurchaseAmountPence",
  "postcode",
  "contractNumber",
  "status",
  "rejectionReason",
  "termsAcceptedAt",
  "verifiedAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof CustomerProfile)[];

const REFERRAL_FIELDS = [
  "id",
  "customerId",
  "name",
  "phone",
  "email",
  "address",
  "status",
  "createdAt",
  "expiresAt",
  "erasedAt",
  "updatedAt",
] as const satisfies readonly (keyof Referral)[];

/** citext and enums come back as text; everything else as node-postgres reads it. */
const AS_TEXT = new Set(["username", "email", "status"]);

function columns(fields: readonly string[], alias: string, prefix: string): string {
  return fields.map((field) => `${alias}."${field}"${AS_TEXT.has(field) ? "::text" : ""} AS "${prefix}${field}"`).join(", ");
}

function pick<T>(fields: readonly string[], row: Record<string, unknown>, prefix: string): T {
  return Object.fromEntries(fields.map((field) => [field, row[`${prefix}${field}`]])) as T;
}

export const userColumns = (alias: string, prefix = "") => columns(USER_FIELDS, alias, prefix);
export const customerColumns = (alias: string, prefix = "") => columns(CUSTOMER_FIELDS, alias, prefix);
export const userFromRow = (row: Record<string, unknown>, prefix = ""): User => pick<User>(USER_FIELDS, row, prefix);
export const customerFromRow = (row: Record<string, unknown>, prefix = ""): CustomerProfile => pick<CustomerProfile>(CUSTOMER_FIELDS, row, prefix);
export const referralColumns = (alias: string, prefix = "") => columns(REFERRAL_FIELDS, alias, prefix);
export const referralFromRow = (row: Record<string, unknown>, prefix = ""): Referral => pick<Referral>(REFERRAL_FIELDS, row, prefix);

const BY_ID = {
  User: { columns: userColumns, fromRow: userFromRow },
  CustomerProfile: { columns: customerColumns, fromRow: customerFromRow },
  Referral: { columns: referralColumns, fromRow: referralFromRow },
} as const;

type RowOf = { User: User; CustomerProfile: CustomerProfile; Referral: Referral };

/**
 * A row by id for an object a list's statement did not bring (a referral's customer, a
 * customer's account): one statement for every id a response asks for.
 */
export function rowById<Table extends keyof RowOf>(context: { sql: SqlReader }, table: Table, id: number): Promise<RowOf[Table] | null> {
  const loader = requestLoader(
    context,
    `${table}ById`,
    () =>
      new BatchLoader<number, RowOf[Table] | null>(async (ids) => {
        const { columns: columnsOf, fromRow } = BY_ID[table];
        const rows = await context.sql.query<Record<string, unknown>>(`SELECT ${columnsOf("t")} FROM "${table}" t WHERE t.id = ANY($1::int[])`, [ids]);
        return new Map(rows.map((row) => [row.id as number, fromRow(row) as RowOf[Table]]));
      }, null),
  );
  return loader.load(id);
}

/** A user's customer profile, or null before registration: one statement for every user a response shows. */
export function customerOfUserId(context: { sql: SqlReader }, userId: number): Promise<CustomerProfile | null> {
  const loader = requestLoader(
    context,
    "CustomerProfileByUserId",
    () =>
      new BatchLoader<number, CustomerProfile | null>(async (userIds) => {
        const rows = await context.sql.query<Record<string, unknown>>(`SELECT ${customerColumns("c")} FROM "CustomerProfile" c WHERE c."userId" = ANY($1::int[])`, [
          userIds,
        ]);
        return new Map(rows.map((row) => [row.userId as number, customerFromRow(row)]));
      }, null),
  );
  return loader.load(userId);
}
