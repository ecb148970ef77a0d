import { PASSWORD_MIN_LENGTH, TEXT_FIELDS, typedTextProblem } from "../lib/textFields.ts";

/**
 * The client-side checks (docs/rules/accounts.md: passwords of at least 8), with the
 * server's length and character rules. The server checks the same and has the last word; it alone
 * holds the common-password list (about 200 KB compressed, too big for the pages), and its refusal
 * shows on the field.
 */
export { PASSWORD_MIN_LENGTH };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateUsername(value: string): string | null {
  if (!value.trim()) return "Enter a username";
  return typedTextProblem(TEXT_FIELDS.username, value);
}

export function validateEmail(value: string): string | null {
  if (!value.trim()) return "Enter your email address";
  const problem = typedTextProblem(TEXT_FIELDS.email, value);
  if (problem) return problem;
  return EMAIL_SHAPE.test(value.trim()) ? null : "Please enter a valid email address";
}

/** First and last names are optional: only their length and characters are checked. */
export function validatePersonName(field: "firstName" | "lastName", value: string): string | null {
  return typedTextProblem(TEXT_FIELDS[field], value);
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return "Enter the password again";
  return confirmation === password ? null : "The two passwords do not match";
}

export function validateNewPassword(value: string): string | null {
  if (!value) return "Enter a password";
  if (value.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return typedTextProblem(TEXT_FIELDS.password, value, { trim: false });
}
