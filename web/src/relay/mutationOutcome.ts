/**
 * Every mutation answers with a union of one `...Success { data }` type and typed errors that
 * implement `Error { code message }`. These helpers tell them apart without repeating the union.
 */
export interface MutationFailure {
  message: string;
  /** The input field at fault, as the server names it (e.g. "password"), when one is. */
  field: string | null;
}

interface MutationResult {
  readonly __typename: string;
  readonly message?: string;
  readonly field?: string | null;
}

/** Relay types a union's `__typename` as a plain string, so the check is by name. */
export function isSuccess(result: { readonly __typename: string }): boolean {
  return result.__typename.endsWith("Success");
}

export function failureOf(result: MutationResult): MutationFailure {
  const field = result.field ? (result.field.split(".").pop() ?? null) : null;
  return { message: result.message ?? "Something went wrong. Please try again.", field };
}
