import { operationText } from "../web/build/persistedDocuments.ts";
import AdminCustomerHistoryQuery from "../web/src/__generated__/AdminCustomerHistoryQuery.graphql.ts";
import AdminCustomerPageQuery from "../web/src/__generated__/AdminCustomerPageQuery.graphql.ts";
import HomeDashboardQuery from "../web/src/__generated__/HomeDashboardQuery.graphql.ts";
import { DASHBOARD_VARIABLES } from "../web/src/pages/home/dashboardVariables.ts";
import { friendName } from "./seed.ts";

// The requests the benchmark measures (sections b, c and d). bench/queryPlans.test.ts checks the
// same list: every SQL statement they send uses an index, and their statement counts do not grow
// with the data.

export const ADMIN_CUSTOMERS_QUERY = `query BenchAdminCustomers($after: String) {
  customers(first: 50, after: $after) {
    edges { cursor node { databaseId userName email status stage segment originalPurchaseAmount { pence } currentCredits { pence } creditsPaid { pence } progressPercentage totalReferrals purchasedReferrals } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** An administrator looking a customer up by part of a name: about one customer in 2,000 matches. */
export const ADMIN_CUSTOMER_SEARCH_QUERY = `query BenchAdminCustomerSearch($search: String!) {
  customers(first: 50, filter: { search: $search }) {
    edges { node { databaseId userName email status currentCredits { pence } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export interface MeasuredRequest {
  group: "b" | "c" | "d";
  name: string;
  signedInAs: "customer" | "admin";
  /** A GraphQL POST to /graphql, or a GET of a REST path. */
  /** `persistedId`: sent instead of the text, as the web app sends it (production runs only those for customers). */
  graphql?: { query: string; persistedId?: string; variables?: Record<string, unknown> };
  path?: string;
  /** Ask for a page deep in the list: the harness walks the list to take a cursor about 80% through. */
  deepPage?: boolean;
  /** About one customer (the admin customer page): the harness sets `databaseId` to a customer's. */
  customerPage?: boolean;
  connections: number;
  /** Measured and checked like the rest, but it has no budget (the queues beyond the customer list). */
  withoutBudget?: true;
}

export const MEASURED_REQUESTS: MeasuredRequest[] = [
  {
    group: "b",
    name: "dashboard (GraphQL)",
    signedInAs: "customer",
    // The web app's own dashboard request: production takes no other document from a customer.
    graphql: {
      query: operationText(HomeDashboardQuery.params),
      persistedId: HomeDashboardQuery.params.id ?? undefined,
      variables: DASHBOARD_VARIABLES,
    },
    connections: 50,
  },
  ...["/api/customer/profile", "/api/referrals", "/api/activities", "/api/customer/milestones"].map(
    (path): MeasuredRequest => ({ group: "b", name: `REST ${path}`, signedInAs: "customer", path, connections: 50 }),
  ),
  {
    group: "c",
    name: "customers, first page of 50",
    signedInAs: "admin",
    graphql: { query: ADMIN_CUSTOMERS_QUERY },
    connections: 10,
  },
  {
    group: "c",
    name: "customers, a deep page (cursor)",
    signedInAs: "admin",
    graphql: { query: ADMIN_CUSTOMERS_QUERY },
    deepPage: true,
    connections: 10,
  },
  {
    group: "c",
    name: "customers, search by name",
    signedInAs: "admin",
    graphql: { query: ADMIN_CUSTOMER_SEARCH_QUERY, variables: { search: "last1234" } },
    connections: 10,
  },
  ...[
    "/api/admin/customers?limit=50",
    "/api/admin/customers-detailed?limit=50",
    "/api/admin/referrals-detailed?limit=50",
  ].map((path): MeasuredRequest => ({ group: "c", name: `REST ${path}`, signedInAs: "admin", path, connections: 10 })),
  ...[
    "/api/admin/referrals/pending?limit=50",
    "/api/admin/pending-customers?limit=50",
    "/api/admin/pending-milestones?limit=50",
    "/api/admin/purchased-referrals?limit=50",
  ].map(
    (path): MeasuredRequest => ({
      group: "c",
      name: `REST ${path}`,
      signedInAs: "admin",
      path,
      connections: 10,
      withoutBudget: true,
    }),
  ),
  // The admin search (docs/rules/lists.md) on each list, as an administrator types it: a phone in another
  // format, a name, a contract number (db/search.ts; every one reads the trigram indexes).
  ...[
    "/api/admin/customers?limit=50&search=Last1234",
    "/api/admin/pending-customers?limit=50&search=last1236",
    "/api/admin/referrals/pending?limit=50&search=07000%20001235",
    `/api/admin/purchased-referrals?limit=50&search=${encodeURIComponent(friendName(1230))}`,
    "/api/admin/pending-milestones?limit=50&search=HNG-001234",
  ].map(
    (path): MeasuredRequest => ({
      group: "c",
      name: `REST ${path} (search)`,
      signedInAs: "admin",
      path,
      connections: 10,
    }),
  ),
  // The admin customer page (docs/rules/customers.md) as the web app asks for it: the story, then its history.
  ...[AdminCustomerPageQuery, AdminCustomerHistoryQuery].map(
    (operation): MeasuredRequest => ({
      group: "c",
      name: `customer page, ${operation.params.name}`,
      signedInAs: "admin",
      graphql: { query: operationText(operation.params), variables: { count: 20, requestCount: 50 } },
      customerPage: true,
      connections: 10,
    }),
  ),
  ...[
    "/api/admin/analytics",
    "/api/admin/customer-segments",
    "/api/admin/revenue-trends",
    "/api/admin/referral-metrics",
    "/api/admin/audit-logs",
  ].map((path): MeasuredRequest => ({ group: "d", name: `REST ${path}`, signedInAs: "admin", path, connections: 10 })),
];

/** What the deep page and the customer page of the measured requests ask for, read once from the seeded programme. */
export interface MeasuredTargets {
  deepCursor: string | null;
  storyCustomer: number | null;
}

/** The targets `requests` ask for, looked up as an administrator: `adminGraphql` runs a query and returns its data. */
export async function lookUpTargets(
  adminGraphql: (query: string, variables?: Record<string, unknown>) => Promise<any>,
  requests: MeasuredRequest[],
  customers: number,
): Promise<MeasuredTargets> {
  const deepQuery = MEASURED_REQUESTS.find((request) => request.deepPage)?.graphql?.query ?? "";
  return {
    deepCursor: requests.some((request) => request.deepPage)
      ? await deepCustomersCursor((after) => adminGraphql(deepQuery, { after }), customers)
      : null,
    storyCustomer: requests.some((request) => request.customerPage)
      ? await storyCustomerId(() => adminGraphql(STORY_CUSTOMER_QUERY))
      : null,
  };
}

/** A measured GraphQL request's variables: its own, with the deep page's cursor or the customer's id it asks for. */
export function requestVariables(request: MeasuredRequest, { deepCursor, storyCustomer }: MeasuredTargets) {
  return {
    ...request.graphql?.variables,
    ...(request.deepPage ? { after: deepCursor } : {}),
    ...(request.customerPage ? { databaseId: storyCustomer } : {}),
  };
}

/** The cursor of a page about 80% through the administrator's customer list. */
async function deepCustomersCursor(
  fetchPage: (after: string | null) => Promise<{ customers: { pageInfo: { endCursor: string | null } } }>,
  customers: number,
): Promise<string | null> {
  let cursor: string | null = null;
  const pages = Math.max(1, Math.floor((customers * 0.8) / 50));
  for (let page = 0; page < pages; page++) cursor = (await fetchPage(cursor)).customers.pageInfo.endCursor;
  return cursor;
}

/** The customer with the most credits: a whole story (purchases, ledger, referrals) at any size, for the customer page. */
const STORY_CUSTOMER_QUERY = `query BenchStoryCustomer {
  customers(first: 1, orderBy: CREDITS_DESC) { edges { node { databaseId } } }
}`;

async function storyCustomerId(
  fetchFirst: () => Promise<{ customers: { edges: { node: { databaseId: number } }[] } }>,
): Promise<number> {
  const first = (await fetchFirst()).customers.edges[0];
  if (!first) throw new Error("the benchmark's programme has no customer");
  return first.node.databaseId;
}
