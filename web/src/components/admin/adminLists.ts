import { ConnectionHandler, type RecordSourceSelectorProxy } from "relay-runtime";

/*
 * The admin lists are Relay connections, one per tab, each loaded when its tab opens. A mutation
 * updates the list it was made from in the store (an edge removed, a count lowered) and marks the
 * other lists it changes as stale, so they load afresh the next time their tab opens, instead of
 * every list being fetched again after every action.
 */

/** The @connection keys (all with `filters: []`, so each is one record under the root). */
export const ADMIN_CONNECTIONS = {
  pendingReferrals: "AdminPendingReferrals_pendingReferrals",
  pendingCustomers: "AdminCustomerApproval_pendingCustomers",
  milestonePayments: "AdminMilestonePayments_pendingMilestonePayments",
  allCustomers: "AdminAllCustomers_customers",
  purchasedReferrals: "AdminPurchasedReferrals_purchasedReferrals",
  customerDetails: "AdminCustomerDetails_customers",
  referralDetails: "AdminReferralDetails_referralDetails",
} as const;

export type AdminList = keyof typeof ADMIN_CONNECTIONS;

/** Marks lists stale: their queries fetch again when next rendered. */
export function invalidateAdminLists(store: RecordSourceSelectorProxy, lists: readonly AdminList[]): void {
  const root = store.getRoot();
  for (const list of lists) ConnectionHandler.getConnection(root, ADMIN_CONNECTIONS[list])?.invalidateRecord();
}

/** Takes a row out of a list's connection in the store (a decided request, a verified referral). */
export function removeFromList(store: RecordSourceSelectorProxy, connectionId: string, id: string): void {
  const connection = store.get(connectionId);
  if (connection) ConnectionHandler.deleteNode(connection, id);
}

/** Moves a connection's totalCount by `delta` after an edge was added or removed. */
export function adjustTotalCount(store: RecordSourceSelectorProxy, connectionId: string, delta: number): void {
  const connection = store.get(connectionId);
  const count = connection?.getValue("totalCount");
  if (connection && typeof count === "number") connection.setValue(Math.max(0, count + delta), "totalCount");
}

/** Page sizes: passed to the connections as variables (a literal `first` multiplies the query's cost). */
export const ADMIN_PAGE_SIZE = 20;
/** Verifications awaiting approval shown at once: a handful wait at any time, each for one administrator's decision. */
export const VERIFICATION_REQUESTS_SHOWN = 50;

/** How many of a list's newest rows a live event asks for (useArrivals.ts). */
export const NEWEST_ROWS = 10;

/** The tab labels' counts (AdminCounts.tsx): lists without a totalCount are counted up to this many ("100+" beyond). */
export const ADMIN_COUNTS_VARIABLES = { countWindow: 100 };

/** After a payment: a customer with nothing more ready to pay leaves the Milestone Payments list. */
export function removeCustomerIfNothingReady(
  store: RecordSourceSelectorProxy,
  connectionId: string,
  customerId: string,
): void {
  const paidCustomer = store.get(customerId);
  const stillReady = (paidCustomer?.getLinkedRecords("milestones") ?? []).some((m) => m?.getValue("state") === "READY");
  const connection = store.get(connectionId);
  if (stillReady || !connection) return;
  for (const edge of connection.getLinkedRecords("edges") ?? []) {
    const node = edge?.getLinkedRecord("node");
    if (node?.getLinkedRecord("customer")?.getDataID() === customerId)
      ConnectionHandler.deleteNode(connection, node.getDataID());
  }
}
