// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import ActivityPageQuery, {
  type ActivityPageQuery as ActivityPageQueryType,
} from "../../__generated__/ActivityPageQuery.graphql.ts";
import { type CustomerScenario, customerResolvers } from "../../components/customer/testing/customerMocks.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { ACTIVITY_PAGE_SIZE, ActivityPage } from "./ActivityPage.tsx";

// useRouteQuery releases a route's query a tick after the route unmounts; the next test must not reuse it.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const CUSTOMER_ID = "Q3VzdG9tZXI6MQ==";

/** /activity with the route's query answered for `scenario`, then the history's first page. */
async function renderActivity(scenario: CustomerScenario, hasNextPage = false) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<ActivityPageQueryType>(environment, ActivityPageQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
  );
  const rendered = renderWithProviders(
    <Suspense fallback={<p>Loading page</p>}>
      <ActivityPage queryRef={queryRef} />
    </Suspense>,
    { path: "/activity", environment },
  );
  if (scenario.status === "VERIFIED") {
    await waitFor(() =>
      expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).toEqual([
        "ActivityPageDetailsQuery",
      ]),
    );
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ count: ACTIVITY_PAGE_SIZE });
    environment.mock.resolveMostRecentOperation((operation) => {
      const payload = MockPayloadGenerator.generate(operation, customerResolvers(scenario));
      (payload.data as any).viewer.customer.activities.pageInfo = { hasNextPage, endCursor: "a-last" };
      return payload;
    });
  }
  return rendered;
}

describe("/activity", () => {
  it("shows every entry with its icon, text, date and amount, pages to the oldest, and goes back home", async () => {
    const { environment } = await renderActivity(
      {
        status: "VERIFIED",
        activities: [
          {
            type: "REFERRAL_PURCHASED",
            description: "Tom Baker made a purchase",
            createdAt: "2026-03-03T14:05:00.000Z",
            amountPence: 165_000,
          },
          { type: "REFERRAL_ADDED", description: "Referral added: Tom Baker", createdAt: "2026-02-01T09:00:00.000Z" },
        ],
      },
      true,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Activity" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
    const items = within(await screen.findByTestId("activity-history")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Tom Baker made a purchase");
    expect(items[0]?.textContent).toContain("+£1,650.00");
    expect(items[0]?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-03-03T14:05:00.000Z");
    expect(items[0]?.querySelector("time")?.textContent).toMatch(/^3 March 2026 at \d\d:\d\d$/);
    expect(items[0]?.querySelector("svg")).toBeTruthy();

    await userEvent.setup().click(screen.getByRole("button", { name: "Show older activity" }));
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe("ActivityHistoryPaginationQuery");
    expect(next.request.variables).toMatchObject({ count: ACTIVITY_PAGE_SIZE, cursor: "a-last", id: CUSTOMER_ID });
    environment.mock.resolve(next, {
      data: {
        node: {
          __typename: "Customer",
          id: CUSTOMER_ID,
          activities: {
            edges: [
              {
                cursor: "a-oldest",
                node: {
                  __typename: "Activity",
                  id: "QWN0aXZpdHk6OTk=",
                  type: "REGISTRATION",
                  description: "Registered for the referral scheme",
                  createdAt: "2025-05-01T09:30:00.000Z",
                  amount: null,
                },
              },
            ],
            pageInfo: { hasNextPage: false, endCursor: "a-oldest" },
          },
        },
      },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId("activity-history")).getAllByRole("listitem")).toHaveLength(3),
    );
    expect(screen.getByText("You have reached the beginning of your history.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show older activity" })).toBeNull();
  });

  it("says so when there is no activity yet", async () => {
    await renderActivity({ status: "VERIFIED", activities: [] });
    expect(await screen.findByText("No activity yet")).toBeTruthy();
  });

  it("sends a customer whose registration is not verified to /home", async () => {
    const { history } = await renderActivity({ status: "PENDING" });
    await waitFor(() => expect(history.at(-1)).toBe("/home"));
  });
});
