/** The name a person is shown by: first and last name, or the username when both are blank. */
export function displayName(firstName: string | null, lastName: string | null, username: string): string {
  const name = [firstName, lastName].filter(Boolean).join(" ").trim();
  return name || username;
}

/** The name an email greets a person by: their first name, or the username when it is missing. */
export function greetingName(user: { firstName: string | null; username: string }): string {
  return user.firstName ?? user.username;
}
