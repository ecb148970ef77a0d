import { describe, expect } from "vitest";
import HomeDashboardQuery from "../../../web/src/__generated__/HomeDashboardQuery.graphql.ts";
import { it } from "../../test/fixtures.ts";
import { insertActor, insertMilestonePayment, insertPurchase, insertReferral } from "../../test/rows.ts";
import { recordStatements } from "../../test/sqlStatements.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";

let recorder: ReturnType<typeof recordStatements>;

it.beforeAll(({ app }) => {
  recorder = recordStatements(app);
});
it.afterAll(async () => {
  await recorder?.close();
});

/** The SQL statements the server sent (through Prisma and plain SQL) while the request ran. */
async function sqlStatementsFor(request: () => Promise<unknown>): Promise<string[]> {
  return (await recorder.during(request)).map((statement) => statement.text);
}

const DASHBOARD_QUERY = `query Dashboard {
  viewer {
    firstName
    customer {
      databaseId status isVerified originalPurchaseAmount { pounds } currentCredits { pounds } creditsPaid { pounds }
      progressPercentage remainingToTarget { pounds } milestone33Paid milestone66Paid milestone100Paid refundIssued
      referrals(first: 10) {
        edges { node { id name phone status statusDisplay daysRemaining ageDisplay purchaseAmount { pounds } purchaseDate creditEarned { pounds } } }
        pageInfo { hasNextPage endCursor }
      }
      activities(first: 10) { edges { node { id type description amount { pounds } createdAt } } }
      milestones { key state threshold { pounds } tranche { pounds } paidAt }
      milestonePayments { milestoneType amount { pounds } paidAt }
    }
  }
}`;

/** A verified customer with `count` referrals, every third one purchased, and one milestone paid. */
async function customerWithReferrals(app: TestApp, username: string, count: number) {
  const customer = await signedInCustomer(app, username, { originalPurchaseAmount: "500.00" });
  const actorId = await insertActor(app.db, `${username}-actor`);
  for (let i = 0; i < count; i++) {
    const referral = await insertReferral(app.db, customer.customerId, { name: `Friend ${i}` });
    await app.db.activity.create({
      data: {
        customerId: customer.customerId,
        type: "REFERRAL_ADDED",
        description: "Referral added",
        referralId: referral.id,
      },
    });
    if (i % 3 === 0)
      await insertPurchase(app.db, {
        referralId: referral.id,
        customerId: customer.customerId,
        amountPence: 10_000 + i,
        creditPence: 1_100,
        actorId,
      });
  }
  await insertMilestonePayment(app.db, {
    customerId: customer.customerId,
    milestone: "M33",
    amountPence: 16_500,
    actorId,
  });
  return customer;
}

describe("no N+1 on the customer's dashboard", () => {
  it("sends the same number of SQL statements with 2 referrals as with 30", async ({ app }) => {
    const small = await customerWithReferrals(app, "fewReferrals", 2);
    const large = await customerWithReferrals(app, "manyReferrals", 30);

    const run = async (client: typeof small.client) => {
      const result = await client.graphql(DASHBOARD_QUERY);
      expect(result.errors).toBeUndefined();
      return result.data.viewer.customer;
    };
    const smallStatements = await sqlStatementsFor(() => run(small.client));
    let largeData: any;
    const largeStatements = await sqlStatementsFor(async () => {
      largeData = await run(large.client);
    });

    expect(largeData.referrals.edges).toHaveLength(10);
    expect(largeData.referrals.pageInfo.hasNextPage).toBe(true);
    expect(largeData.activities.edges).toHaveLength(10);
    expect(largeData.referrals.edges.filter((e: any) => e.node.purchaseAmount !== null).length).toBeGreaterThan(0);
    expect(largeData.currentCredits.pounds).toBe("110.00");
    expect(largeData.milestonePayments).toHaveLength(1);

    expect(smallStatements.length).toBeGreaterThan(0);
    expect(largeStatements.length).toBe(smallStatements.length);
    // The session's user with the profile, its credits and milestone payments; then one for both
    // pages (referrals with their live purchases and credits, activities with referral names):
    // two, whatever the size.
    expect(largeStatements.length).toBe(2);
  });

  it("keeps GET /api/referrals and GET /api/activities flat too", async ({ app }) => {
    const small = await customerWithReferrals(app, "restFew", 2);
    const large = await customerWithReferrals(app, "restMany", 30);
    for (const path of ["/api/referrals", "/api/activities", "/api/customer/milestones", "/api/customer/profile"]) {
      // Asked once before, as the server has been (the viewer's first pages are then read with the viewer).
      await small.client.get(path);
      let smallBody: any;
      let largeBody: any;
      const smallStatements = await sqlStatementsFor(async () => {
        smallBody = (await small.client.get(path)).body;
      });
      const largeStatements = await sqlStatementsFor(async () => {
        largeBody = (await large.client.get(path)).body;
      });
      expect(smallBody, path).toBeTruthy();
      expect(largeBody, path).toBeTruthy();
      expect(largeStatements.length, path).toBe(smallStatements.length);
    }
  });
});

