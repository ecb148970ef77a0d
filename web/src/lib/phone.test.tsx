// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import HomePageQuery, { type HomePageQuery as HomePageQueryType } from "../__generated__/HomePageQuery.graphql.ts";
import { AdminPendingReferralsTab } from "../components/admin/AdminPendingReferralsTab.tsx";
import { AdminReferralDetailsDialog } from "../components/admin/reports/AdminReferralDetailsDialog.tsx";
import { TabBoundary } from "../components/admin/TabBoundary.tsx";
import { answer, connection, money, waitForLoaded } from "../components/admin/testing/adminTesting.ts";
import { type CustomerScenario, customerResolvers } from "../components/customer/testing/customerMocks.ts";
import { HomePage } from "../pages/home/HomePage.tsx";
import { renderWithProviders } from "../test/renderWithProviders.tsx";

afterEach(async () => {
  cleanup();
  // useRouteQuery releases a route's query a tick after the route unmounts.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/*
 * One number, one text, wherever people read it (docs/rules/referrals.md, "Phone numbers"): the
 * server writes it (`phoneDisplay`, api/src/lib/phoneDisplay.test.ts) and the customer's row and the
 * administrators' lists show that text as it came, a London landline as "020 7946 0958" and a
 * French mobile as "+33 6 12 34 56 78".
 */
const LANDLINE = { stored: "+442079460958", shown: "020 7946 0958" };
const FRENCH = { stored: "+33612345678", shown: "+33 6 12 34 56 78" };

const customer = {
  id: "Q3VzdG9tZXI6MQ==",
  user: { id: "VXNlcjoy", username: "sarah", firstName: "Sarah", lastName: "Johnson", email: "sarah@example.com" },
};

describe("phone numbers on the screens", () => {
  it("a customer's referral rows", async () => {
    const scenario: CustomerScenario = {
      status: "VERIFIED",
      firstName: "Sarah",
      referrals: [
        { name: "Grace Lee", phone: LANDLINE.stored, phoneDisplay: LANDLINE.shown },
        { name: "Amelie Laurent", phone: FRENCH.stored, phoneDisplay: FRENCH.shown },
      ],
    };
    const environment = createMockEnvironment();
    const queryRef = loadQuery<HomePageQueryType>(environment, HomePageQuery, {});
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
    );
    renderWithProviders(
      <Suspense fallback={<p>Loading page</p>}>
        <HomePage queryRef={queryRef} />
      </Suspense>,
      { path: "/home?tab=referrals", environment },
    );
    await waitFor(() =>
      expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).toContain(
        "HomeDashboardQuery",
      ),
    );
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
    );
    const [grace, amelie] = within(await screen.findByTestId("referral-list")).getAllByRole("listitem");
    expect(grace?.textContent).toContain(LANDLINE.shown);
    expect(amelie?.textContent).toContain(FRENCH.shown);
  });

  it("an administrator's pending referrals list", async () => {
    const { environment } = renderWithProviders(
      <TabBoundary>
        <AdminPendingReferralsTab />
      </TabBoundary>,
    );
    const referral = (id: string, name: string, phone: { stored: string; shown: string }) => ({
      id,
      name,
      phone: phone.stored,
      phoneDisplay: phone.shown,
      email: null,
      address: null,
      daysRemaining: 84,
      createdAt: "2025-07-20T10:00:00.000Z",
      customer,
    });
    await answer(environment, "AdminPendingReferralsTabQuery", {
      programme: { creditRateBasisPoints: 1100, creditRatePercent: "11%" },
      pendingReferrals: connection(
        [referral("UmVmZXJyYWw6NA==", "Grace Lee", LANDLINE), referral("UmVmZXJyYWw6NQ==", "Amelie Laurent", FRENCH)],
        { totalCount: 2 },
      ),
    });
    await waitForLoaded();
    const [grace, amelie] = within(screen.getByTestId("pending-referral-list")).getAllByRole("listitem");
    expect(grace?.textContent).toContain(LANDLINE.shown);
    expect(amelie?.textContent).toContain(FRENCH.shown);
  });

  it("the reports' referral details table: the Phone cell", async () => {
    const { environment } = renderWithProviders(<AdminReferralDetailsDialog open onOpenChange={() => {}} />);
    const row = (referralId: string, referralName: string, phone: { stored: string; shown: string }) => ({
      referralId,
      customerName: "Sarah Johnson",
      referralName,
      referralEmail: null,
      referralPhone: phone.stored,
      referralPhoneDisplay: phone.shown,
      purchaseAmount: money(1_500_000),
      creditEarned: money(165_000),
      status: "PURCHASED",
      statusDisplay: "Purchased",
      daysRemaining: null,
      createdAt: "2025-06-01T10:00:00.000Z",
    });
    await answer(environment, "AdminReferralDetailsDialogQuery", {
      referralDetails: connection(
        [row("UmVmZXJyYWw6MQ==", "Grace Lee", LANDLINE), row("UmVmZXJyYWw6Mg==", "Amelie Laurent", FRENCH)],
        { totalCount: 2 },
      ),
    });
    const table = await screen.findByRole("table");
    const phoneColumn = within(table)
      .getAllByRole("columnheader")
      .findIndex((header) => header.textContent === "Phone");
    const phones = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole("cell")[phoneColumn]?.textContent);
    expect(phones).toEqual([LANDLINE.shown, FRENCH.shown]);
  });
});
