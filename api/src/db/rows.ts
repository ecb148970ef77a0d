import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import type { CustomerProfile, Referral, User } from "../generated/prisma/client.ts";
import { parseTimestamp } from "./sql.ts";

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
  "secondFactorEnabled",
  "emailConfirmedAt",
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
  return fields
    .map((field) => `${alias}."${field}"${AS_TEXT.has(field) ? "::text" : ""} AS "${prefix}${field}"`)
    .join(", ");
}

const { models } = getDatamodel().datamodel;

/** The model's DateTime fields: a row read as JSON carries them as text. */
const dateFieldsOf = (model: string) =>
  new Set((models[model]?.fields ?? []).filter((field) => field.type === "DateTime").map((field) => field.name));

/** Reads a row as node-postgres gives it, or as PostgreSQL's JSON of it (timestamps as text). */
function rowReader<T>(model: string, fields: readonly string[]) {
  const dateFields = dateFieldsOf(model);
  return (row: Record<string, unknown>, prefix = ""): T => {
    // A loop, not Object.fromEntries of pairs: every request reads its viewer through here.
    const picked: Record<string, unknown> = {};
    for (const field of fields) {
      const value = row[prefix === "" ? field : prefix + field];
      picked[field] = typeof value === "string" && dateFields.has(field) ? parseTimestamp(value) : value;
    }
    return picked as T;
  };
}

export const userColumns = (alias: string, prefix = "") => columns(USER_FIELDS, alias, prefix);
export const customerColumns = (alias: string, prefix = "") => columns(CUSTOMER_FIELDS, alias, prefix);
export const referralColumns = (alias: string, prefix = "") => columns(REFERRAL_FIELDS, alias, prefix);
export const userFromRow = rowReader<User>("User", USER_FIELDS);
export const customerFromRow = rowReader<CustomerProfile>("CustomerProfile", CUSTOMER_FIELDS);
export const referralFromRow = rowReader<Referral>("Referral", REFERRAL_FIELDS);
