import type { z } from "zod";
import { ValidationError } from "./errors.ts";

/** Parses with a zod schema; the first problem becomes a ValidationError with its message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(issue?.message ?? "Invalid input", issue?.path.join(".") || undefined);
}
