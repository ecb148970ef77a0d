import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { parseGlobalId } from "../graphql/globalIds.ts";
import { NotFoundError, ValidationError } from "../lib/errors.ts";
import { bodyText, optionalBodyText } from "../rest/bodyFields.ts";
import { timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { STAFF_MESSAGES } from "./service.ts";

const CARD_FIELDS = `id firstName lastName postcode contractNumber phoneDisplay status progressPercentage
  milestones { key title state } referrals { id name status statusDisplay createdAt channel }`;
const RECORDED_FIELDS = "id name referrerName status statusDisplay verified createdAt";
const ERROR_FIELDS = "... on Error { code message }";

const statuses = z.enum(["pending", "purchased", "expired", "withdrawn"]);

/** The REST customer card: what StaffCustomerCard says, the customer's databaseId as `id`, enums in lower case. */
const restCardSchema = z.object({
  id: z.number().int().positive().describe("The customer's databaseId (the path's :id)"),
  globalId: z.string().describe("The customer's GraphQL global id"),
  firstName: z.string(),
  lastName: z.string(),
  postcode: z.string().nullable(),
  contractNumber: z.string().nullable(),
  phoneDisplay: z.string().nullable().describe("The customer's phone as the pages show it, when there is one"),
  status: z.enum(["pending", "verified", "rejected"]),
  progressPercentage: z.number().describe("Current credits as a percentage of the original purchase, capped at 100"),
  milestones: z.array(
    z.object({
      key: z.string().describe("M33, M66 or M100"),
      title: z.string(),
      state: z.enum(["locked", "ready", "paid"]),
    }),
  ),
  referrals: z.array(
    z.object({
      id: z.number().int().positive().describe("The referral's databaseId"),
      name: z.string(),
      status: statuses,
      statusDisplay: z.string(),
      createdAt: timestamp,
      channel: z.enum(["typed", "share_link", "staff"]),
    }),
  ),
});

const restRecordedSchema = z.object({
  id: z.number().int().positive().describe("The referral's databaseId"),
  name: z.string().describe("The friend's name"),
  referrerName: z.string(),
  status: statuses,
  statusDisplay: z.string(),
  verified: z.boolean().describe("A purchase was verified on it"),
  createdAt: timestamp,
});

/** The database id inside a global id, as REST names things. */
const databaseIdOf = (globalId: string) => parseGlobalId(globalId)?.id ?? null;

/** Absent is false (refused with the consent's own message); anything but true or false is refused here. */
function consentOf(body: Record<string, unknown>): boolean {
  const value = body.consentConfirmed ?? false;
  if (typeof value !== "boolean")
    throw new ValidationError("consentConfirmed must be true or false", "consentConfirmed");
  return value;
}

const toRestCard = (card: any) => ({
  id: databaseIdOf(card.id),
  globalId: card.id,
  firstName: card.firstName,
  lastName: card.lastName,
  postcode: card.postcode,
  contractNumber: card.contractNumber,
  phoneDisplay: card.phoneDisplay,
  status: card.status.toLowerCase(),
  progressPercentage: card.progressPercentage,
  milestones: card.milestones.map((m: any) => ({ key: m.key, title: m.title, state: m.state.toLowerCase() })),
  referrals: card.referrals.map((r: any) => ({
    id: databaseIdOf(r.id),
    name: r.name,
    status: r.status.toLowerCase(),
    statusDisplay: r.statusDisplay,
    createdAt: r.createdAt,
    channel: r.channel.toLowerCase(),
  })),
});

const toRestRecorded = (row: any) => ({
  id: databaseIdOf(row.id),
  name: row.name,
  referrerName: row.referrerName,
  status: row.status.toLowerCase(),
  statusDisplay: row.statusDisplay,
  verified: row.verified,
  createdAt: row.createdAt,
});

/** A customer id as REST callers send it: the databaseId (a number or its digits) or the global id. */
function customerGlobalId(value: unknown): string {
  if (typeof value === "number" || (typeof value === "string" && /^\d{1,10}$/.test(value)))
    return encodeGlobalID("Customer", String(value));
  return typeof value === "string" ? value : "";
}

export const staffRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/staff/customers",
    docs: {
      summary: "Staff: customers matching ?search= (name, phone in any format, postcode, contract number), at most 20",
      query: z.object({ search: z.string().describe("At least 3 characters") }),
      answer: z.array(restCardSchema),
    },
    operation: `query RestStaffCustomerSearch($query: String!) { staffCustomerSearch(query: $query) { ${CARD_FIELDS} } }`,
    variables: ({ query }) => ({ query: query.get("search") ?? "" }),
    answer: (data) => data.staffCustomerSearch.map(toRestCard),
  },
  {
    method: "GET",
    path: "/api/staff/customers/:id",
    docs: { summary: "Staff: one customer's read-only card", answer: restCardSchema },
    operation: `query RestStaffCustomer($id: ID!) { staffCustomer(id: $id) { ${CARD_FIELDS} } }`,
    variables: ({ params }) => ({ id: customerGlobalId(params.id) }),
    answer: (data) => {
      if (!data.staffCustomer) throw new NotFoundError(STAFF_MESSAGES.customerNotFound);
      return toRestCard(data.staffCustomer);
    },
  },
  {
    method: "POST",
    path: "/api/staff/referrals",
    docs: {
      summary: "Staff: record a referral on a verified customer's behalf (channel staff, consent stored)",
      body: z.object({
        customerId: z.union([z.number(), z.string()]).describe("The referrer: databaseId or global id"),
        name: z.string(),
        phone: z.string(),
        email: z.string().optional(),
        postcode: z.string().optional(),
        consentConfirmed: z.boolean().describe("Must be true: the friend agreed in person to be contacted"),
      }),
      answer: restRecordedSchema,
    },
    operation: `mutation RestRecordReferralForCustomer($input: RecordReferralForCustomerInput!) {
      recordReferralForCustomer(input: $input) { __typename ${ERROR_FIELDS} ... on MutationRecordReferralForCustomerSuccess { data { referral { ${RECORDED_FIELDS} } } } }
    }`,
    variables: ({ body }) => ({
      input: {
        customerId: customerGlobalId(body.customerId),
        name: bodyText(body, "name"),
        phone: bodyText(body, "phone"),
        email: optionalBodyText(body, "email"),
        postcode: optionalBodyText(body, "postcode"),
        consentConfirmed: consentOf(body),
      },
    }),
    answer: (data) => toRestRecorded(data.recordReferralForCustomer.data.referral),
  },
  {
    method: "GET",
    path: "/api/staff/referrals",
    docs: {
      summary: "Staff: the signed-in staff member's own recorded referrals, newest first",
      answer: z.array(restRecordedSchema),
    },
    operation: `query RestMyRecordedReferrals { myRecordedReferrals { ${RECORDED_FIELDS} } }`,
    answer: (data) => data.myRecordedReferrals.map(toRestRecorded),
  },
];
