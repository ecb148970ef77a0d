import { GraphQLError, Kind } from "graphql";
import {
  type AppError,
  ConflictError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../lib/errors.ts";
import { assertExactPence, formatPounds, penceToPounds } from "../lib/money.ts";
import { builder } from "./builder.ts";

builder.scalarType("DateTime", {
  description: "An ISO-8601 date and time in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value as string).toISOString()),
  // Not a date: undefined, which graphql-js and graphql-jit both answer as an invalid variable.
  // (graphql-jit keeps a thrown error as the cause, and Yoga then masks it as a server error.)
  parseValue: (value) => {
    const date = new Date(value as string);
    if (typeof value !== "string" || Number.isNaN(date.getTime())) return undefined as unknown as Date;
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || Number.isNaN(new Date(ast.value).getTime()))
      throw new GraphQLError("DateTime must be an ISO-8601 string");
    return new Date(ast.value);
  },
});

builder.scalarType("JSON", {
  description: "A JSON document, as a whole (downloads such as `myData`). Output only.",
  serialize: (value) => value,
  parseValue: () => {
    throw new GraphQLError("JSON is an output type only");
  },
  parseLiteral: () => {
    throw new GraphQLError("JSON is an output type only");
  },
});

export const ErrorCode = builder.enumType("ErrorCode", {
  values: [
    "BAD_INPUT",
    "UNAUTHENTICATED",
    "FORBIDDEN",
    "NOT_FOUND",
    "CONFLICT",
    "RATE_LIMITED",
    "IDEMPOTENCY_KEY_REUSED",
    "AWAITING_APPROVAL",
  ] as const,
});

export const ErrorInterface = builder.interfaceRef<AppError>("Error").implement({
  description: "An expected failure. `message` is written for people; `code` is for programs.",
  fields: (t) => ({
    message: t.exposeString("message"),
    code: t.field({ type: ErrorCode, resolve: (error) => error.code as typeof ErrorCode.$inferType }),
  }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    field: t.exposeString("field", { nullable: true, description: "The input field at fault, when one is." }),
  }),
});
builder.objectType(NotFoundError, {
  name: "NotFoundError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof NotFoundError,
  fields: () => ({}),
});
builder.objectType(ConflictError, {
  name: "ConflictError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ConflictError,
  fields: () => ({}),
});
builder.objectType(NotAuthenticatedError, {
  name: "NotAuthenticatedError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof NotAuthenticatedError,
  fields: () => ({}),
});
builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof ForbiddenError,
  fields: () => ({}),
});
builder.objectType(IdempotencyKeyReusedError, {
  name: "IdempotencyKeyReusedError",
  description: "The idempotency key was already used with different input (REST: 422). Nothing was done.",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof IdempotencyKeyReusedError,
  fields: () => ({}),
});
builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds") }),
});

/** The expected failures every mutation may answer with. */
export const MUTATION_ERRORS = [ValidationError, NotFoundError, ConflictError, NotAuthenticatedError, RateLimitedError];

/** A whole number of pence as JSON carries it exactly: a safe integer, never a 32-bit Int (which stops at £21,474,836.47). */
const PENCE_DESCRIPTION =
  "A whole number of pence (hundredths of a pound sterling), as a JSON number. Always exact: a safe integer, " +
  `from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (±(2^53 − 1)), so totals far above the 32-bit Int range ` +
  "(£21,474,836.47) are exact. A value outside that range is an error, never a rounded figure. " +
  "Read it as a number (JavaScript) or a 64-bit integer.";

function penceFrom(value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value))
    throw new GraphQLError("Pence must be a whole number from -(2^53 − 1) to 2^53 − 1.");
  return value;
}

export const Pence = builder.scalarType("Pence", {
  description: PENCE_DESCRIPTION,
  serialize: (value) => {
    try {
      return assertExactPence(value as number);
    } catch {
      throw new GraphQLError(
        `Pence cannot represent ${String(value)} exactly: it is not a whole number within ±(2^53 − 1).`,
      );
    }
  },
  parseValue: penceFrom,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw new GraphQLError("Pence must be a whole number from -(2^53 − 1) to 2^53 − 1.");
    return penceFrom(Number(ast.value));
  },
});

/**
 * Money, backed by an integer number of pence. Integrators read `pence` (exact) or `pounds`
 * (a decimal string with two places); the unit is in the name, never guessed.
 */
export const Money = builder.objectRef<number>("Money").implement({
  description:
    "An amount of money in GBP. `pence` is exact (see the Pence scalar: totals above £21,474,836.47 included); `pounds` is the same amount as a decimal string.",
  fields: (t) => ({
    pence: t.field({ type: Pence, resolve: (pence) => pence }),
    pounds: t.string({ description: 'Two decimal places, e.g. "120.50".', resolve: (pence) => penceToPounds(pence) }),
    formatted: t.string({ description: 'For display, e.g. "£1,120.50".', resolve: (pence) => formatPounds(pence) }),
  }),
});
