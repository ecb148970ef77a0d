// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { OperationDescriptor } from "relay-runtime";
import type { createMockEnvironment } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminCount } from "./AdminCounts.tsx";
import { AdminLiveProvider, AdminLiveStatus, updatedAgo } from "./AdminLive.tsx";
import { AdminPendingReferralsTab } from "./AdminPendingReferralsTab.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, connection, pendingOperationNames, waitForLoaded } from "./testing/adminTesting.ts";

afterEach(cleanup);

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

const referral = (n: number, name: string) => ({
  id: `UmVmZXJyYWw6${n}`,
  name,
  phone: `+4477009001${String(n).padStart(2, "0")}`,
  phoneDisplay: `07700 9001${String(n).padStart(2, "0")}`,
  daysRemaining: 80,
  createdAt: "2025-07-20T10:00:00.000Z",
  signalCount: 0,
  hold: null,
  customer: {
    id: "Q3VzdG9tZXI6MQ==",
    databaseId: 1,
    user: { id: "VXNlcjoy", username: "sarah", firstName: "Sarah", lastName: "Johnson" },
  },
});
/** A minute from now: after the page went live. */
const later = () => new Date(Date.now() + 60_000).toISOString();
const counts = (pendingReferrals: number) => ({
  pendingReferrals: { totalCount: pendingReferrals },
  pendingCustomers: connection([]),
  pendingMilestonePayments: connection([]),
  customers: { totalCount: 1 },
  purchasedReferrals: { totalCount: 0 },
  emailStats: { pending: 0 },
});

function liveSubscription(environment: MockEnvironment): OperationDescriptor {
  const operations = environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === "AdminLiveSubscription");
  expect(operations.length, "the live subscription was not started").toBeGreaterThan(0);
  return operations[operations.length - 1] as OperationDescriptor;
}

function event(environment: MockEnvironment, queues: string[]) {
  act(() =>
    environment.mock.nextValue(liveSubscription(environment), {
      data: { adminQueuesChanged: { queues, at: new Date().toISOString() } },
    }),
  );
}

async function renderLivePage() {
  const rendered = renderWithProviders(
    <AdminLiveProvider watching={["REFERRALS"]}>
      <AdminLiveStatus />
      <AdminCount name="pendingReferrals" />
      <TabBoundary>
        <AdminPendingReferralsTab />
      </TabBoundary>
    </AdminLiveProvider>,
  );
  const { environment } = rendered;
  await answer(environment, "AdminCountsQuery", counts(1));
  await answer(environment, "AdminPendingReferralsTabQuery", {
    programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
    pendingReferrals: connection([referral(1, "Grace Lee")], { totalCount: 1 }),
  });
  await waitForLoaded();
  await waitFor(() => liveSubscription(environment));
  return rendered;
}

