// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import HomePageQuery, { type HomePageQuery as HomePageQueryType } from "../../__generated__/HomePageQuery.graphql.ts";
import { PHONE_HINT } from "../../components/customer/AddReferralDrawer.tsx";
import {
  type CustomerScenario,
  customerResolvers,
  typeResolvers,
} from "../../components/customer/testing/customerMocks.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { HomePage } from "./HomePage.tsx";

// useRouteQuery releases a route's query a tick after the route unmounts; the next test must not reuse it.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** /home with the route's query answered for `scenario`; a verified customer's dashboard query is answered too. */
async function renderHome(scenario: CustomerScenario | null, path = "/home") {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<HomePageQueryType>(environment, HomePageQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    scenario
      ? MockPayloadGenerator.generate(operation, customerResolvers(scenario))
      : MockPayloadGenerator.generate(
          operation,
          typeResolvers([["User", () => ({ role: "CUSTOMER", customer: null })]]),
        ),
  );
  const rendered = renderWithProviders(
    <Suspense fallback={<p>Loading page</p>}>
      <HomePage queryRef={queryRef} />
    </Suspense>,
    { path, environment },
  );
  if (scenario?.status === "VERIFIED") {
    await waitFor(() =>
      expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).toEqual([
        "HomeDashboardQuery",
      ]),
    );
    expect(screen.getByLabelText("Loading your dashboard")).toBeTruthy();
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, customerResolvers(scenario)),
    );
    await screen.findByRole("navigation", { name: "Main" });
  }
  return rendered;
}

/** A pagination query's `node(id:)` is the customer's. */
const CUSTOMER_NODE = typeResolvers([["Node", () => ({ __typename: "Customer", id: "Q3VzdG9tZXI6MQ==" })]]);

const SARAH: CustomerScenario = {
  status: "VERIFIED",
  purchasePence: 1_200_000,
  creditsPence: 396_000,
  referrals: [
    { name: "Grace Lee", status: "PENDING", ageDisplay: "6 days ago" },
    { name: "Tom Baker", status: "PURCHASED", ageDisplay: "1 month ago", creditEarnedPence: 165_000 },
    { name: "Old Friend", status: "EXPIRED", ageDisplay: "4 months ago" },
  ],
  activities: [
    { type: "REFERRAL_ADDED", description: "Referral added: Grace Lee", createdAt: ago(10 * 60 * 1000) },
    {
      type: "REFERRAL_PURCHASED",
      description: "Tom Baker made a purchase",
      createdAt: ago(5 * HOUR),
      amountPence: 165_000,
    },
    { type: "MILESTONE_REACHED", description: "33% milestone reached", createdAt: ago(30 * HOUR) },
    { type: "REGISTRATION", description: "Registered for the referral scheme", createdAt: ago(60 * 24 * HOUR) },
  ],
  milestones: [{ state: "READY" }, { state: "LOCKED" }, { state: "LOCKED" }],
};

