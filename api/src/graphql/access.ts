// Who may use what: the one table of the API's object types, mutations and subscriptions, with the
// token scopes and the roles each allows (docs/api.md, "API tokens"; docs/rules/roles.md). API token
// decisions are derived from it (apiTokens/scopes.ts, node(id) and nodes(ids) in nodeAccess.ts, report
// downloads); a user's role and the second factor it needs are read from USER_ROLES (the admin gate,
// secondFactor/adminGate.ts); the roles are enforced by each field's and type's scope-auth guards, and
// access.test.ts checks they say the same.
import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from "graphql";
import type { ApiTokenScope } from "./context.ts";

/** Who a caller is, as the table names them: signed out, or the role of the signed-in user. */
export type Role = "anonymous" | "customer" | "staff" | "admin";

/** A user's stored role (the `Role` enum of prisma/schema.prisma). */
export type UserRole = "CUSTOMER" | "STAFF" | "ADMIN";

/** The setting that makes a role enrol a second factor before anything its role alone allows. */
export type SecondFactorSetting = "requireAdminMfa" | "requireStaffMfa";

/**
 * Each stored role: the name the table uses, whether its holders may enrol a second factor, and the
 * setting under which they must before acting in their role (docs/rules/roles.md).
 */
export const USER_ROLES: Record<
  UserRole,
  { role: Role; mayEnrolSecondFactor: boolean; secondFactorRequiredBy: SecondFactorSetting | null }
> = {
  CUSTOMER: { role: "customer", mayEnrolSecondFactor: false, secondFactorRequiredBy: null },
  STAFF: { role: "staff", mayEnrolSecondFactor: true, secondFactorRequiredBy: "requireStaffMfa" },
  ADMIN: { role: "admin", mayEnrolSecondFactor: true, secondFactorRequiredBy: "requireAdminMfa" },
};

/** The caller's role as the table names it. */
export function roleOf(viewer: { role: UserRole } | null | undefined): Role {
  return viewer ? USER_ROLES[viewer.role].role : "anonymous";
}

/** What a staff member refused on an administrator's path answers (FORBIDDEN, REST 403), and is audited. */
export const STAFF_REFUSAL_MESSAGE = "Staff accounts cannot do this: it is for administrators.";

/** What a token's refused operation or object answers (FORBIDDEN, REST 403). */
export const SCOPE_REFUSAL_MESSAGE = "This API token's scopes do not allow this operation.";

/**
 * `scopes`: the token scopes that read the type wherever it is reached: root fields, node(id),
 * nodes(ids), nested fields, subscriptions. `within`: scopes that read only the listed fields of
 * it, and only as part of an answer they may read (never from a root field, node or nodes).
 * `roles`: who reads it with a session (a customer only their own, as the type's guard says).
 */
export interface TypeAccess {
  scopes: readonly ApiTokenScope[];
  roles: readonly Role[];
  within?: Partial<Record<ApiTokenScope, readonly string[]>>;
}

/** A mutation or subscription: the scopes whose tokens may run it and the roles whose sessions may. */
export interface OperationAccess {
  scopes: readonly ApiTokenScope[];
  roles: readonly Role[];
}

