// Retrying failed emails: one, or all of them, as an administrator would from the Email System tab.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, vi } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { emailFixtures, it } from "../../test/fixtures.ts";
import { startTestJobRunner } from "../../test/jobs.ts";
import type { SmtpTestServer } from "../../test/smtpServer.ts";
import type { TestApp } from "../../test/testApp.ts";
import type { EmailStatus, EmailType } from "../generated/prisma/client.ts";
import { CLEARED_EMAIL_BODY } from "./retention.ts";
import { CLEARED_LINK_BODY, EMAIL_MAX_ATTEMPTS } from "./sender.ts";
import { RETRY_EMAIL_MESSAGES } from "./service.ts";

const RETRY_ONE = `mutation Retry($input: RetryEmailInput!) {
  retryEmail(input: $input) {
    __typename
    ... on MutationRetryEmailSuccess { data { id databaseId status attempts lastError nextAttemptAt } }
    ... on Error { code message }
  }
}`;
const RETRY_ALL = `mutation RetryAll {
  retryFailedEmails {
    __typename
    ... on MutationRetryFailedEmailsSuccess { data { retried notRetried message } }
    ... on Error { code message }
  }
}`;

let app: TestApp;
let smtp: SmtpTestServer;
emailFixtures((started) => ({ app, smtp } = started));

/** An email as the sender leaves it: failed after its last attempt, with the server's reply kept. */
function makeEmail(
  to: string,
  options: { status?: EmailStatus; type?: EmailType; textBody?: string } = {},
): ReturnType<TestApp["db"]["email"]["create"]> {
  const status = options.status ?? "FAILED";
  return app.db.email.create({
    data: {
      type: options.type ?? "NEW_REFERRAL_ALERT",
      toAddress: to,
      subject: "Referral added",
      textBody: options.textBody ?? "Tom Baker has been added to your referrals.",
      htmlBody: `<p>${options.textBody ?? "Tom Baker has been added to your referrals."}</p>`,
      status,
      attempts: status === "PENDING" ? 0 : status === "SENT" ? 1 : EMAIL_MAX_ATTEMPTS,
      lastError: status === "FAILED" ? "550 5.1.1 Mailbox unavailable" : null,
      sentAt: status === "SENT" ? new Date() : null,
    },
  });
}

const globalId = (id: number) => encodeGlobalID("OutboxEmail", String(id));
const row = (id: number) => app.db.email.findUniqueOrThrow({ where: { id } });