describe("the viewer's first pages, read with the viewer when asked again", () => {
  // Variables no other test asks with: the server remembers each ask's pages for as long as it runs.
  const variables = { referralCount: 7, activityCount: 5 };
  const namesOf = (data: any): string[] => data.viewer.customer.referrals.edges.map((edge: any) => edge.node.name);
  /** A customer's first visit makes their share link: a visit with other variables does that first. */
  const firstVisit = (client: TestClient) =>
    client.persisted(HomeDashboardQuery, { referralCount: 2, activityCount: 2 });

  it("answers the web app's dashboard with one statement the second time, the same answer", async ({ app }) => {
    const customer = await customerWithReferrals(app, "askedTwice", 12);
    await firstVisit(customer.client);
    let first: any;
    const firstStatements = await sqlStatementsFor(async () => {
      first = await customer.client.persisted(HomeDashboardQuery, variables);
    });
    let second: any;
    const secondStatements = await sqlStatementsFor(async () => {
      second = await customer.client.persisted(HomeDashboardQuery, variables);
    });
    expect(first.errors).toBeUndefined();
    expect(namesOf(first.data)).toHaveLength(7);
    expect(firstStatements).toHaveLength(2);
    expect(secondStatements).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it("reads each viewer's own pages, and what changed since", async ({ app }) => {
    const one = await customerWithReferrals(app, "firstViewer", 3);
    const other = await customerWithReferrals(app, "secondViewer", 2);
    await firstVisit(other.client);
    await one.client.persisted(HomeDashboardQuery, variables);
    let before: any;
    const otherStatements = await sqlStatementsFor(async () => {
      before = await other.client.persisted(HomeDashboardQuery, variables);
    });
    expect(namesOf(before.data)).toEqual(["Friend 1", "Friend 0"]);
    expect(otherStatements).toHaveLength(1);

    const added = await other.client.graphql(
      `mutation { addReferral(input: { name: "Newest Friend", phone: "07400 123457" }) { __typename } }`,
    );
    expect(added.data.addReferral.__typename).toBe("MutationAddReferralSuccess");
    const after = await other.client.persisted(HomeDashboardQuery, variables);
    expect(namesOf(after.data)).toEqual(["Newest Friend", "Friend 1", "Friend 0"]);
    const activities = (data: any) => data.viewer.customer.activities.edges;
    expect(activities(after.data)).toHaveLength(activities(before.data).length + 1);
  });

  it("answers GET /api/referrals and /api/activities with one statement the second time", async ({ app }) => {
    const customer = await customerWithReferrals(app, "restTwice", 4);
    for (const path of ["/api/referrals?limit=3", "/api/activities?limit=3"]) {
      let first: any;
      const firstStatements = await sqlStatementsFor(async () => {
        first = await customer.client.get(path);
      });
      let second: any;
      const secondStatements = await sqlStatementsFor(async () => {
        second = await customer.client.get(path);
      });
      expect(first.status, path).toBe(200);
      expect(firstStatements, path).toHaveLength(2);
      expect(secondStatements, path).toHaveLength(1);
      expect(second.body, path).toEqual(first.body);
    }
  });
});
