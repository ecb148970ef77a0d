/** What every list, page, export and report shows where an erased person's name was. */
export const ERASED_NAME = "erased";

/** Erased accounts' usernames start with this: ":" is refused in a username, so no one can register one. */
const ERASED_USERNAME_PREFIX = "erased:";

/** The unique, non-identifying username an erased account keeps (the column is unique and required). */
export function erasedUsername(userId: number): string {
  return `${ERASED_USERNAME_PREFIX}${userId}`;
}

/** The unique, non-identifying address an erased account keeps: `.invalid` never delivers (RFC 2606). */
export function erasedEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

/** The address as shown: "erased" for an erased account. */
export function shownEmail(email: string): string {
  return email.endsWith("@erased.invalid") ? ERASED_NAME : email;
}

export function isErasedUsername(username: string): boolean {
  return username.startsWith(ERASED_USERNAME_PREFIX);
}

/** The username as shown: "erased" for an erased account. */
export function shownUsername(username: string): string {
  return isErasedUsername(username) ? ERASED_NAME : username;
}

/** The name a person is shown by: first and last name, or the username when both are blank; "erased" once erased. */
export function displayName(firstName: string | null, lastName: string | null, username: string): string {
  if (isErasedUsername(username)) return ERASED_NAME;
  const name = [firstName, lastName].filter(Boolean).join(" ").trim();
  return name || username;
}

/** The name an email greets a person by: their first name, or the username when it is missing. */
export function greetingName(user: { firstName: string | null; username: string }): string {
  return user.firstName ?? user.username;
}
