// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import HomeDashboardQuery, {
  type HomeDashboardQuery as HomeDashboardQueryType,
} from "../../__generated__/HomeDashboardQuery.graphql.ts";
import { DASHBOARD_VARIABLES } from "../../pages/home/dashboardVariables.ts";
import { HomeDashboard } from "../../pages/home/HomeDashboard.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { type CustomerScenario, customerResolvers } from "./testing/customerMocks.ts";

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

async function renderReferrals(scenario: Partial<CustomerScenario>) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<HomeDashboardQueryType>(environment, HomeDashboardQuery, DASHBOARD_VARIABLES);
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, customerResolvers({ status: "VERIFIED", ...scenario })),
  );
  renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <HomeDashboard queryRef={queryRef} />
    </Suspense>,
    { path: "/home?tab=referrals", environment },
  );
  await screen.findByRole("navigation", { name: "Main" });
}

describe("a referral's row", () => {
  it("says who recorded it when a member of staff did, and nothing of the kind otherwise", async () => {
    await renderReferrals({
      referrals: [
        { name: "Anna Smith", channel: "STAFF", recordedByName: "Sam K." },
        { name: "Tom Baker", channel: "TYPED" },
      ],
    });
    const rows = screen.getAllByRole("listitem").filter((item) => item.querySelector('[data-testid="referral-name"]'));
    expect(rows.map((row) => row.querySelector('[data-testid="referral-recorded-by"]')?.textContent ?? null)).toEqual([
      "Recorded by Sam K.",
      null,
    ]);
  });
});
