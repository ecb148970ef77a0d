import type { CustomerProfile, User } from "../generated/prisma/client.ts";

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
