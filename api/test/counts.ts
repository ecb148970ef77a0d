// Row counts a test takes before an operation and compares after it. Test-only.

/** `before` with each named count grown by its number: what the rows must be after an operation wrote that much. */
export function grownBy<T extends Record<string, number>>(before: T, growth: Partial<Record<keyof T, number>>): T {
  const after: Record<string, number> = { ...before };
  for (const [key, by] of Object.entries(growth)) after[key] = (after[key] ?? 0) + (by as number);
  return after as T;
}
