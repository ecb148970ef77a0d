// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminEmailPanel, EMAIL_TYPES } from "./AdminEmailPanel.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, connection, failure, pendingOperationNames, success, waitForLoaded } from "./testing/adminTesting.ts";

afterEach(cleanup);

async function renderPanel(
  stats: { pending: number; sent: number; failed: number; configured: boolean },
  variant: "admin" | "reports" = "admin",
) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminEmailPanel variant={variant} />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminEmailPanelQuery", { emailStats: stats });
  await waitForLoaded();
  return rendered;
}

describe("Email System", () => {
  it("shows the pending, sent and failed counts, the five email types, and no note when email is configured", async () => {
    await renderPanel({ pending: 4, sent: 120, failed: 1, configured: true });
    expect(screen.getByTestId("emails-pending").textContent).toContain("4");
    expect(screen.getByTestId("emails-sent").textContent).toContain("120");
    expect(screen.getByTestId("emails-failed").textContent).toContain("1");
    expect(EMAIL_TYPES.map((type) => type.name)).toEqual([
      "Registration confirmation",
      "Account verification",
      "New referral alert",
      "Credits earned",
      "Milestone achievement",
    ]);
    for (const type of EMAIL_TYPES) expect(screen.getByText(type.name)).toBeTruthy();
    expect(screen.queryByTestId("email-not-configured")).toBeNull();
  });

  it("says emails stay queued when no email server is configured, and processing reports the server's sentence", async () => {
    const { environment } = await renderPanel({ pending: 3, sent: 0, failed: 0, configured: false }, "reports");
    expect(screen.getByTestId("email-not-configured").textContent).toContain("The email service is not configured");
    expect(screen.queryByText("Email types")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Process Pending Emails" }));
    const message =
      "The email service is not configured (SMTP_URL is not set), so emails stay queued. Nothing was sent.";
    await answer(environment, "AdminEmailPanelMutation", {
      processEmails: success("MutationProcessEmailsSuccess", {
        processed: 0,
        sent: 0,
        failed: 0,
        configured: false,
        message,
      }),
    });
    expect(await screen.findByText("Emails processed")).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    // The counts are asked for again.
    await answer(environment, "AdminEmailPanelQuery", {
      emailStats: { pending: 3, sent: 0, failed: 0, configured: false },
    });
  });

  it("shows Failed to process emails with the server's message", async () => {
    const { environment } = await renderPanel({ pending: 2, sent: 5, failed: 0, configured: true });
    await userEvent.setup().click(screen.getByRole("button", { name: "Process All Pending Emails" }));
    await answer(environment, "AdminEmailPanelMutation", {
      processEmails: failure("ValidationError", "The limit must be a whole number from 1 to 10000."),
    });
    expect(await screen.findByText("Failed to process emails")).toBeTruthy();
    expect(screen.getByText("The limit must be a whole number from 1 to 10000.")).toBeTruthy();
  });
});

function outboxEmail(
  n: number,
  status: "PENDING" | "SENT" | "FAILED",
  type: string,
  extra: Record<string, unknown> = {},
) {
  return {
    id: `email-${n}`,
    __typename: "OutboxEmail",
    type,
    toAddress: `person${n}@example.com`,
    subject: `Subject ${n}`,
    status,
    attempts: status === "FAILED" ? 5 : 1,
    lastError: status === "FAILED" ? "550 5.1.1 Mailbox unavailable" : null,
    nextAttemptAt: "2026-11-20T09:00:00.000Z",
    sentAt: status === "SENT" ? "2026-11-20T09:00:05.000Z" : null,
    createdAt: "2026-11-20T09:00:00.000Z",
    ...extra,
  };
}

async function renderOutbox(nodes: ReturnType<typeof outboxEmail>[], failed: number) {
  const rendered = await renderPanel({ pending: 1, sent: 1, failed, configured: true });
  await answer(rendered.environment, "AdminEmailOutboxQuery", { emailOutbox: connection(nodes) });
  await screen.findByRole("region", { name: "Email outbox" });
  return rendered;
}

describe("the outbox in the Email System tab", () => {
  it("lists each email as a card with its type, recipient, status, attempts, error and times; Retry only on failed ones", async () => {
    await renderOutbox(
      [
        outboxEmail(1, "FAILED", "MILESTONE_PAID"),
        outboxEmail(2, "SENT", "ACCOUNT_REJECTION"),
        outboxEmail(3, "PENDING", "PASSWORD_RESET"),
      ],
      1,
    );
    const cards = screen.getAllByTestId("outbox-email");
    expect(cards).toHaveLength(3);
    const [failed, sent, pending] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(failed.textContent).toContain("Milestone paid");
    expect(failed.textContent).toContain("To person1@example.com");
    expect(failed.textContent).toContain("Failed");
    expect(failed.textContent).toContain("Attempts5");
    expect(within(failed).getByTestId("outbox-email-error").textContent).toBe(
      "Last error: 550 5.1.1 Mailbox unavailable",
    );
    expect(
      within(failed).getByRole("button", { name: "Retry the milestone paid email to person1@example.com" }),
    ).toBeTruthy();
    expect(sent.textContent).toContain("Account rejection");
    expect(sent.textContent).toContain("Sent20 Nov 2026");
    expect(within(sent).queryByRole("button")).toBeNull();
    expect(pending.textContent).toContain("Password reset");
    expect(pending.textContent).toContain("Next attempt");
    expect(screen.getByRole("button", { name: "Retry all failed (1)" })).toBeTruthy();
  });

  it("filters by status and type: the list is asked for again with both", async () => {
    const { environment } = await renderOutbox([outboxEmail(1, "SENT", "CREDITS_EARNED")], 0);
    const user = userEvent.setup();
    expect((screen.getByRole("button", { name: "Retry all failed (0)" }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText("Status"), "Failed");
    const byStatus = await answer(environment, "AdminEmailOutboxPaginationQuery", {
      emailOutbox: connection([outboxEmail(4, "FAILED", "PASSWORD_RESET")]),
    });
    expect(byStatus.request.variables).toMatchObject({ status: "FAILED", type: null });
    await user.selectOptions(screen.getByLabelText("Type"), "Password reset");
    const both = await answer(environment, "AdminEmailOutboxPaginationQuery", { emailOutbox: connection([]) });
    expect(both.request.variables).toMatchObject({ status: "FAILED", type: "PASSWORD_RESET" });
    expect(await screen.findByText("No email matches these filters.")).toBeTruthy();
  });

  it("Retry queues one failed email: its card shows it pending, and the counts are asked for again", async () => {
    const { environment } = await renderOutbox([outboxEmail(1, "FAILED", "NEW_REFERRAL_ALERT")], 1);
    await userEvent.setup().click(screen.getByRole("button", { name: /^Retry the new referral alert email/ }));
    const mutation = await answer(environment, "AdminOutboxEmailCardRetryMutation", {
      retryEmail: success(
        "MutationRetryEmailSuccess",
        outboxEmail(1, "PENDING", "NEW_REFERRAL_ALERT", { attempts: 5, lastError: "550 5.1.1 Mailbox unavailable" }),
      ),
    });
    expect(mutation.request.variables).toEqual({ input: { emailId: "email-1" } });
    expect(await screen.findByText("Email queued again")).toBeTruthy();
    const card = screen.getByTestId("outbox-email");
    expect(card.textContent).toContain("Pending");
    expect(within(card).queryByRole("button")).toBeNull();
    await answer(environment, "AdminEmailPanelQuery", {
      emailStats: { pending: 2, sent: 1, failed: 0, configured: true },
    });
    await waitFor(() => expect(screen.getByTestId("emails-failed").textContent).toContain("0"));
  });

  it("Retry shows the server's refusal", async () => {
    const { environment } = await renderOutbox([outboxEmail(1, "FAILED", "PASSWORD_RESET")], 1);
    await userEvent.setup().click(screen.getByRole("button", { name: /^Retry the password reset email/ }));
    const message =
      "This password-reset email's link was removed from the outbox when it failed, so it cannot be sent again.";
    await answer(environment, "AdminOutboxEmailCardRetryMutation", { retryEmail: failure("ConflictError", message) });
    expect(await screen.findByText("Failed to retry the email")).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("Retry all failed asks first, then reports the server's sentence and loads the list and counts afresh", async () => {
    const { environment } = await renderOutbox(
      [outboxEmail(1, "FAILED", "MILESTONE_PAID"), outboxEmail(2, "FAILED", "CREDITS_EARNED")],
      2,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Retry all failed (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Retry all failed emails?" });
    expect(dialog.textContent).toContain("2 failed emails go back in the queue");
    expect(pendingOperationNames(environment)).not.toContain("AdminEmailOutboxRetryAllMutation");
    await user.click(within(dialog).getByRole("button", { name: "Retry all" }));
    await answer(environment, "AdminEmailOutboxRetryAllMutation", {
      retryFailedEmails: success("MutationRetryFailedEmailsSuccess", {
        retried: 2,
        message: "2 failed emails queued to be sent again.",
      }),
    });
    expect(await screen.findByText("Failed emails retried")).toBeTruthy();
    expect(screen.getByText("2 failed emails queued to be sent again.")).toBeTruthy();
    await answer(environment, "AdminEmailOutboxPaginationQuery", {
      emailOutbox: connection([
        outboxEmail(1, "PENDING", "MILESTONE_PAID"),
        outboxEmail(2, "PENDING", "CREDITS_EARNED"),
      ]),
    });
    await answer(environment, "AdminEmailPanelQuery", {
      emailStats: { pending: 3, sent: 1, failed: 0, configured: true },
    });
    await waitFor(() => expect(screen.queryAllByRole("button", { name: /^Retry the/ })).toHaveLength(0));
  });
});