describe("/home", () => {
  it("sends a signed-in user without a customer profile to Complete Registration", async () => {
    const { history } = await renderHome(null);
    await waitFor(() => expect(history.at(-1)).toBe("/registration"));
  });

  it("shows a pending customer the Account Under Review screen with the registration details and Sign Out", async () => {
    await renderHome({ status: "PENDING", purchasePence: 12_050, postcode: "M1 1AE", contractNumber: "HNG-2025-0412" });
    expect(screen.getByRole("heading", { level: 1, name: "Account Under Review" })).toBeTruthy();
    expect(screen.getByText("Account Pending")).toBeTruthy();
    expect(screen.getByText("£120.50")).toBeTruthy();
    expect(screen.getByText("M1 1AE")).toBeTruthy();
    expect(screen.getByText("HNG-2025-0412")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /Sign Out/ }).length).toBeGreaterThan(0);
    // Nothing of the dashboard: no navigation, no referrals asked for.
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  it("shows a rejected customer the reason and the way to correct the registration", async () => {
    await renderHome({ status: "REJECTED", rejectionReason: "We could not find contract number HNG-2025-9999." });
    expect(screen.getByRole("heading", { level: 1, name: "Registration Not Approved" })).toBeTruthy();
    expect(screen.getByTestId("rejection-reason").textContent).toBe("We could not find contract number HNG-2025-9999.");
    expect(screen.getByRole("link", { name: "Correct My Details" }).getAttribute("href")).toBe("/registration");
  });

  it("shows a verified customer the dashboard: greeting, progress ring, figures, tiles and recent activity", async () => {
    await renderHome(SARAH);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back, Sarah!" })).toBeTruthy();
    const hero = screen.getByRole("region", { name: "Progress towards your full refund" });
    expect(hero.textContent).toContain("33%");
    expect(hero.textContent).toContain("Complete");
    expect(hero.textContent).toContain("£3,960.00");
    expect(hero.textContent).toContain("£8,040.00");
    expect(screen.getByText("Original Purchase").parentElement?.textContent).toContain("£12,000.00");
    expect(screen.getByText("Potential Credits Earned").parentElement?.textContent).toContain("£3,960.00");
    expect(screen.getByRole("button", { name: "Add Referral" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "My Referrals" }).getAttribute("href")).toBe("/home?tab=referrals");
    expect(screen.getByRole("link", { name: "Milestones" }).getAttribute("href")).toBe("/milestones");

    const activity = within(screen.getByTestId("recent-activity")).getAllByRole("listitem");
    expect(activity.map((item) => item.querySelector("time")?.textContent)).toEqual([
      "Just now",
      "5 hours ago",
      "Yesterday",
      "60 days ago",
    ]);
    expect(activity[1]?.textContent).toContain("+£1,650.00");

    // The header: Sign Out and the profile button; the admin button only for administrators.
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Referrals", "Rewards", "Profile"]);
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "My Profile" }).getAttribute("href")).toBe("/home?tab=profile");
    expect(screen.queryByRole("link", { name: "Admin Panel" })).toBeNull();
  });

  it("leaves the page where the customer scrolled it when the dashboard first shows, and opens another tab at its top", async () => {
    const scrolls: unknown[][] = [];
    const original = window.scrollTo;
    window.scrollTo = ((...args: unknown[]) => {
      scrolls.push(args);
    }) as typeof window.scrollTo;
    try {
      await renderHome(SARAH);
      expect(scrolls).toEqual([]);
      await userEvent.setup().click(screen.getByRole("link", { name: "My Referrals" }));
      await waitFor(() => expect(scrolls).toEqual([[0, 0]]));
    } finally {
      window.scrollTo = original;
    }
  });

  it("greets a customer without a first name as Customer, and shows an administrator the admin panel button", async () => {
    await renderHome({ status: "VERIFIED", firstName: null, role: "ADMIN" });
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back, Customer!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin");
    expect(screen.getByText("No recent activity")).toBeTruthy();
  });

  it("lists the referrals with their status label and age on the Referrals tab", async () => {
    await renderHome({ ...SARAH, hasMoreReferrals: true }, "/home?tab=referrals");
    expect(screen.getByRole("heading", { level: 1, name: "My Referrals" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
    const items = within(screen.getByTestId("referral-list")).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain("Grace Lee");
    expect(items[0]?.textContent).toContain("Pending");
    expect(items[0]?.textContent).toContain("6 days ago");
    expect(items[1]?.textContent).toContain("Purchased");
    expect(items[1]?.textContent).toContain("+£1,650.00 earned");
    expect(items[2]?.textContent).toContain("Expired");
    expect(items[2]?.textContent).toContain("4 months ago");
    expect(screen.getByRole("button", { name: "Show more referrals" })).toBeTruthy();
  });

  it("says what the server says about expiry: days left, the day in the last 10 days, why it expired", async () => {
    await renderHome(
      {
        ...SARAH,
        referrals: [
          { name: "Anna Cole", status: "PENDING", expiryDisplay: "Expires on 3 March" },
          { name: "Ben Far", status: "PENDING", expiryDisplay: "42 days left" },
          { name: "Details gone", status: "EXPIRED" },
          { name: "Tom Baker", status: "PURCHASED", creditEarnedPence: 165_000 },
        ],
      },
      "/home?tab=referrals",
    );
    const items = within(screen.getByTestId("referral-list")).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Expires on 3 March");
    expect(items[1]?.textContent).toContain("42 days left");
    expect(items[2]?.textContent).toContain("Expired after 90 days without a purchase · details erased");
    expect(items[3]?.textContent).not.toContain("left");
    expect(items[3]?.textContent).not.toContain("Expire");
  });

  it("says 'No referrals yet' on the Referrals tab of a customer who has referred nobody", async () => {
    await renderHome({ status: "VERIFIED", referrals: [] }, "/home?tab=referrals");
    expect(screen.getByText("No referrals yet")).toBeTruthy();
    expect(screen.getByText("Start referring friends to earn credits!")).toBeTruthy();
    expect(screen.queryByTestId("referral-list")).toBeNull();
  });

  it("filters the referrals by status, kept in the address, with an empty state per filter", async () => {
    const { environment, history } = await renderHome(SARAH, "/home?tab=referrals");
    const user = userEvent.setup();
    const filters = screen.getByRole("group", { name: "Filter referrals by status" });
    expect(
      within(filters)
        .getAllByRole("button")
        .map((button) => [button.textContent, button.getAttribute("aria-pressed")]),
    ).toEqual([
      ["All", "true"],
      ["Pending", "false"],
      ["Purchased", "false"],
      ["Expired", "false"],
      ["Withdrawn", "false"],
    ]);

    const answer = (referrals: CustomerScenario["referrals"]) => {
      const operation = environment.mock.getMostRecentOperation();
      expect(operation.request.node.params.name).toBe("ReferralListPaginationQuery");
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          ...customerResolvers({ ...SARAH, referrals }),
          ...CUSTOMER_NODE,
        }),
      );
      return operation.request.variables;
    };

    await user.click(within(filters).getByRole("button", { name: "Pending" }));
    await waitFor(() => expect(history.at(-1)).toBe("/home?tab=referrals&status=pending"));
    expect(answer([{ name: "Grace Lee", status: "PENDING" }])).toMatchObject({ status: "PENDING" });
    await waitFor(() =>
      expect(
        within(screen.getByTestId("referral-list"))
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining("Grace Lee")]),
    );
    expect(within(filters).getByRole("button", { name: "Pending" }).getAttribute("aria-pressed")).toBe("true");

    await user.click(within(filters).getByRole("button", { name: "Withdrawn" }));
    expect(answer([])).toMatchObject({ status: "WITHDRAWN" });
    expect(await screen.findByText("No withdrawn referrals")).toBeTruthy();
    expect(history.at(-1)).toBe("/home?tab=referrals&status=withdrawn");

    // Back to all of them: the list the dashboard read, from the store.
    await user.click(screen.getByRole("button", { name: "Show all referrals" }));
    await waitFor(() => expect(history.at(-1)).toBe("/home?tab=referrals"));
    await waitFor(() => expect(within(screen.getByTestId("referral-list")).getAllByRole("listitem")).toHaveLength(3));
  });

  it("opens a filter given in the address", async () => {
    const { environment } = await renderHome(SARAH, "/home?tab=referrals&status=expired");
    await waitFor(() =>
      expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ status: "EXPIRED" }),
    );
    const operation = environment.mock.getMostRecentOperation();
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        ...customerResolvers({ ...SARAH, referrals: [] }),
        ...CUSTOMER_NODE,
      }),
    );
    expect(await screen.findByText("No expired referrals")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Expired" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("links Recent Activity to the whole history", async () => {
    await renderHome(SARAH);
    expect(screen.getByRole("link", { name: "See all activity" }).getAttribute("href")).toBe("/activity");
  });

  it("adds a referral from the bottom sheet and shows it at once in the list and the activity, without refetching", async () => {
    const { environment } = await renderHome(SARAH);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add Referral" }));
    const sheet = await screen.findByRole("dialog", { name: "Add Referral" });
    // International numbers are welcome, and the form says how to write them.
    expect(within(sheet).getByText(PHONE_HINT)).toBeTruthy();
    await user.click(within(sheet).getByRole("button", { name: "Add Referral" }));
    expect(within(sheet).getByText("Full name is required")).toBeTruthy();
    expect(within(sheet).getByText("Phone number is required")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.type(within(sheet).getByLabelText(/Full Name/), "Ruby Walker");
    await user.type(within(sheet).getByLabelText(/Phone Number/), "07400 123999");
    await user.click(within(sheet).getByRole("button", { name: "Add Referral" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("AddReferralDrawerMutation");
    expect(operation.request.variables.input).toEqual({
      name: "Ruby Walker",
      phone: "07400 123999",
      email: null,
      address: null,
    });
    environment.mock.resolve(operation, {
      data: {
        addReferral: {
          __typename: "MutationAddReferralSuccess",
          data: {
            referral: {
              __typename: "Referral",
              id: "UmVmZXJyYWw6OTk=",
              name: "Ruby Walker",
              phone: "+447400123999",
              phoneDisplay: "07400 123999",
              email: null,
              address: null,
              status: "PENDING",
              statusDisplay: "Pending",
              ageDisplay: "Today",
              channel: "TYPED",
              recordedByName: null,
              createdAt: new Date().toISOString(),
              daysRemaining: 90,
              expiryDisplay: "90 days left",
              creditEarned: null,
              cancellation: null,
            },
            activity: {
              __typename: "Activity",
              id: "QWN0aXZpdHk6OTk=",
              type: "REFERRAL_ADDED",
              description: "Referral added: Ruby Walker",
              createdAt: new Date().toISOString(),
              amount: null,
            },
          },
        },
      },
    });

    expect(await screen.findByText("Referral Added!")).toBeTruthy();
    const newest = within(screen.getByTestId("recent-activity")).getAllByRole("listitem")[0];
    expect(newest?.textContent).toContain("Referral added: Ruby Walker");
    expect(newest?.textContent).toContain("Just now");

    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Referrals" }));
    const first = within(await screen.findByTestId("referral-list")).getAllByRole("listitem")[0];
    expect(first?.textContent).toContain("Ruby Walker");
    expect(first?.textContent).toContain("Today");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("shows the server's message under 'Failed to Add Referral' and under the field", async () => {
    const { environment } = await renderHome(SARAH);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add Referral" }));
    const sheet = await screen.findByRole("dialog", { name: "Add Referral" });
    await user.type(within(sheet).getByLabelText(/Full Name/), "Tom Baker");
    await user.type(within(sheet).getByLabelText(/Phone Number/), "12345");
    await user.click(within(sheet).getByRole("button", { name: "Add Referral" }));
    environment.mock.resolveMostRecentOperation({
      data: {
        addReferral: {
          __typename: "ValidationError",
          __isError: "ValidationError",
          message: "Please enter a valid UK phone number, for example 07400 123456",
          field: "input.phone",
        },
      },
    });
    expect(await screen.findByText("Failed to Add Referral")).toBeTruthy();
    expect(within(sheet).getByText("Please enter a valid UK phone number, for example 07400 123456")).toBeTruthy();
    expect(
      within(sheet)
        .getByLabelText(/Phone Number/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
  });

  it("shows the rewards summary and milestones on the Rewards tab, and the profile on the Profile tab", async () => {
    await renderHome(SARAH, "/home?tab=rewards");
    expect(screen.getByRole("heading", { level: 1, name: "Rewards" })).toBeTruthy();
    expect(screen.getByTestId("milestone-33").textContent).toContain("Ready");
    expect(screen.getByRole("link", { name: "View Milestone Details" }).getAttribute("href")).toBe("/milestones");
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/home");

    await userEvent
      .setup()
      .click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Profile" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeTruthy();
    const main = screen.getByRole("main");
    expect(main.textContent).toContain("Sarah Johnson");
    expect(main.textContent).toContain("Verified");
    expect(main.textContent).toContain("£12,000.00");
    expect(main.textContent).toContain("1 May 2025");
  });
});

describe("fixing or withdrawing a referral (Referrals tab)", () => {
  const FRIENDS: CustomerScenario = {
    status: "VERIFIED",
    referrals: [
      { name: "Grace Lee", status: "PENDING", email: "grace@exmaple.com", address: "2 Mill Lane" },
      { name: "Tom Baker", status: "PURCHASED", creditEarnedPence: 165_000 },
      { name: "Old Friend", status: "EXPIRED" },
    ],
    activities: [{ type: "REFERRAL_ADDED", description: "Referral added: Grace Lee", createdAt: ago(HOUR) }],
  };
  const referralNode = (overrides: Record<string, unknown>) => ({
    __typename: "Referral",
    id: "UmVmZXJyYWw61",
    name: "Grace Lee",
    phone: "+447400123456",
    phoneDisplay: "07400 123456",
    email: "grace@example.com",
    address: "2 Mill Lane",
    status: "PENDING",
    statusDisplay: "Pending",
    ageDisplay: "Today",
    createdAt: new Date().toISOString(),
    daysRemaining: 90,
    creditEarned: null,
    cancellation: null,
    ...overrides,
  });
  const activityNode = (type: string, description: string) => ({
    __typename: "Activity",
    id: `QWN0aXZpdHk6${type}`,
    type,
    description,
    createdAt: new Date().toISOString(),
    amount: null,
  });

  it("offers Edit and Withdraw on a pending referral only", async () => {
    await renderHome(FRIENDS, "/home?tab=referrals");
    const [pending, purchased, expired] = within(screen.getByTestId("referral-list")).getAllByRole("listitem");
    expect(within(pending!).getByRole("button", { name: "Edit Grace Lee" })).toBeTruthy();
    expect(within(pending!).getByRole("button", { name: "Withdraw Grace Lee" })).toBeTruthy();
    for (const row of [purchased!, expired!]) expect(within(row).queryAllByRole("button")).toHaveLength(0);
  });

  it("opens the add form prefilled, saves the correction, and changes the row in place", async () => {
    const { environment } = await renderHome(FRIENDS, "/home?tab=referrals");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit Grace Lee" }));
    const sheet = await screen.findByRole("dialog", { name: "Edit Referral" });
    expect((within(sheet).getByLabelText(/Full Name/) as HTMLInputElement).value).toBe("Grace Lee");
    expect((within(sheet).getByLabelText(/Phone Number/) as HTMLInputElement).value).toBe("07400 123456");
    const email = within(sheet).getByLabelText(/Email/) as HTMLInputElement;
    expect(email.value).toBe("grace@exmaple.com");
    await user.clear(email);
    await user.type(email, "grace@example.com");
    await user.click(within(sheet).getByRole("button", { name: "Save Changes" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("AddReferralDrawerUpdateMutation");
    expect(operation.request.variables.input).toEqual({
      referralId: "UmVmZXJyYWw61",
      name: "Grace Lee",
      phone: "07400 123456",
      email: "grace@example.com",
      address: "2 Mill Lane",
    });
    environment.mock.resolve(operation, {
      data: {
        updateReferral: {
          __typename: "MutationUpdateReferralSuccess",
          data: {
            referral: referralNode({}),
            activity: activityNode("REFERRAL_UPDATED", "Referral details corrected: Grace Lee"),
          },
        },
      },
    });
    expect(await screen.findByText("Referral Updated")).toBeTruthy();
    const row = within(screen.getByTestId("referral-list")).getAllByRole("listitem")[0];
    expect(row?.textContent).toContain("grace@example.com");
    expect(within(screen.getByTestId("referral-list")).getAllByRole("listitem")).toHaveLength(3);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("closes an unchanged form without a request, and shows the server's refusal with the form still open", async () => {
    const { environment } = await renderHome(FRIENDS, "/home?tab=referrals");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit Grace Lee" }));
    const sheet = await screen.findByRole("dialog", { name: "Edit Referral" });
    // Saved unchanged, the form just closes: nothing to record.
    await user.click(within(sheet).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Referral" })).toBeNull());
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Edit Grace Lee" }));
    const reopened = await screen.findByRole("dialog", { name: "Edit Referral" });
    const email = within(reopened).getByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, "ben@example.com");
    await user.click(within(reopened).getByRole("button", { name: "Save Changes" }));
    environment.mock.resolveMostRecentOperation({
      data: {
        updateReferral: {
          __typename: "ConflictError",
          __isError: "ConflictError",
          message: "You have already referred someone with this email address.",
        },
      },
    });
    expect(await screen.findByText("Failed to Update Referral")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Edit Referral" })).toBeTruthy();
  });

  it("asks before withdrawing, says the details will be erased, then shows the row withdrawn", async () => {
    const { environment } = await renderHome(FRIENDS, "/home?tab=referrals");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Withdraw Grace Lee" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw Grace Lee?" });
    expect(dialog.textContent).toContain("will be erased straight away");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Withdraw and erase" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("WithdrawReferralDialogMutation");
    expect(operation.request.variables.input).toEqual({ referralId: "UmVmZXJyYWw61" });
    environment.mock.resolve(operation, {
      data: {
        withdrawReferral: {
          __typename: "MutationWithdrawReferralSuccess",
          data: {
            referral: referralNode({
              name: null,
              phone: null,
              email: null,
              address: null,
              status: "WITHDRAWN",
              statusDisplay: "Withdrawn",
              daysRemaining: null,
            }),
            activity: activityNode("REFERRAL_WITHDRAWN", "Referral withdrawn: their details were erased"),
          },
        },
      },
    });
    expect(await screen.findByText("Referral Withdrawn")).toBeTruthy();
    const row = within(screen.getByTestId("referral-list")).getAllByRole("listitem")[0]!;
    expect(row.textContent).toContain("Withdrawn · details erased");
    expect(row.textContent).not.toContain("Grace Lee");
    expect(within(row).queryAllByRole("button")).toHaveLength(0);
  });

  it("after a withdrawal no screen keeps the erased name: the feed's entries about the friend are replaced at once", async () => {
    const { environment } = await renderHome(FRIENDS, "/home?tab=referrals");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Withdraw Grace Lee" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw Grace Lee?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw and erase" }));
    const withdrawn = activityNode("REFERRAL_WITHDRAWN", "Referral withdrawn: their details were erased");
    environment.mock.resolveMostRecentOperation({
      data: {
        withdrawReferral: {
          __typename: "MutationWithdrawReferralSuccess",
          data: {
            referral: referralNode({
              name: null,
              phone: null,
              email: null,
              address: null,
              status: "WITHDRAWN",
              statusDisplay: "Withdrawn",
              daysRemaining: null,
            }),
            activity: withdrawn,
            // The "Referral added: Grace Lee" entry Home loaded, as the server reads it now.
            referralActivities: [
              { __typename: "Activity", id: withdrawn.id, description: withdrawn.description },
              { __typename: "Activity", id: "QWN0aXZpdHk61", description: "Referral added" },
            ],
          },
        },
      },
    });
    expect(await screen.findByText("Referral Withdrawn")).toBeTruthy();
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Home" }));
    const feed = await screen.findByTestId("recent-activity");
    expect(feed.textContent).toContain("Referral added");
    expect(document.body.textContent).not.toContain("Grace Lee");
  });

  it("explains a cancelled purchase on the friend's row, titles erased rows by what happened, and wraps a long name", async () => {
    await renderHome(
      {
        status: "VERIFIED",
        referrals: [
          {
            name: "Carla Returned Underwood-Fitzgerald",
            status: "PENDING",
            cancellation: {
              cancelledAt: "2026-11-28T10:00:00.000Z",
              categoryDisplay: "Goods returned",
              creditReversedPence: 1_100,
            },
          },
          { name: null, status: "WITHDRAWN" },
          { name: null, status: "EXPIRED" },
        ],
      },
      "/home?tab=referrals",
    );
    const [cancelled, withdrawn, expired] = within(screen.getByTestId("referral-list")).getAllByRole("listitem");
    expect(within(cancelled!).getByTestId("referral-cancellation").textContent).toBe(
      "Purchase cancelled on 28 November 2026 (goods returned): £11.00 of credit taken back.",
    );
    // The whole name, free to wrap: never cut to fit beside the badge.
    const name = within(cancelled!).getByTestId("referral-name");
    expect(name.textContent).toBe("Carla Returned Underwood-Fitzgerald");
    expect(getComputedStyle(name).textOverflow).not.toBe("ellipsis");
    expect(getComputedStyle(name).whiteSpace).not.toBe("nowrap");
    expect(within(withdrawn!).getByTestId("referral-name").textContent).toBe("Withdrawn referral");
    expect(withdrawn!.textContent).toContain("Withdrawn · details erased");
    expect(within(expired!).getByTestId("referral-name").textContent).toBe("Expired referral");
    expect(expired!.textContent).toContain("Expired after 90 days without a purchase · details erased");
  });
});
