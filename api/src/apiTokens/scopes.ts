import {
  type ASTNode,
  BREAK,
  type DocumentNode,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  type OperationTypeNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";
import type { ApiTokenScope } from "../graphql/context.ts";

export const API_TOKEN_SCOPES = ["read", "purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];

/** Who the token acts for (`viewer`) and objects by id (`node`, `nodes`): the lookups the lists below need. */
const LOOKUPS = ["viewer", "node", "nodes"];

/** The Query root fields a `read` token runs: customers, referrals, milestones and analytics. */
export const READ_QUERIES = new Set([
  ...["customers", "customer", "pendingCustomers", "customerSegments"],
  ...["referralDetails", "pendingReferrals", "purchasedReferrals", "purchaseCancellations", "referralFunnel"],
  ...["pendingMilestonePayments", "pendingPayoutRequests", "openPaymentRequestCount"],
  ...["analytics", "revenueByPeriod", "revenueTrends", "topPerformers"],
  ...LOOKUPS,
]);

/** The reads a `purchases:write` token runs: the referrals waiting for a purchase and those purchased, to act on. */
export const PURCHASE_WRITE_QUERIES = new Set(["pendingReferrals", "purchasedReferrals", ...LOOKUPS]);

/** The only mutations a `purchases:write` token may run (each is audited with the token's name). */
export const PURCHASE_WRITE_MUTATIONS = new Set(["verifyPurchase", "cancelReferralPurchase"]);

/**
 * What stays for `admin` tokens wherever it appears inside an allowed answer (node(id) included):
 * the audit trail, emails and tokens (as types), and the creator's own data download.
 */
export const ADMIN_TOKEN_ONLY = new Set([
  "AuditEntry",
  "OutboxEmail",
  "ApiToken",
  "Customer.auditEntries",
  "Customer.emails",
  "User.myData",
]);

/**
 * May a token with these scopes run this root field? The one place the scopes are defined:
 * `read` runs READ_QUERIES, `purchases:write` PURCHASE_WRITE_QUERIES and the two purchase mutations,
 * `admin` everything an administrator can do. Field guards stay `admin: true`.
 */
export function tokenMayRun(scopes: readonly ApiTokenScope[], operation: `${OperationTypeNode}`, field: string) {
  if (scopes.includes("admin")) return true;
  if (operation === "query")
    return (
      (scopes.includes("read") && READ_QUERIES.has(field)) ||
      (scopes.includes("purchases:write") && PURCHASE_WRITE_QUERIES.has(field))
    );
  if (operation === "mutation") return scopes.includes("purchases:write") && PURCHASE_WRITE_MUTATIONS.has(field);
  return false;
}

/** The report downloads (GET /api/admin/reports/:name) a `read` token may take: the same data its queries read. */
export const READ_REPORTS = new Set(["customers", "referral-details", "purchased-referrals", "milestone-payments"]);

/** May a token with these scopes download this report? The audit log stays `admin`, as its query does. */
export function tokenMayDownloadReport(scopes: readonly ApiTokenScope[], report: string): boolean {
  return scopes.includes("admin") || (scopes.includes("read") && READ_REPORTS.has(report));
}

/** What a refused operation answers (FORBIDDEN, REST 403): none of its fields runs. */
export const SCOPE_REFUSAL_MESSAGE = "This API token's scopes do not allow this operation.";

/** Decisions per parsed document (Yoga's parse cache and the REST routes reuse the same DocumentNode). */
const decided = new WeakMap<DocumentNode, Map<string, boolean>>();

/**
 * Whether the token may run every field of the operation: its root fields by tokenMayRun, and,
 * below them, nothing of ADMIN_TOKEN_ONLY unless it is an `admin` token (fragments are followed).
 */
export function tokenMayRunOperation(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  if (scopes.includes("admin")) return true;
  const key = `${scopes.join(",")}|${operationName ?? ""}`;
  const byKey = decided.get(document) ?? new Map<string, boolean>();
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const allowed = decide(scopes, schema, document, operationName);
  byKey.set(key, allowed);
  decided.set(document, byKey);
  return allowed;
}

function decide(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation) return false;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const roots = new Map<string, `${OperationTypeNode}`>(
    (["query", "mutation", "subscription"] as const).flatMap((kind) => {
      const type = schema.getRootType(kind as OperationTypeNode);
      return type ? [[type.name, kind] as const] : [];
    }),
  );
  const pending: ASTNode[] = [operation];
  const seen = new Set<string>();
  let allowed = true;
  while (allowed && pending.length > 0) {
    const definition = pending.pop() as ASTNode;
    const typeInfo = new TypeInfo(schema);
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !seen.has(spread.name.value)) {
            seen.add(spread.name.value);
            pending.push(fragment);
          }
        },
        Field(field) {
          const name = field.name.value;
          if (name.startsWith("__")) return;
          const parent = typeInfo.getParentType()?.name;
          const root = parent === undefined ? undefined : roots.get(parent);
          const ok =
            parent !== undefined &&
            typeInfo.getFieldDef() != null &&
            (root
              ? tokenMayRun(scopes, root, name)
              : !ADMIN_TOKEN_ONLY.has(parent) && !ADMIN_TOKEN_ONLY.has(`${parent}.${name}`));
          if (ok) return undefined;
          allowed = false;
          return BREAK;
        },
      }),
    );
  }
  return allowed;
}
