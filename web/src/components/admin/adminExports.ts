import { fetchQuery, graphql } from "react-relay/hooks";
import type { Environment } from "relay-runtime";
import type {
  adminExportsCustomersQuery,
  adminExportsCustomersQuery$data,
} from "../../__generated__/adminExportsCustomersQuery.graphql.ts";
import type {
  adminExportsPurchasedReferralsQuery,
  adminExportsPurchasedReferralsQuery$data,
} from "../../__generated__/adminExportsPurchasedReferralsQuery.graphql.ts";
import { type CsvValue, datedFileName, saveFile, toCsv } from "../../lib/csv.ts";
import { notify, notifyFailure, notifySuccess } from "../../notifications/notify.ts";

/*
 * The Admin Panel's client-side CSV exports (docs/rules/reports.md, "Exports (CSV)"): every row, not only the pages on
 * screen, fetched a page at a time, then written as RFC 4180 with formula-safe cells into a file
 * named with the date. Columns are the list's fields; money in pounds ("120.00").
 */

/** The most a page of these connections may hold (the API's limit). */
const EXPORT_PAGE_SIZE = 100;

const customersQuery = graphql`
  query adminExportsCustomersQuery($first: Int!, $after: String) {
    customers(first: $first, after: $after) {
      edges {
        node {
          databaseId
          userName
          name
          email
          originalPurchaseAmount {
            pounds
          }
          postcode
          contractNumber
          currentCredits {
            pounds
          }
          creditsPaid {
            pounds
          }
          progressPercentage
          totalReferrals
          purchasedReferrals
          isVerified
          refundIssued
          createdAt
          milestone33Paid
          milestone66Paid
          milestone100Paid
          statusDisplay
          stageDisplay
          segmentDisplay
          overpaid {
            pounds
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const purchasedReferralsQuery = graphql`
  query adminExportsPurchasedReferralsQuery($first: Int!, $after: String) {
    purchasedReferrals(first: $first, after: $after) {
      edges {
        node {
          referralDatabaseId
          customerDatabaseId
          customerName
          amount {
            pounds
          }
          creditEarned {
            pounds
          }
          creditRatePercent
          verifiedAt
          notes
          referral {
            name
            phone
            email
            address
            statusDisplay
            createdAt
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const CUSTOMER_COLUMNS = [
  "id",
  "userName",
  "name",
  "email",
  "originalPurchaseAmount",
  "postcode",
  "contractNumber",
  "currentCredits",
  "creditsPaid",
  "progressPercentage",
  "totalReferrals",
  "purchasedReferrals",
  "isVerified",
  "refundIssued",
  "createdAt",
  "milestone33Paid",
  "milestone66Paid",
  "milestone100Paid",
  "status",
  "stage",
  "segment",
  "overpaid",
] as const;

export const PURCHASED_REFERRAL_COLUMNS = [
  "id",
  "name",
  "phone",
  "email",
  "address",
  "customerId",
  "customerName",
  "status",
  "createdAt",
  "purchaseDate",
  "purchaseAmount",
  "creditEarned",
  "creditRate",
  "notes",
] as const;

type CustomerNode = adminExportsCustomersQuery$data["customers"]["edges"][number]["node"];
type PurchaseNode = adminExportsPurchasedReferralsQuery$data["purchasedReferrals"]["edges"][number]["node"];

export function customerRow(node: CustomerNode): Record<(typeof CUSTOMER_COLUMNS)[number], CsvValue> {
  return {
    id: node.databaseId,
    userName: node.userName,
    name: node.name,
    email: node.email,
    originalPurchaseAmount: node.originalPurchaseAmount.pounds,
    postcode: node.postcode,
    contractNumber: node.contractNumber,
    currentCredits: node.currentCredits.pounds,
    creditsPaid: node.creditsPaid.pounds,
    progressPercentage: node.progressPercentage,
    totalReferrals: node.totalReferrals,
    purchasedReferrals: node.purchasedReferrals,
    isVerified: node.isVerified,
    refundIssued: node.refundIssued,
    createdAt: node.createdAt,
    milestone33Paid: node.milestone33Paid,
    milestone66Paid: node.milestone66Paid,
    milestone100Paid: node.milestone100Paid,
    status: node.statusDisplay,
    stage: node.stageDisplay,
    segment: node.segmentDisplay,
    overpaid: node.overpaid.pounds,
  };
}

export function purchasedReferralRow(
  node: PurchaseNode,
): Record<(typeof PURCHASED_REFERRAL_COLUMNS)[number], CsvValue> {
  return {
    id: node.referralDatabaseId,
    name: node.referral.name,
    phone: node.referral.phone,
    email: node.referral.email,
    address: node.referral.address,
    customerId: node.customerDatabaseId,
    customerName: node.customerName,
    status: node.referral.statusDisplay,
    createdAt: node.referral.createdAt,
    purchaseDate: node.verifiedAt,
    purchaseAmount: node.amount.pounds,
    creditEarned: node.creditEarned.pounds,
    creditRate: node.creditRatePercent,
    notes: node.notes,
  };
}

interface Page<Node> {
  edges: readonly { readonly node: Node }[];
  pageInfo: { readonly hasNextPage: boolean; readonly endCursor?: string | null | undefined };
}

/** Every node of a connection, a page at a time, from the server (not the store). */
async function fetchAll<Node>(load: (after: string | null) => Promise<Page<Node>>): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<Node> = await load(after);
    nodes.push(...page.edges.map((edge) => edge.node));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return nodes;
    after = page.pageInfo.endCursor;
  }
}

async function fetchPage<Q extends adminExportsCustomersQuery | adminExportsPurchasedReferralsQuery>(
  environment: Environment,
  query: Parameters<typeof fetchQuery<Q>>[1],
  after: string | null,
): Promise<Q["response"]> {
  const data = await fetchQuery<Q>(environment, query, { first: EXPORT_PAGE_SIZE, after } as Q["variables"], {
    fetchPolicy: "network-only",
  }).toPromise();
  if (!data) throw new Error("The server sent no data.");
  return data;
}

interface ExportSpec<Row> {
  /** "customers": the file's name before the date. */
  name: string;
  /** "customers" / "purchased referrals", for the notice. */
  noun: string;
  columns: readonly string[];
  rows: () => Promise<Row[]>;
}

async function exportCsv<Row extends Record<string, CsvValue>>(spec: ExportSpec<Row>): Promise<void> {
  try {
    const rows = await spec.rows();
    if (rows.length === 0) {
      notify({ title: "No data to export", description: `There are no ${spec.noun} to export yet.`, tone: "info" });
      return;
    }
    saveFile(datedFileName(spec.name, "csv"), toCsv(spec.columns, rows));
    notifySuccess("Export successful", `Exported ${rows.length} ${spec.noun} to CSV file.`);
  } catch (error) {
    notifyFailure("Export failed", error instanceof Error ? error.message : String(error));
  }
}

/** All Customers → Export CSV. */
export function exportCustomersCsv(environment: Environment): Promise<void> {
  return exportCsv({
    name: "customers",
    noun: "customers",
    columns: CUSTOMER_COLUMNS,
    rows: async () => {
      const nodes = await fetchAll(
        async (after) => (await fetchPage<adminExportsCustomersQuery>(environment, customersQuery, after)).customers,
      );
      return nodes.map(customerRow);
    },
  });
}

/** Purchased Referrals → Export CSV. */
export function exportPurchasedReferralsCsv(environment: Environment): Promise<void> {
  return exportCsv({
    name: "purchased-referrals",
    noun: "purchased referrals",
    columns: PURCHASED_REFERRAL_COLUMNS,
    rows: async () => {
      const nodes = await fetchAll(
        async (after) =>
          (await fetchPage<adminExportsPurchasedReferralsQuery>(environment, purchasedReferralsQuery, after))
            .purchasedReferrals,
      );
      return nodes.map(purchasedReferralRow);
    },
  });
}
