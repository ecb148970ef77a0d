// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import MilestonesPageQuery, {
  type MilestonesPageQuery as MilestonesPageQueryType,
} from "../../__generated__/MilestonesPageQuery.graphql.ts";
import { type CustomerScenario, customerResolvers } from "../../components/customer/testing/customerMocks.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { MilestonesPage } from "./MilestonesPage.tsx";

// useRouteQuery releases a route's query a tick after the route unmounts; the next test must not reuse it.
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/** /milestones with the route's query answered for `scenario`, then the page's own query answered or failed. */
async function renderMilestones(scenario: CustomerScenario, details: "resolve" | "reject" = "resolve") {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<MilestonesPageQueryType>(environment, MilestonesPageQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
  );
  const rendered = renderWithProviders(
    <Suspense fallback={<p>Loading page</p>}>
      <MilestonesPage queryRef={queryRef} />
    </Suspense>,
    { path: "/milestones", environment },
  );
  if (scenario.status === "VERIFIED") {
    await waitFor(() =>
      expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).toEqual([
        "MilestonesPageDetailsQuery",
      ]),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Milestone Rewards" })).toBeTruthy();
    if (details === "resolve") {
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
      );
      await screen.findByRole("list", { name: "Milestones" });
    } else {
      vi.spyOn(console, "error").mockImplementation(() => {});
      environment.mock.rejectMostRecentOperation(new Error("500: Internal Server Error"));
    }
  }
  return rendered;
}

describe("/milestones", () => {
  it("shows progress and a milestone ready for payment, with the spec's hint", async () => {
    await renderMilestones({
      status: "VERIFIED",
      purchasePence: 1_200_000,
      creditsPence: 396_000,
      milestones: [{ state: "READY" }, { state: "LOCKED" }, { state: "LOCKED" }],
    });
    const progress = screen.getByRole("region", { name: "Your progress" });
    expect(within(progress).getByText("Potential Credits Earned").parentElement?.textContent).toContain("£3,960.00");
    expect(within(progress).getByText("Credits Paid Out").parentElement?.textContent).toContain("£0.00");
    expect(within(progress).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("33");
    expect(progress.textContent).toContain("33%");

    const ready = screen.getByTestId("milestone-33");
    expect(within(ready).getByRole("heading", { name: "33% Milestone" })).toBeTruthy();
    expect(ready.textContent).toContain("Ready");
    expect(ready.textContent).toContain("£3,960.00");
    expect(ready.textContent).toContain("Ready for payment! Contact admin for processing.");
    expect(within(ready).getByRole("button", { name: "Request payment of the 33% milestone" })).toBeTruthy();
    // No contact in the answer (the server always gives one): no empty links, and never "see your contract".
    expect(within(ready).queryAllByRole("link")).toHaveLength(0);
    expect(screen.getByTestId("customer-footer").textContent).toBe(
      "Questions about your rewards? Contact HNG customer services.",
    );
    const next = screen.getByTestId("milestone-66");
    expect(next.textContent).toContain("Pending");
    expect(next.textContent).toContain("Earn £3,960.00 more in credits to reach this milestone.");
    expect(screen.getByTestId("milestone-100").textContent).toContain("100% Milestone (Full Refund)");
    expect(screen.getByTestId("milestone-100").textContent).toContain("£4,080.00");
    expect(screen.getByText("No milestone payments yet.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How milestones work" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
  });

  it("gives a ready milestone the programme's contact as mailto: and tel: links, in the footer too", async () => {
    await renderMilestones({
      status: "VERIFIED",
      creditsPence: 396_000,
      milestones: [{ state: "READY" }, { state: "LOCKED" }, { state: "LOCKED" }],
      contact: {
        email: "help@hng.example",
        phone: "+443001234567",
        phoneDisplay: "0300 123 4567",
        hours: "Monday to Friday, 9am to 5pm",
      },
    });
    const ready = screen.getByTestId("milestone-33");
    expect(within(ready).getByRole("link", { name: "help@hng.example" }).getAttribute("href")).toBe(
      "mailto:help@hng.example",
    );
    expect(within(ready).getByRole("link", { name: "0300 123 4567" }).getAttribute("href")).toBe("tel:+443001234567");
    expect(screen.getByTestId("milestone-contact").textContent).toBe(
      "Questions? Email help@hng.example or call 0300 123 4567 (Monday to Friday, 9am to 5pm).",
    );
    const footer = screen.getByTestId("customer-footer");
    expect(within(footer).getByRole("link", { name: "help@hng.example" }).getAttribute("href")).toBe(
      "mailto:help@hng.example",
    );
    expect(within(screen.getByTestId("milestone-66")).queryAllByRole("link")).toHaveLength(0);
  });

  it("shows the date a payment was requested instead of the button; a phone alone reads well", async () => {
    await renderMilestones({
      status: "VERIFIED",
      creditsPence: 396_000,
      milestones: [
        { state: "READY", paymentRequestedAt: "2025-08-02T10:00:00.000Z" },
        { state: "LOCKED" },
        { state: "LOCKED" },
      ],
      contact: { phone: "+33123456789", phoneDisplay: "+33 1 23 45 67 89" },
    });
    const ready = screen.getByTestId("milestone-33");
    expect(within(ready).queryByRole("button", { name: /Request payment/ })).toBeNull();
    expect(within(ready).getByTestId("payment-requested").textContent).toBe("Payment requested on 2 August 2025");
    expect(ready.textContent).toContain("Our team has your request and will process it.");
    expect(screen.getByTestId("milestone-contact").textContent).toBe("Questions? Call +33 1 23 45 67 89.");
  });

  it("shows a paid milestone with its date, and the payment history with the type upper-cased", async () => {
    await renderMilestones({
      status: "VERIFIED",
      purchasePence: 800_000,
      creditsPence: 302_500,
      paidPence: 264_000,
      milestones: [{ state: "PAID", paidAt: "2025-07-14T10:00:00.000Z" }, { state: "LOCKED" }, { state: "LOCKED" }],
      payments: [{ milestoneType: "milestone_33", amountPence: 264_000, paidAt: "2025-07-14T10:00:00.000Z" }],
    });
    const paid = screen.getByTestId("milestone-33");
    expect(paid.textContent).toContain("Paid");
    expect(paid.textContent).toContain("Paid on 14 July 2025.");
    expect(paid.textContent).not.toContain("Ready for payment");
    expect(screen.getByText("Credits Paid Out").parentElement?.textContent).toContain("£2,640.00");

    const history = within(screen.getByTestId("payment-history")).getAllByRole("listitem");
    expect(history).toHaveLength(1);
    expect(history[0]?.textContent).toContain("MILESTONE_33");
    expect(history[0]?.textContent).toContain("14 July 2025");
    expect(history[0]?.textContent).toContain("£2,640.00");
  });

  it("says 'Unable to load milestone information' when the milestones cannot be loaded", async () => {
    await renderMilestones({ status: "VERIFIED" }, "reject");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Unable to load milestone information");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Milestone Rewards" })).toBeTruthy();
  });

  it("sends a customer who is not verified yet to /home, which knows where they belong", async () => {
    const { history } = await renderMilestones({ status: "PENDING" });
    await waitFor(() => expect(history.at(-1)).toBe("/home"));
  });
});
