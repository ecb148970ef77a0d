import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from "react-relay/hooks";
import type { AdminCountsQuery, AdminCountsQuery$data } from "../../__generated__/AdminCountsQuery.graphql.ts";
import { ADMIN_COUNTS_VARIABLES } from "./adminLists.ts";

/*
 * The counts in the Admin Panel's tab labels ("Customer Approval (3)"): one small query, asked
 * again after each action so every label stays true without reloading the lists themselves.
 */

const countsQuery = graphql`
  query AdminCountsQuery($countWindow: Int!) {
    pendingReferrals(first: 1) {
      totalCount
    }
    pendingCustomers(first: $countWindow) {
      edges {
        cursor
      }
      pageInfo {
        hasNextPage
      }
    }
    pendingMilestonePayments(first: $countWindow) {
      edges {
        cursor
      }
      pageInfo {
        hasNextPage
      }
    }
    openPaymentRequestCount
    customers(first: 1) {
      totalCount
    }
    purchasedReferrals(first: 1) {
      totalCount
    }
    emailStats {
      pending
    }
  }
`;

export type AdminCountName =
  | "pendingReferrals"
  | "pendingCustomers"
  | "milestonePayments"
  | "paymentRequests"
  | "allCustomers"
  | "purchasedReferrals"
  | "pendingEmails";

function countOf(data: AdminCountsQuery$data, name: AdminCountName): string {
  const windowed = (list: { edges: readonly unknown[]; pageInfo: { hasNextPage: boolean } }) =>
    `${list.edges.length}${list.pageInfo.hasNextPage ? "+" : ""}`;
  switch (name) {
    case "pendingReferrals":
      return String(data.pendingReferrals.totalCount);
    case "pendingCustomers":
      return windowed(data.pendingCustomers);
    case "milestonePayments":
      // The customers' payment requests waiting, when there are any: "3, 1 requested".
      return data.openPaymentRequestCount > 0
        ? `${windowed(data.pendingMilestonePayments)}, ${data.openPaymentRequestCount} requested`
        : windowed(data.pendingMilestonePayments);
    case "paymentRequests":
      return String(data.openPaymentRequestCount);
    case "allCustomers":
      return String(data.customers.totalCount);
    case "purchasedReferrals":
      return String(data.purchasedReferrals.totalCount);
    case "pendingEmails":
      return String(data.emailStats.pending);
  }
}

/** " (3)" once the counts have loaded; render it inside a Suspense boundary. */
export function AdminCount({ name }: { name: AdminCountName }) {
  const data = useLazyLoadQuery<AdminCountsQuery>(countsQuery, ADMIN_COUNTS_VARIABLES, {
    fetchPolicy: "store-or-network",
  });
  return <span data-testid={`count-${name}`}> ({countOf(data, name)})</span>;
}

const RefreshCountsContext = createContext<() => void>(() => {});

/** Lets every tab ask for fresh counts after an action. */
export function AdminCountsProvider({ children }: { children: ReactNode }) {
  const environment = useRelayEnvironment();
  const refresh = useCallback(() => {
    fetchQuery<AdminCountsQuery>(environment, countsQuery, ADMIN_COUNTS_VARIABLES, {
      fetchPolicy: "network-only",
    }).subscribe({
      // A count that fails to refresh keeps its last value; the action itself succeeded.
      error: () => {},
    });
  }, [environment]);
  const value = useMemo(() => refresh, [refresh]);
  return <RefreshCountsContext.Provider value={value}>{children}</RefreshCountsContext.Provider>;
}

/** Call after an action that changes what the tab labels count. */
export function useRefreshAdminCounts(): () => void {
  return useContext(RefreshCountsContext);
}
