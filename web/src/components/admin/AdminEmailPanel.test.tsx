// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminEmailPanel, EMAIL_TYPES } from "./AdminEmailPanel.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, failure, success, waitForLoaded } from "./testing/adminTesting.ts";

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
