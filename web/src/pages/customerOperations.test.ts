import { readdirSync } from "node:fs";
import path from "node:path";
import type { ConcreteRequest } from "relay-runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer, startTestApp, type TestApp, type TestClient } from "../../../api/test/testApp.ts";
import { operationText } from "../../build/persistedDocuments.ts";
import { DASHBOARD_VARIABLES } from "./home/dashboardVariables.ts";

/*
 * The API refuses queries over its depth, cost, token and alias limits, and counts every fragment
 * level against them. A Relay query composed of many components' fragments can cross a limit
 * without any single component changing, so each customer operation the web app sends is sent
 * here, as the browser sends it, to the real server as a verified customer with referrals.
 */

const CUSTOMER_QUERIES = [
  "HomePageQuery",
  "HomeDashboardQuery",
  "ReferralListPaginationQuery",
  "ActivityPageQuery",
  "ActivityPageDetailsQuery",
  "ActivityHistoryPaginationQuery",
  "MilestonesPageQuery",
  "MilestonesPageDetailsQuery",
  "RegistrationPageQuery",
];
const CUSTOMER_MUTATIONS = [
  "AddReferralDrawerMutation",
  "AddReferralDrawerUpdateMutation",
  "WithdrawReferralDialogMutation",
  "MilestoneJourneyRequestPaymentMutation",
  "NameSectionMutation",
  "PasswordSectionMutation",
  "EmailSectionMutation",
  "YourDataCardDeleteMutation",
  "RegistrationFormMutation",
];
const GENERATED = path.resolve(import.meta.dirname, "../__generated__");

let app: TestApp;
let client: TestClient;
let customerGlobalId: string;

beforeAll(async () => {
  app = await startTestApp();
  const customer = await signedInCustomer(app, "limitsCustomer");
  client = customer.client;
  for (let i = 0; i < 12; i++) {
    const added = await client.graphql(
      `mutation { addReferral(input: { name: "Friend ${i}", phone: "07400 1234${String(i).padStart(2, "0")}" }) { __typename } }`,
    );
    expect(added.data?.addReferral.__typename).toBe("MutationAddReferralSuccess");
  }
  const viewer = await client.graphql("{ viewer { customer { id } } }");
  customerGlobalId = viewer.data.viewer.customer.id;
});
afterAll(async () => {
  await app?.close();
});

async function operation(name: string): Promise<ConcreteRequest> {
  return (await import(path.join(GENERATED, `${name}.graphql.ts`))).default as ConcreteRequest;
}

function variablesFor(name: string): Record<string, unknown> {
  if (name === "HomeDashboardQuery") return DASHBOARD_VARIABLES;
  if (name === "ReferralListPaginationQuery")
    return { count: 10, cursor: null, status: "PENDING", id: customerGlobalId };
  if (name === "ActivityPageDetailsQuery") return { count: 10 };
  if (name === "ActivityHistoryPaginationQuery") return { count: 10, cursor: null, id: customerGlobalId };
  return {};
}

describe("the customer app's GraphQL operations", () => {
  it("are all listed here", () => {
    // A new customer operation must be added above, so it is checked against the limits too.
    const ours = readdirSync(GENERATED)
      .map((file) => file.replace(/\.graphql\.ts$/, ""))
      .filter((name) =>
        /^(Home|ReferralList|Activity|Milestones?|Registration|AddReferral|WithdrawReferral|NameSection|PasswordSection|EmailSection|YourData)\w*(Query|Mutation)$/.test(
          name,
        ),
      );
    expect(ours.sort()).toEqual([...CUSTOMER_QUERIES, ...CUSTOMER_MUTATIONS].sort());
  });

  for (const name of CUSTOMER_QUERIES) {
    it(`${name} passes the server's query limits and answers without errors`, async () => {
      const request = await operation(name);
      const result = await client.graphql(operationText(request.params), variablesFor(name));
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      expect(result.data).toBeTruthy();
    });
  }

  for (const name of CUSTOMER_MUTATIONS) {
    it(`${name} passes the server's query limits`, async () => {
      const request = await operation(name);
      // Without its variables the mutation is validated (where the limits apply) but never runs.
      const result = await client.graphql(operationText(request.params), {});
      const messages = (result.errors ?? []).map((error: { message: string }) => error.message);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toMatch(/^Variable "\$\w+" of required type/);
    });
  }
});