describe("Admin Panel live updates", () => {
  it("says it is live once the stream answers, and shows a change as soon as it is heard, without a reload", async () => {
    const { environment } = await renderLivePage();
    const status = screen.getByRole("status", { name: "" });
    expect(status.textContent).toBe("Live updates paused");
    event(environment, []);
    await waitFor(() => expect(status.textContent).toBe("Live"));
    expect(screen.getByTestId("admin-live-status").textContent).toContain("Updated just now");
    expect(screen.getByTestId("count-pendingReferrals").textContent).toBe(" (1)");

    // A customer added a referral somewhere: the counts are fetched again, and the list's newest rows.
    event(environment, ["REFERRALS"]);
    await answer(environment, "AdminCountsQuery", counts(2));
    await answer(environment, "AdminPendingReferralsTabNewestQuery", {
      pendingReferrals: connection([{ ...referral(2, "New Friend"), createdAt: later() }, referral(1, "Grace Lee")], {
        totalCount: 2,
      }),
    });
    await waitFor(() => expect(screen.getByTestId("count-pendingReferrals").textContent).toBe(" (2)"));
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("New Friend");
    // No loading state on the way: the list stayed on screen.
    expect(screen.getByTestId("pending-referral-list").textContent).toContain("Grace Lee");
  });

  it("puts a referral added while the list is open on top, marked New, though the list reads oldest first", async () => {
    const { environment } = await renderLivePage();
    event(environment, []);
    await screen.findByText("Live");
    event(environment, ["REFERRALS"]);
    await answer(environment, "AdminCountsQuery", counts(2));
    const newest = await answer(environment, "AdminPendingReferralsTabNewestQuery", {
      pendingReferrals: connection([{ ...referral(2, "New Friend"), createdAt: later() }, referral(1, "Grace Lee")], {
        totalCount: 2,
      }),
    });
    expect(newest.request.variables).toMatchObject({ count: 10, search: null });
    // Only the newest rows were asked for: the list itself was not fetched again.
    expect(pendingOperationNames(environment)).not.toContain("AdminPendingReferralsTabQuery");
    const list = screen.getByTestId("pending-referral-list");
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first?.textContent).toContain("New Friend");
    expect(first?.textContent).toContain("New");
    expect(first?.getAttribute("data-new")).toBe("true");
    expect(second?.textContent).toContain("Grace Lee");
    expect(second?.getAttribute("data-new")).toBeNull();
    expect(screen.getByText("2 waiting")).toBeTruthy();

    // An event that brings no new row (one dealt with elsewhere): the list again, the new row kept on top.
    event(environment, ["REFERRALS"]);
    await answer(environment, "AdminCountsQuery", counts(2));
    await answer(environment, "AdminPendingReferralsTabNewestQuery", {
      pendingReferrals: connection([{ ...referral(2, "New Friend"), createdAt: later() }, referral(1, "Grace Lee")], {
        totalCount: 2,
      }),
    });
    await answer(environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection([referral(1, "Grace Lee"), { ...referral(2, "New Friend"), createdAt: later() }], {
        totalCount: 2,
      }),
    });
    await waitFor(() => expect(within(list).getAllByRole("listitem")[0]?.textContent).toContain("New Friend"));
  });

  it("leaves the open list alone for a change it does not show, but still refreshes the counts", async () => {
    const { environment } = await renderLivePage();
    event(environment, []);
    event(environment, ["EMAILS"]);
    await answer(environment, "AdminCountsQuery", counts(1));
    expect(pendingOperationNames(environment)).not.toContain("AdminPendingReferralsTabQuery");
  });

  it("shows when live updates are paused, and Refresh fetches everything and tries the stream again", async () => {
    const { environment } = await renderLivePage();
    event(environment, []);
    await screen.findByText("Live");
    const broken = liveSubscription(environment);
    act(() => environment.mock.reject(broken, new Error("network down")));
    expect(await screen.findByText("Live updates paused")).toBeTruthy();

    await userEvent.setup().click(screen.getByRole("button", { name: "Refresh" }));
    await answer(environment, "AdminCountsQuery", counts(3));
    await answer(environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection([referral(1, "Grace Lee")], { totalCount: 3 }),
    });
    await waitFor(() => expect(screen.getByTestId("count-pendingReferrals").textContent).toBe(" (3)"));
    // Subscribed again: its first event makes the page live.
    await waitFor(() => expect(liveSubscription(environment)).not.toBe(broken));
    event(environment, []);
    expect(await screen.findByText("Live")).toBeTruthy();
  });

  it("words the time since the last update coarsely, so it changes at most once a minute", () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(updatedAgo(now - 5_000, now)).toBe("just now");
    expect(updatedAgo(now - 59_000, now)).toBe("just now");
    expect(updatedAgo(now - 61_000, now)).toBe("1 min ago");
    expect(updatedAgo(now - 45 * 60_000, now)).toBe("45 min ago");
    expect(updatedAgo(now - 150 * 60_000, now)).toBe("2 h ago");
  });
});
