// The tests' side of the mail catcher (e2e/support/mailCatcher.ts): what the app's outbox worker
// has delivered over SMTP so far, read from the catcher's loopback HTTP endpoint.
import type { CaughtEmail } from "./mailCatcher.ts";

export type { CaughtEmail };

/** The outbox worker sends every 5 s; this leaves room for a busy machine. */
const EMAIL_TIMEOUT_MS = 30_000;

function mailboxUrl(): string {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url) throw new Error("E2E_MAILBOX_URL is not set: e2e/globalSetup.ts starts the mail catcher");
  return url;
}

export async function caughtEmails(): Promise<CaughtEmail[]> {
  const response = await fetch(mailboxUrl());
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtEmail[];
}

/**
 * Waits until a message to `to` whose subject matches has arrived on the SMTP server, and returns
 * the newest such message. `afterSequence` skips messages caught before a known point.
 */
export async function waitForEmail(
  to: string,
  subjectMatch: string | RegExp,
  { timeoutMs = EMAIL_TIMEOUT_MS, afterSequence = 0 }: { timeoutMs?: number; afterSequence?: number } = {},
): Promise<CaughtEmail> {
  const recipient = to.toLowerCase();
  const matches = (subject: string) =>
    typeof subjectMatch === "string" ? subject.includes(subjectMatch) : subjectMatch.test(subject);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await caughtEmails()).filter(
      (email) => email.sequence > afterSequence && email.to.includes(recipient) && matches(email.subject),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = (await caughtEmails()).filter((email) => email.to.includes(recipient)).map((email) => email.subject);
      throw new Error(
        `No email to ${to} with a subject matching ${subjectMatch} within ${timeoutMs / 1000} s (seen for them: ${JSON.stringify(seen)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The sequence number of the newest message caught so far (0 when none), to wait for later ones only. */
export async function lastEmailSequence(): Promise<number> {
  return (await caughtEmails()).at(-1)?.sequence ?? 0;
}

/** The first link in the text part that starts with `prefix` (the app's PUBLIC_URL and a path). */
export function linkIn(email: CaughtEmail, prefix: string): string {
  const link = email.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting ${prefix} in the email "${email.subject}":\n${email.text}`);
  return link;
}
