/**
 * The client-side checks of spec section 5 (decisions.md: passwords of at least 8). The server
 * checks the same and has the last word; it alone holds the common-password list (about 200 KB
 * compressed, too big for the pages), and its refusal shows on the field.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  if (!value.trim()) return "Enter your email address";
  return EMAIL_SHAPE.test(value.trim()) ? null : "Please enter a valid email address";
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return "Enter the password again";
  return confirmation === password ? null : "The two passwords do not match";
}

export function validateNewPassword(value: string): string | null {
  if (!value) return "Enter a password";
  if (value.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
