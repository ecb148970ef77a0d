import type { z } from "zod";
import { ValidationError } from "./errors.ts";
import { TEXT_FIELDS, type TextRule, typedTextProblem } from "./textFields.ts";

/** Parses with a zod schema; the first problem becomes a ValidationError with its message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ValidationError(issue?.message ?? "Invalid input", issue?.path.join(".") || undefined);
}

/**
 * A zod check of a string as typed by its field's rule (lib/textFields.ts). Put it before
 * `.trim()`: it judges the trimmed text itself, and sees the characters trimming would drop.
 */
export function followsRule(rule: TextRule, options: { trim?: boolean } = {}) {
  return (value: string, context: z.RefinementCtx) => {
    const problem = typedTextProblem(rule, value, options);
    if (problem) context.addIssue({ code: "custom", message: problem, input: value });
  };
}

/**
 * An amount as typed, by its rule: text the rule refuses (a control character, even at the ends
 * where trimming would drop it; more than 32 characters) becomes "", which the money parser
 * refuses as not an amount, with its usual message.
 */
export function amountText(value: unknown): unknown {
  return typeof value === "string" && typedTextProblem(TEXT_FIELDS.amount, value) ? "" : value;
}

/**
 * A text field as stored: trimmed, then checked by its rule; ValidationError on `field` when
 * refused. Anything not a string (absent included) is "" for the caller to judge.
 */
export function parseText(rule: TextRule, value: unknown, field: string): string {
  const typed = typeof value === "string" ? value : "";
  const problem = typedTextProblem(rule, typed);
  if (problem) throw new ValidationError(problem, field);
  return typed.trim();
}

/** Optional administrator notes: trimmed, by their rule (lib/textFields.ts); blank means none. */
export function parseNotes(notes: string | null | undefined): string | null {
  return parseText(TEXT_FIELDS.notes, notes, "notes") || null;
}
