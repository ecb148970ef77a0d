import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { PENDING_QUEUE_REST_LIST } from "../lib/listSizes.ts";
import { optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { id, timestamp } from "../rest/docSchemas.ts";
import { restEnum, restPage } from "../rest/listParams.ts";
import type { RestRoute, RouteDocs } from "../rest/route.ts";

const STATUSES = ["pending", "approved", "declined", "withdrawn", "superseded", "lapsed"] as const;
const STATUS_VALUES = STATUSES.map((status) => status.toUpperCase());

export const settingChangeRequestSchema = z.object({
  id,
  setting: z.enum([
    "credit_rate",
    "payout_approval_threshold",
    "referral_daily_limit",
    "signal_burst_per_hour",
    "signal_amount_factor",
    "flagged_verification_approval",
  ]),
  settingName: z.string(),
  fromValue: z
    .number()
    .int()
    .describe("In the setting's unit: basis points, pence, referrals per day, referrals an hour, or percent"),
  toValue: z.number().int(),
  from: z.string().describe('For display: "11%", "£500.00", "20 per customer"'),
  to: z.string(),
  status: z.enum(STATUSES),
  requestedBy: z.string(),
  requestedAt: timestamp,
  lapsesAt: timestamp,
  decidedBy: z.string().nullable(),
  decidedAt: timestamp.nullable(),
  declineReason: z.string().nullable(),
});

const ERROR_FIELDS = "... on Error { code message }";
const REQUEST_FIELDS = `databaseId setting settingName fromValue toValue fromText toText status
  requestedBy { username } requestedAt lapsesAt decidedBy { username } decidedAt declineReason`;

/** What a setting mutation's REST operation selects of the "awaits a second administrator" answer. */
export const AWAITING_FIELDS = `... on SettingChangeAwaitingApproval { request { ${REQUEST_FIELDS} } }`;

/** A setting change request as the REST paths answer it: numeric ids, lower-case names, usernames. */
function restRequest(node: any) {
  return {
    id: node.databaseId,
    setting: node.setting.toLowerCase(),
    settingName: node.settingName,
    fromValue: node.fromValue,
    toValue: node.toValue,
    from: node.fromText,
    to: node.toText,
    status: node.status.toLowerCase(),
    requestedBy: node.requestedBy.username,
    requestedAt: node.requestedAt,
    lapsesAt: node.lapsesAt,
    decidedBy: node.decidedBy?.username ?? null,
    decidedAt: node.decidedAt,
    declineReason: node.declineReason,
  };
}

const awaitingSchema = z.object({ message: z.string(), request: settingChangeRequestSchema });

/** The 202 of a setting's POST path: the raise waits for another administrator (docs/rules/settings.md, "Programme settings"). */
export function awaitingDocs(what: string): NonNullable<RouteDocs["accepted"]> {
  return {
    description: `${what} is not applied: it waits for another administrator to approve it at /api/admin/setting-change-requests/{id}/approve. The answer is the request.`,
    answer: awaitingSchema,
  };
}

/** The 202 answer when the mutation said AWAITING_APPROVAL, else undefined (the 200 follows). */
export function awaitingAnswer(result: any) {
  return result?.code === "AWAITING_APPROVAL" && result.request
    ? { message: result.message as string, request: restRequest(result.request) }
    : undefined;
}

const requestIdInput = (params: Record<string, string>) => ({
  input: { requestId: encodeGlobalID("SettingChangeRequest", params.id ?? "") },
});

export const settingChangeRequestRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/setting-change-requests",
    docs: {
      summary: "Setting change requests, newest first (?status=pending for those waiting)",
      query: z.object({ status: z.enum(STATUSES).optional() }),
      answer: z.array(settingChangeRequestSchema),
    },
    operation: `query RestSettingChangeRequests($first: Int!, $after: String, $afterDatabaseId: Int, $status: SettingChangeRequestStatus) {
      settingChangeRequests(first: $first, after: $after, afterDatabaseId: $afterDatabaseId, status: $status) { edges { node { ${REQUEST_FIELDS} } } pageInfo { hasNextPage endCursor } }
    }`,
    variables: ({ query }) => ({
      ...restPage(query, PENDING_QUEUE_REST_LIST),
      status: restEnum(query, "status", STATUS_VALUES),
    }),
    pagedList: (data) => data.settingChangeRequests,
    answer: (data) => data.settingChangeRequests.edges.map(({ node }: any) => restRequest(node)),
  },
  {
    method: "POST",
    path: "/api/admin/setting-change-requests/:id/approve",
    docs: {
      summary: "Approve another administrator's setting change: it applies now",
      answer: settingChangeRequestSchema,
    },
    operation: `mutation RestApproveSettingChangeRequest($input: SettingChangeRequestIdInput!) {
      approveSettingChangeRequest(input: $input) { ... on MutationApproveSettingChangeRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params }) => requestIdInput(params),
    answer: (data) => restRequest(data.approveSettingChangeRequest.data),
  },
  {
    method: "POST",
    path: "/api/admin/setting-change-requests/:id/decline",
    docs: {
      summary: "Decline another administrator's setting change",
      body: z.object({ reason: z.string().optional() }),
      answer: settingChangeRequestSchema,
    },
    operation: `mutation RestDeclineSettingChangeRequest($input: DeclineSettingChangeRequestInput!) {
      declineSettingChangeRequest(input: $input) { ... on MutationDeclineSettingChangeRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: {
        requestId: encodeGlobalID("SettingChangeRequest", params.id ?? ""),
        reason: optionalBodyTextOrBlank(body, "reason"),
      },
    }),
    answer: (data) => restRequest(data.declineSettingChangeRequest.data),
  },
  {
    method: "POST",
    path: "/api/admin/setting-change-requests/:id/withdraw",
    docs: { summary: "Withdraw one's own setting change request", answer: settingChangeRequestSchema },
    operation: `mutation RestWithdrawSettingChangeRequest($input: SettingChangeRequestIdInput!) {
      withdrawSettingChangeRequest(input: $input) { ... on MutationWithdrawSettingChangeRequestSuccess { data { ${REQUEST_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params }) => requestIdInput(params),
    answer: (data) => restRequest(data.withdrawSettingChangeRequest.data),
  },
];
