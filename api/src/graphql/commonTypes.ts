import { GraphQLError, Kind } from "graphql";
import {
  type AppError,
  ConflictError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../lib/errors.ts";
import { formatPounds, penceToPounds } from "../lib/money.ts";
import { builder } from "./builder.ts";

builder.scalarType("DateTime", {
  description: "An ISO-8601 date and time in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value as string).toISOString()),
  parseValue: (value) => {
    const date = new Date(value as string);
    if (typeof value !== "string" || Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string");
    return date;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || Number.isNaN(new Date(ast.value).getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string");
    return new Date(ast.value);
  },
});

export const ErrorCode = builder.enumType("ErrorCode", {
  values: ["BAD_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED"] as const,
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
  fields: (t) => ({ field: t.exposeString("field", { nullable: true, description: "The input field at fault, when one is." }) }),
});
builder.objectType(NotFoundError, { name: "NotFoundError", interfaces: [ErrorInterface], isTypeOf: (v) => v instanceof NotFoundError, fields: () => ({}) });
builder.objectType(ConflictError, { name: "ConflictError", interfaces: [ErrorInterface], isTypeOf: (v) => v instanceof ConflictError, fields: () => ({}) });
builder.objectType(NotAuthenticatedError, {
  name: "NotAuthenticatedError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof NotAuthenticatedError,
  fields: () => ({}),
});
builder.objectType(ForbiddenError, { name: "ForbiddenError", interfaces: [ErrorInterface], isTypeOf: (v) => v instanceof ForbiddenError, fields: () => ({}) });
builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  interfaces: [ErrorInterface],
  isTypeOf: (v) => v instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt("retryAfterSeconds") }),
});

/** The expected failures every mutation may answer with. */
export const MUTATION_ERRORS = [ValidationError, NotFoundError, ConflictError, NotAuthenticatedError, RateLimitedError];

/**
 * Money, backed by an integer number of pence. Integrators read `pence` (exact) or `pounds`
 * (a decimal string with two places); the unit is in the name, never guessed.
 */
export const Money = builder.objectRef<number>("Money").implement({
  description: "An amount of money in GBP. `pence` is exact; `pounds` is the same amount as a decimal string.",
  fields: (t) => ({
    pence: t.int({ resolve: (pence) => pence }),
    pounds: t.string({ description: 'Two decimal places, e.g. "120.50".', resolve: (pence) => penceToPounds(pence) }),
    formatted: t.string({ description: 'For display, e.g. "£1,120.50".', resolve: (pence) => formatPounds(pence) }),
  }),
});