const ALL = ["read", "purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];
const READ = ["read", "admin"] as const satisfies readonly ApiTokenScope[];
const PURCHASES = ["read", "purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];
const PURCHASE_WRITES = ["purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];
const ADMIN = ["admin"] as const satisfies readonly ApiTokenScope[];
/** A signed-in person's own account operations: never a token's, whatever its scopes. */
const NO_TOKEN = [] as const satisfies readonly ApiTokenScope[];

const EVERYONE: readonly Role[] = ["anonymous", "customer", "staff", "admin"];
const SIGNED_IN: readonly Role[] = ["customer", "staff", "admin"];
const CUSTOMERS: readonly Role[] = ["customer"];
const ADMINS: readonly Role[] = ["admin"];
/** The showroom's work (docs/rules/roles.md, "What staff do"): staff, and administrators too. */
const STAFF_AND_ADMINS: readonly Role[] = ["staff", "admin"];

/**
 * Every object type that carries data. Types that only wrap others (connections, edges, PageInfo,
 * a mutation's `...Success` result) and the typed errors follow what they carry (`carriedTypes`).
 */
export const TYPE_ACCESS: Record<string, TypeAccess> = {
  // Customers and their accounts.
  Customer: {
    scopes: READ,
    roles: SIGNED_IN,
    // A purchase's referrer, as the purchase lists and payloads show them: not the contract or postcode.
    within: { "purchases:write": ["id", "databaseId", "currentCredits", "creditsPaid", "user"] },
  },
  User: {
    scopes: READ,
    roles: SIGNED_IN,
    within: { "purchases:write": ["id", "databaseId", "username", "firstName", "lastName", "email"] },
  },
  AdminCustomer: { scopes: READ, roles: ADMINS },
  SegmentCount: { scopes: READ, roles: ADMINS },
  Activity: { scopes: READ, roles: SIGNED_IN },
  CreditLedgerLine: { scopes: READ, roles: ADMINS },
  // Referrals and purchases: what a purchases:write token acts on.
  Referral: { scopes: PURCHASES, roles: SIGNED_IN },
  ReferralCancellation: { scopes: PURCHASES, roles: SIGNED_IN },
  ReferralPurchase: { scopes: PURCHASES, roles: ADMINS },
  // A hold for review (docs/rules/fraud.md, "Holds"): administrators' business, on the lists a purchases:write token reads too.
  ReferralHold: { scopes: PURCHASES, roles: ADMINS },
  // A flagged verification above the approval, waiting for a second administrator: what a verify may answer.
  PurchaseVerificationRequest: { scopes: PURCHASES, roles: ADMINS },
  ReferralDetail: { scopes: READ, roles: ADMINS },
  ReferralFunnel: { scopes: READ, roles: ADMINS },
  PurchaseCancellation: { scopes: READ, roles: ADMINS },
  // Share links: the customer's own (verified) and administrators; the channel figures are administrators'.
  ShareLink: { scopes: READ, roles: SIGNED_IN },
  ReferralChannelRow: { scopes: READ, roles: ADMINS },
  // Fraud signals: administrators only (and tokens that act on purchases); customers and staff never see them.
  ReferralSignal: { scopes: PURCHASES, roles: ADMINS },
  FraudSignalReport: { scopes: READ, roles: ADMINS },
  FraudSignalKindRow: { scopes: READ, roles: ADMINS },
  FraudSignalCustomerRow: { scopes: READ, roles: ADMINS },
  // Staff: the customer card (no money, no contact details), their own recorded referrals; the
  // attribution by staff member is administrators'. Never a token's: staff have none.
  StaffCustomerCard: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  StaffMilestoneState: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  StaffReferralRow: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  StaffRecordedReferral: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  StaffAttributionRow: { scopes: READ, roles: ADMINS },
  Money: { scopes: ALL, roles: EVERYONE },
  // Milestones and payouts.
  Milestone: { scopes: READ, roles: SIGNED_IN },
  MilestonePayment: { scopes: READ, roles: SIGNED_IN },
  AvailableMilestone: { scopes: READ, roles: ADMINS },
  PendingMilestoneCustomer: { scopes: READ, roles: ADMINS },
  PayoutRequest: { scopes: READ, roles: ADMINS },
  // A raise of a money setting waiting for a second administrator: administrators' business only.
  SettingChangeRequest: { scopes: ADMIN, roles: ADMINS },
  // Analytics.
  AnalyticsSummary: { scopes: READ, roles: ADMINS },
  RevenueBucket: { scopes: READ, roles: ADMINS },
  RevenueTrend: { scopes: READ, roles: ADMINS },
  TopPerformer: { scopes: READ, roles: ADMINS },
  // The programme's settings (public figures; changed by administrators only).
  Programme: { scopes: ADMIN, roles: EVERYONE },
  DemoAccount: { scopes: ADMIN, roles: EVERYONE },
  // Administration: the audit trail, emails, tokens, webhooks, the live queues, second factor.
  AuditEntry: { scopes: ADMIN, roles: ADMINS },
  OutboxEmail: { scopes: ADMIN, roles: ADMINS },
  EmailStats: { scopes: ADMIN, roles: ADMINS },
  ProcessEmailsResult: { scopes: ADMIN, roles: ADMINS },
  RetryFailedEmailsResult: { scopes: ADMIN, roles: ADMINS },
  ApiToken: { scopes: ADMIN, roles: ADMINS },
  CreateApiTokenPayload: { scopes: ADMIN, roles: ADMINS },
  RevokeApiTokenPayload: { scopes: ADMIN, roles: ADMINS },
  WebhookEndpoint: { scopes: ADMIN, roles: ADMINS },
  WebhookDelivery: { scopes: ADMIN, roles: ADMINS },
  WebhookEndpointPayload: { scopes: ADMIN, roles: ADMINS },
  WebhookEndpointSecretPayload: { scopes: ADMIN, roles: ADMINS },
  WebhookDeliveryPayload: { scopes: ADMIN, roles: ADMINS },
  DeleteWebhookEndpointPayload: { scopes: ADMIN, roles: ADMINS },
  AdminQueuesChange: { scopes: ADMIN, roles: ADMINS },
  SecondFactorStatus: { scopes: NO_TOKEN, roles: SIGNED_IN },
  SecondFactorEnrolment: { scopes: NO_TOKEN, roles: SIGNED_IN },
  SecondFactorRecoveryCodes: { scopes: NO_TOKEN, roles: SIGNED_IN },
  // Mutation payloads: as their mutation.
  VerifyPurchasePayload: { scopes: PURCHASE_WRITES, roles: ADMINS },
  CancelReferralPurchasePayload: { scopes: PURCHASE_WRITES, roles: ADMINS },
  HoldReferralPayload: { scopes: ADMIN, roles: ADMINS },
  ApprovePurchaseVerificationRequestPayload: { scopes: PURCHASE_WRITES, roles: ADMINS },
  ReleaseReferralPayload: { scopes: ADMIN, roles: ADMINS },
  ApprovePayoutRequestPayload: { scopes: ADMIN, roles: ADMINS },
  ProcessMilestonePayload: { scopes: ADMIN, roles: ADMINS },
  RequestMilestonePaymentPayload: { scopes: NO_TOKEN, roles: CUSTOMERS },
  AddReferralPayload: { scopes: NO_TOKEN, roles: CUSTOMERS },
  UpdateReferralPayload: { scopes: NO_TOKEN, roles: CUSTOMERS },
  WithdrawReferralPayload: { scopes: NO_TOKEN, roles: CUSTOMERS },
  RenewShareLinkPayload: { scopes: NO_TOKEN, roles: CUSTOMERS },
  RecordReferralForCustomerPayload: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  SetShareLinkPausedPayload: { scopes: ADMIN, roles: ADMINS },
  DeleteMyAccountPayload: { scopes: NO_TOKEN, roles: SIGNED_IN },
  MessagePayload: { scopes: NO_TOKEN, roles: EVERYONE },
};

/** Fields narrower than their type (scalars, which no type entry covers). */
export const FIELD_ACCESS: Record<string, readonly ApiTokenScope[]> = {
  /** The signed-in person's own data download: a token's creator's, for admin tokens only. */
  "User.myData": ADMIN,
  "Query.openPaymentRequestCount": READ,
  /** The staff list: administration, not the customers a read token is for. */
  "Query.staffMembers": ADMIN,
  /** The staff list's figures: administration too. */
  "User.recordedReferrals": ADMIN,
  "User.verifiedPurchases": ADMIN,
};

export const MUTATION_ACCESS: Record<string, OperationAccess> = {
  // Anyone: signing up, in and out, and the links emails carry.
  register: { scopes: NO_TOKEN, roles: EVERYONE },
  signIn: { scopes: NO_TOKEN, roles: EVERYONE },
  signOut: { scopes: NO_TOKEN, roles: EVERYONE },
  confirmEmail: { scopes: NO_TOKEN, roles: EVERYONE },
  completeRegistration: { scopes: NO_TOKEN, roles: EVERYONE },
  requestPasswordReset: { scopes: NO_TOKEN, roles: EVERYONE },
  completePasswordReset: { scopes: NO_TOKEN, roles: EVERYONE },
  // A signed-in person's own account.
  changePassword: { scopes: NO_TOKEN, roles: SIGNED_IN },
  updateName: { scopes: NO_TOKEN, roles: SIGNED_IN },
  requestEmailChange: { scopes: NO_TOKEN, roles: SIGNED_IN },
  resendEmailConfirmation: { scopes: NO_TOKEN, roles: SIGNED_IN },
  deleteMyAccount: { scopes: NO_TOKEN, roles: SIGNED_IN },
  startSecondFactorEnrolment: { scopes: NO_TOKEN, roles: SIGNED_IN },
  confirmSecondFactorEnrolment: { scopes: NO_TOKEN, roles: SIGNED_IN },
  disableSecondFactor: { scopes: NO_TOKEN, roles: SIGNED_IN },
  // A customer's referrals and milestones.
  addReferral: { scopes: NO_TOKEN, roles: CUSTOMERS },
  updateReferral: { scopes: NO_TOKEN, roles: CUSTOMERS },
  withdrawReferral: { scopes: NO_TOKEN, roles: CUSTOMERS },
  renewShareLink: { scopes: NO_TOKEN, roles: CUSTOMERS },
  // Staff record a referral on a customer's behalf (administrators may too); never a token.
  recordReferralForCustomer: { scopes: NO_TOKEN, roles: STAFF_AND_ADMINS },
  setShareLinkPaused: { scopes: ADMIN, roles: ADMINS },
  requestMilestonePayment: { scopes: NO_TOKEN, roles: CUSTOMERS },
  // Purchases: the purchases:write scope.
  verifyPurchase: { scopes: PURCHASE_WRITES, roles: ADMINS },
  cancelReferralPurchase: { scopes: PURCHASE_WRITES, roles: ADMINS },
  // Holds for review (docs/rules/fraud.md, "Holds"): administration.
  holdReferral: { scopes: ADMIN, roles: ADMINS },
  releaseReferral: { scopes: ADMIN, roles: ADMINS },
  // A flagged verification's second administrator: the purchases:write scope, as verifying.
  approvePurchaseVerificationRequest: { scopes: PURCHASE_WRITES, roles: ADMINS },
  declinePurchaseVerificationRequest: { scopes: PURCHASE_WRITES, roles: ADMINS },
  withdrawPurchaseVerificationRequest: { scopes: PURCHASE_WRITES, roles: ADMINS },
  // Administration.
  approveCustomer: { scopes: ADMIN, roles: ADMINS },
  rejectCustomer: { scopes: ADMIN, roles: ADMINS },
  updateCustomer: { scopes: ADMIN, roles: ADMINS },
  eraseCustomer: { scopes: ADMIN, roles: ADMINS },
  eraseReferral: { scopes: ADMIN, roles: ADMINS },
  processMilestone: { scopes: ADMIN, roles: ADMINS },
  requestMilestonePayout: { scopes: ADMIN, roles: ADMINS },
  approvePayoutRequest: { scopes: ADMIN, roles: ADMINS },
  declinePayoutRequest: { scopes: ADMIN, roles: ADMINS },
  withdrawPayoutRequest: { scopes: ADMIN, roles: ADMINS },
  setCreditRate: { scopes: ADMIN, roles: ADMINS },
  setPayoutApprovalThreshold: { scopes: ADMIN, roles: ADMINS },
  approveSettingChangeRequest: { scopes: ADMIN, roles: ADMINS },
  declineSettingChangeRequest: { scopes: ADMIN, roles: ADMINS },
  withdrawSettingChangeRequest: { scopes: ADMIN, roles: ADMINS },
  setProgrammeContact: { scopes: ADMIN, roles: ADMINS },
  setReferralDailyLimit: { scopes: ADMIN, roles: ADMINS },
  setSignalBurstPerHour: { scopes: ADMIN, roles: ADMINS },
  setSignalAmountFactor: { scopes: ADMIN, roles: ADMINS },
  setFlaggedVerificationApproval: { scopes: ADMIN, roles: ADMINS },
  processEmails: { scopes: ADMIN, roles: ADMINS },
  retryEmail: { scopes: ADMIN, roles: ADMINS },
  retryFailedEmails: { scopes: ADMIN, roles: ADMINS },
  createApiToken: { scopes: ADMIN, roles: ADMINS },
  revokeApiToken: { scopes: ADMIN, roles: ADMINS },
  // Roles: who may do what is a person's decision, never a token's.
  setUserRole: { scopes: NO_TOKEN, roles: ADMINS },
  deactivateUser: { scopes: NO_TOKEN, roles: ADMINS },
  inviteStaff: { scopes: NO_TOKEN, roles: ADMINS },
  createWebhookEndpoint: { scopes: ADMIN, roles: ADMINS },
  updateWebhookEndpoint: { scopes: ADMIN, roles: ADMINS },
  deleteWebhookEndpoint: { scopes: ADMIN, roles: ADMINS },
  rotateWebhookSecret: { scopes: ADMIN, roles: ADMINS },
  sendTestWebhook: { scopes: ADMIN, roles: ADMINS },
  redeliverWebhook: { scopes: ADMIN, roles: ADMINS },
};

export const SUBSCRIPTION_ACCESS: Record<string, OperationAccess> = {
  adminQueuesChanged: { scopes: ADMIN, roles: ADMINS },
};

/** The report downloads (GET /api/admin/reports/:name) by the type of their rows. */
export const REPORT_ROWS: Record<string, string> = {
  customers: "AdminCustomer",
  "referral-details": "ReferralDetail",
  "purchased-referrals": "ReferralPurchase",
  "milestone-payments": "MilestonePayment",
  "audit-log": "AuditEntry",
  "referral-channels": "ReferralChannelRow",
  staff: "StaffAttributionRow",
  "fraud-signals": "FraudSignalKindRow",
};

/** Types that only carry others: their fields' types decide (connections, edges, page info, `...Success`, errors). */
export function isCarrier(type: GraphQLObjectType): boolean {
  const fields = type.getFields();
  if (type.getInterfaces().some((face) => face.name === "Error")) return true;
  if (type.name === "PageInfo") return true;
  if (fields.edges && fields.pageInfo) return true;
  if (fields.cursor && fields.node && Object.keys(fields).length === 2) return true;
  return /^Mutation[A-Z]\w*Success$/.test(type.name) && Object.keys(fields).length === 1 && fields.data !== undefined;
}

const has = (scopes: readonly ApiTokenScope[], granted: readonly ApiTokenScope[]) =>
  scopes.some((scope) => granted.includes(scope));

/** May a signed-in caller of this role (or a signed-out one) run this mutation or subscription with a session? */
export function roleMayRunOperationField(role: Role, kind: "mutation" | "subscription", field: string): boolean {
  const access = (kind === "mutation" ? MUTATION_ACCESS : SUBSCRIPTION_ACCESS)[field];
  return access?.roles.includes(role) === true;
}

/** May a caller of this role read objects of this type with a session (a customer only their own)? */
export function roleMayReadType(role: Role, typename: string): boolean {
  return TYPE_ACCESS[typename]?.roles.includes(role) === true;
}

/** May a token with these scopes read objects of this type by id (node, nodes) or from a root field? */
export function tokenMayReadType(scopes: readonly ApiTokenScope[], typename: string): boolean {
  const access = TYPE_ACCESS[typename];
  return access !== undefined && has(scopes, access.scopes);
}

/** The token-facing verdicts on one schema, computed once: a lookup per field afterwards. */
interface SchemaAccess {
  /** The data types a type stands for: itself, or for a carrier the data types inside it. */
  carried: Map<string, string[]>;
}
const bySchema = new WeakMap<GraphQLSchema, SchemaAccess>();

function schemaAccess(schema: GraphQLSchema): SchemaAccess {
  let known = bySchema.get(schema);
  if (known) return known;
  const carried = new Map<string, string[]>();
  const carriedBy = (type: GraphQLNamedType, seen: Set<string>): string[] => {
    if (isUnionType(type) || isInterfaceType(type))
      return schema.getPossibleTypes(type).flatMap((member) => carriedBy(member, seen));
    if (!isObjectType(type)) return [];
    if (!isCarrier(type)) return [type.name];
    if (seen.has(type.name)) return [];
    seen.add(type.name);
    return Object.values(type.getFields()).flatMap((field) => carriedBy(getNamedType(field.type), seen));
  };
  for (const type of Object.values(schema.getTypeMap()))
    if (isObjectType(type) || isUnionType(type) || isInterfaceType(type))
      carried.set(type.name, [...new Set(carriedBy(type, new Set()))]);
  known = { carried };
  bySchema.set(schema, known);
  return known;
}

/**
 * May a token with these scopes read this field of an object of type `parent` (a data type or a
 * carrier)? At the root (`parent` null), the field's types must be readable whole; below it, the
 * parent's `within` fields count too. node and nodes pass: each object is decided as it is loaded.
 */
export function tokenMayReadField(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  parent: GraphQLNamedType,
  field: GraphQLField<unknown, unknown>,
  atRoot: boolean,
): boolean {
  const fieldRule = FIELD_ACCESS[`${parent.name}.${field.name}`];
  if (fieldRule && !has(scopes, fieldRule)) return false;
  if (atRoot && (field.name === "node" || field.name === "nodes")) return true;
  const { carried } = schemaAccess(schema);
  if (!atRoot && isObjectType(parent) && !isCarrier(parent)) {
    const access = TYPE_ACCESS[parent.name];
    const whole = access !== undefined && has(scopes, access.scopes);
    const part = scopes.some((scope) => access?.within?.[scope]?.includes(field.name));
    if (!whole && !part) return false;
  }
  const types = carried.get(getNamedType(field.type).name) ?? [];
  // A scalar: below the root its parent decided; at the root only an entry of its own allows it.
  if (types.length === 0) return !atRoot || fieldRule !== undefined;
  return types.every((name) => {
    const access = TYPE_ACCESS[name];
    if (access === undefined) return false;
    if (has(scopes, access.scopes)) return true;
    return !atRoot && scopes.some((scope) => access.within?.[scope] !== undefined);
  });
}

/** May a token with these scopes run this mutation or subscription? */
export function tokenMayRunOperationField(
  scopes: readonly ApiTokenScope[],
  kind: "mutation" | "subscription",
  field: string,
): boolean {
  const access = (kind === "mutation" ? MUTATION_ACCESS : SUBSCRIPTION_ACCESS)[field];
  return access !== undefined && has(scopes, access.scopes);
}