describe("retrying one failed email", () => {
  it("puts it back in the queue due now, keeps its attempts, and the worker delivers it", async ({ admin }) => {
    const email = await makeEmail("retry-one@example.com");
    const result = await admin.graphql(RETRY_ONE, { input: { emailId: globalId(email.id) } });
    expect(result.data.retryEmail.__typename).toBe("MutationRetryEmailSuccess");
    expect(result.data.retryEmail.data).toMatchObject({
      id: globalId(email.id),
      databaseId: email.id,
      status: "PENDING",
      attempts: EMAIL_MAX_ATTEMPTS,
      // Why it failed stays visible until the next attempt starts.
      lastError: "550 5.1.1 Mailbox unavailable",
    });
    expect(new Date(result.data.retryEmail.data.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const stop = await startTestJobRunner(app);
    try {
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 50 });
      await vi.waitFor(async () => expect((await row(email.id)).status).toBe("SENT"), { timeout: 5000 });
    } finally {
      await stop();
    }
    expect(smtp.received[0]?.envelopeTo).toEqual(["retry-one@example.com"]);
    expect(await row(email.id)).toMatchObject({ status: "SENT", attempts: EMAIL_MAX_ATTEMPTS + 1, lastError: null });

    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "email_retried", resourceId: String(email.id) },
    });
    // The email's id names it: neither the address nor the server's refusal is in the entry.
    expect(JSON.stringify(audit)).not.toContain("retry-one@example.com");
    expect(audit.before).toEqual({ status: "FAILED", attempts: EMAIL_MAX_ATTEMPTS });
  });

  it("a retry is one more attempt: if the server still refuses, the email is failed again with the new error", async ({
    admin,
  }) => {
    const email = await makeEmail("still-refused@example.com");
    smtp.behaviour = "reject-data";
    const retried = await admin.post(`/api/admin/emails/${email.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: email.id, status: "pending", to: "still-refused@example.com" });
    const processed = await admin.post("/api/admin/process-emails");
    expect(processed.body).toMatchObject({ processed: 1, sent: 0, failed: 1 });
    const failed = await row(email.id);
    expect(failed).toMatchObject({ status: "FAILED", attempts: EMAIL_MAX_ATTEMPTS + 1 });
    expect(failed.lastError).toMatch(/554/);
  });

  it("refuses a sent or pending email, or an unknown one, with a clear error, and changes nothing", async ({
    admin,
  }) => {
    const sent = await makeEmail("sent@example.com", { status: "SENT" });
    const pending = await makeEmail("pending@example.com", { status: "PENDING" });
    const before = await databaseState(app);
    for (const [email, message] of [
      [sent, RETRY_EMAIL_MESSAGES.sent],
      [pending, RETRY_EMAIL_MESSAGES.pending],
    ] as const) {
      const result = await admin.graphql(RETRY_ONE, { input: { emailId: globalId(email.id) } });
      expect(result.data.retryEmail).toEqual({ __typename: "ConflictError", code: "CONFLICT", message });
      const rest = await admin.post(`/api/admin/emails/${email.id}/retry`);
      expect(rest.status).toBe(409);
      expect(rest.body).toBe(message);
    }

    const unknown = await admin.post("/api/admin/emails/999999/retry");
    expect([unknown.status, unknown.body]).toEqual([404, RETRY_EMAIL_MESSAGES.notFound]);
    expect((await admin.post("/api/admin/emails/abc/retry")).status).toBe(404);
    const otherType = await admin.graphql(RETRY_ONE, { input: { emailId: encodeGlobalID("User", String(sent.id)) } });
    expect(otherType.data.retryEmail.code).toBe("NOT_FOUND");
    expect(await databaseState(app)).toEqual(before);
  });

  it("never resends an email whose text was removed: a reset link, a confirmation link, or after 90 days", async ({
    admin,
  }) => {
    const reset = await makeEmail("reset@example.com", { type: "PASSWORD_RESET", textBody: CLEARED_LINK_BODY });
    const confirm = await makeEmail("confirm@example.com", {
      type: "EMAIL_CONFIRMATION",
      textBody: CLEARED_LINK_BODY,
    });
    const old = await makeEmail("old@example.com", { textBody: CLEARED_EMAIL_BODY });
    for (const [email, message] of [
      [reset, RETRY_EMAIL_MESSAGES.linkRemoved("PASSWORD_RESET")],
      [confirm, RETRY_EMAIL_MESSAGES.linkRemoved("EMAIL_CONFIRMATION")],
      [old, RETRY_EMAIL_MESSAGES.textRemoved],
    ] as const) {
      const result = await admin.graphql(RETRY_ONE, { input: { emailId: globalId(email.id) } });
      expect(result.data.retryEmail).toEqual({ __typename: "ConflictError", code: "CONFLICT", message });
      expect((await row(email.id)).status).toBe("FAILED");
    }
    expect(RETRY_EMAIL_MESSAGES.linkRemoved("PASSWORD_RESET")).toMatch(/new reset link/);
  });
});

describe("retrying every failed email", () => {
  it("queues each failed email with its text, leaves the cleared ones failed, and a second press changes nothing", async ({
    admin,
  }) => {
    const failedA = await makeEmail("a@example.com");
    const failedB = await makeEmail("b@example.com", { type: "MILESTONE_PAID" });
    const clearedReset = await makeEmail("r@example.com", { type: "PASSWORD_RESET", textBody: CLEARED_LINK_BODY });
    const sent = await makeEmail("s@example.com", { status: "SENT" });
    const sentBefore = await row(sent.id);

    const result = await admin.graphql(RETRY_ALL);
    expect(result.data.retryFailedEmails.data).toEqual({
      retried: 2,
      notRetried: 1,
      message:
        "2 failed emails queued to be sent again. 1 email cannot be resent because its text was removed (reset and confirmation links are never kept; other texts go after 90 days).",
    });
    expect((await row(failedA.id)).status).toBe("PENDING");
    expect((await row(failedB.id)).status).toBe("PENDING");
    expect((await row(clearedReset.id)).status).toBe("FAILED");
    expect(await row(sent.id)).toEqual(sentBefore);
    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "failed_emails_retried" },
      orderBy: { id: "desc" },
    });
    expect(audit.after).toMatchObject({ retried: 2, notRetried: 1 });

    const again = await admin.post("/api/admin/emails/retry-failed");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ retried: 0, notRetried: 1 });
    expect(again.body.message).toMatch(/^No failed emails could be retried\. 1 email cannot be resent/);
    expect(await app.db.auditEntry.count({ where: { action: "failed_emails_retried" } })).toBe(1);

    await app.db.email.deleteMany({ where: { status: "FAILED" } });
    expect((await admin.post("/api/admin/emails/retry-failed")).body.message).toBe(
      "There were no failed emails to retry.",
    );

    // The worker's button sends the two retried emails, each once.
    expect((await admin.post("/api/admin/process-emails")).body).toMatchObject({ processed: 2, sent: 2 });
    expect(smtp.received.map((email) => email.envelopeTo[0]).sort()).toEqual(["a@example.com", "b@example.com"]);
  });

  it("a retry of all and retries of one at the same moment queue each email once, so each is sent once", async ({
    admin,
  }) => {
    const emails = await Promise.all(Array.from({ length: 6 }, (_, n) => makeEmail(`race${n}@example.com`)));
    const results = await Promise.all([
      admin.graphql(RETRY_ALL),
      ...emails.map((email) => admin.graphql(RETRY_ONE, { input: { emailId: globalId(email.id) } })),
    ]);
    const [all, ...ones] = results;
    const oneSucceeded = ones.filter((one) => one.data.retryEmail.__typename === "MutationRetryEmailSuccess").length;
    for (const one of ones) {
      if (one.data.retryEmail.__typename !== "MutationRetryEmailSuccess")
        expect(one.data.retryEmail.message).toBe(RETRY_EMAIL_MESSAGES.pending);
    }
    // Every email was queued by exactly one of the calls.
    expect(all.data.retryFailedEmails.data.retried + oneSucceeded).toBe(emails.length);
    expect((await admin.post("/api/admin/process-emails")).body).toMatchObject({ processed: 6, sent: 6 });
    expect(smtp.received.map((email) => email.envelopeTo[0]).sort()).toEqual(
      emails.map((email) => email.toAddress).sort(),
    );
  });
});

describe("access", () => {
  it("refuses both retries to a signed-out caller (401) and a customer (403), and changes nothing", async ({
    customer,
  }) => {
    const email = await makeEmail("guarded@example.com");
    const before = await databaseState(app);
    for (const path of [`/api/admin/emails/${email.id}/retry`, "/api/admin/emails/retry-failed"]) {
      expect((await app.client().post(path)).status).toBe(401);
      expect((await customer.client.post(path)).status).toBe(403);
    }
    const asCustomer = await customer.client.graphql(RETRY_ONE, { input: { emailId: globalId(email.id) } });
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await customer.client.graphql(RETRY_ALL)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await row(email.id)).status).toBe("FAILED");
    expect(await databaseState(app)).toEqual(before);
  });
});
