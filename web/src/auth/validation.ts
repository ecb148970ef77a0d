/** The client-side checks of spec section 5; the server checks the same and has the last word. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  if (!value.trim()) return "Enter your email address";
  return EMAIL_SHAPE.test(value.trim()) ? null : "Please enter a valid email address";
}

export function validateNewPassword(value: string): string | null {
  if (!value) return "Enter a password";
  if (value.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
