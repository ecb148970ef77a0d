import { queryBuilder, runFirst } from "../db/query.ts";
import type { SettingChangeRequest } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { ErrorInterface, MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import type { Context } from "../graphql/context.ts";
import { databaseIdOf } from "../graphql/globalIds.ts";
import { type KeysetOrder, keysetConnection, positionOfId } from "../graphql/pager.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { afterDatabaseIdArg } from "../graphql/sharedFields.ts";
import { actorOf } from "../lib/actor.ts";
import { AppError, ForbiddenError } from "../lib/errors.ts";
import { PENDING_PAYOUTS_DEFAULT_SIZE } from "../lib/listSizes.ts";
import {
  approveSettingChangeRequest,
  declineSettingChangeRequest,
  hasLapsed,
  lapseCutoff,
  lapsesAt,
  SETTING_CHANGE_MESSAGES,
  SETTING_CHANGE_REQUEST_LIFETIME_DAYS,
  SETTING_RULES,
  type SettingChange,
  withdrawSettingChangeRequest,
} from "./service.ts";

export const ProgrammeSettingEnum = builder.enumType("ProgrammeSetting", {
  description: "A programme setting whose raise needs a second administrator.",
  values: [
    "CREDIT_RATE",
    "PAYOUT_APPROVAL_THRESHOLD",
    "REFERRAL_DAILY_LIMIT",
    "SIGNAL_BURST_PER_HOUR",
    "SIGNAL_AMOUNT_FACTOR",
    "FLAGGED_VERIFICATION_APPROVAL",
  ] as const,
});

export const SettingChangeRequestStatusEnum = builder.enumType("SettingChangeRequestStatus", {
  description: `PENDING until another administrator approves it (the setting changes then) or declines it, or its asker withdraws it. SUPERSEDED: the setting was lowered meanwhile. LAPSED: still undecided ${SETTING_CHANGE_REQUEST_LIFETIME_DAYS} days after it was asked for; it can no longer be approved.`,
  values: ["PENDING", "APPROVED", "DECLINED", "WITHDRAWN", "SUPERSEDED", "LAPSED"] as const,
});

/** The status as people read it: a PENDING request past its lifetime has lapsed. */
const statusOf = (request: SettingChangeRequest) => (hasLapsed(request) ? "LAPSED" : request.status);

export const SettingChangeRequestType = builder.prismaNode("SettingChangeRequest", {
  description:
    "A raise of a programme setting (the credit rate, the payout approval threshold, the daily referral limit, a fraud signal's limit or factor) waiting for, or decided by, a second administrator. Administrators only.",
  id: { field: "id" },
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    setting: t.expose("setting", { type: ProgrammeSettingEnum }),
    settingName: t.string({
      description: 'The setting for display: "Credit rate", "Payout approval threshold", "Daily referral limit".',
      resolve: (r) => {
        const name = SETTING_RULES[r.setting].name;
        return name.charAt(0).toUpperCase() + name.slice(1);
      },
    }),
    fromValue: t.exposeInt("fromValue", {
      description:
        "The value in force when it was asked for, in the setting's unit: basis points, pence, referrals per day, referrals an hour, or percent.",
    }),
    toValue: t.exposeInt("toValue", { description: "The value asked for, in the same unit." }),
    fromText: t.string({
      description: 'The value it changes from, for display ("11%", "£500.00", "20 per customer").',
      resolve: (r) => SETTING_RULES[r.setting].format(r.fromValue),
    }),
    toText: t.string({
      description: "The value it changes to, for display.",
      resolve: (r) => SETTING_RULES[r.setting].format(r.toValue),
    }),
    status: t.field({ type: SettingChangeRequestStatusEnum, resolve: statusOf }),
    requestedBy: t.relation("requestedBy", { description: "The administrator who asked for it." }),
    requestedAt: t.expose("requestedAt", { type: "DateTime" }),
    lapsesAt: t.field({
      type: "DateTime",
      description: `When an undecided request lapses: ${SETTING_CHANGE_REQUEST_LIFETIME_DAYS} days after it was asked for.`,
      resolve: lapsesAt,
    }),
    requestedByViewer: t.boolean({
      description:
        "True when the signed-in administrator asked for it: they may withdraw it, never approve or decline it.",
      resolve: (r, _args, context) => r.requestedById === context.viewer?.id,
    }),
    decidedBy: t.relation("decidedBy", {
      nullable: true,
      description: "The administrator who approved, declined, withdrew or superseded it.",
    }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true }),
    declineReason: t.exposeString("declineReason", { nullable: true }),
  }),
});

/**
 * What a setting mutation answers when its change waits for a second administrator: an Error
 * (AWAITING_APPROVAL), so a client that reads only the success branch cannot take it for done.
 */
export class SettingChangeAwaitingApproval extends AppError {
  readonly code = "AWAITING_APPROVAL";
  readonly httpStatus = 202;
  constructor(readonly request: SettingChangeRequest) {
    const rule = SETTING_RULES[request.setting];
    super(SETTING_CHANGE_MESSAGES.awaiting(rule, request));
  }
}

builder.objectType(SettingChangeAwaitingApproval, {
  name: "SettingChangeAwaitingApproval",
  description:
    "The change raises money out or weakens a control: nothing changed yet. It is a request that another administrator approves or declines (code AWAITING_APPROVAL; REST answers 202 with the request).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SettingChangeAwaitingApproval,
  fields: (t) => ({
    request: t.field({ type: SettingChangeRequestType, resolve: (answer) => answer.request }),
  }),
});

/** The setting mutations' typed answers: the common ones, plus "awaits a second administrator". */
export const SETTING_MUTATION_ERRORS = [...MUTATION_ERRORS, SettingChangeAwaitingApproval];

/** A setting mutation's outcome: done, or the typed "awaiting approval" answer. */
export function appliedOrAwaiting(change: SettingChange): void {
  if (change.status === "AWAITING_APPROVAL") throw new SettingChangeAwaitingApproval(change.request);
}

/** The id grows with every request: newest first. */
const NEWEST_REQUESTS_FIRST: KeysetOrder<{ id: number }> = {
  name: "settingChangeRequests",
  keys: [],
  descending: true,
  keysOf: () => [],
};

/** The rows of one status as stored: PENDING and LAPSED are both stored PENDING, told apart by age. */
function statusWhere(status: typeof SettingChangeRequestStatusEnum.$inferType | null | undefined) {
  if (status == null) return {};
  if (status === "PENDING") return { status: "PENDING" as const, requestedAt: { gt: lapseCutoff() } };
  if (status === "LAPSED") return { status: "PENDING" as const, requestedAt: { lte: lapseCutoff() } };
  return { status };
}

function readRequests(context: Context) {
  return context.prisma.settingChangeRequest;
}

builder.queryFields((t) => ({
  settingChangeRequests: t.connection({
    type: SettingChangeRequestType,
    description: `Setting change requests, newest first: all of them, or those of one status (PENDING: waiting and still open); ${PENDING_PAYOUTS_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Administrators only.`,
    authScopes: { admin: true },
    args: {
      status: t.arg({ type: SettingChangeRequestStatusEnum }),
      afterDatabaseId: afterDatabaseIdArg(t, "request"),
    },
    resolve: async (_root, args, context) =>
      keysetConnection(
        args,
        NEWEST_REQUESTS_FIRST,
        { defaultSize: PENDING_PAYOUTS_DEFAULT_SIZE, backwards: true },
        (request) =>
          readRequests(context).findMany({
            where: {
              ...statusWhere(args.status),
              id: {
                ...(request.after ? { lt: request.after.id } : {}),
                ...(request.before ? { gt: request.before.id } : {}),
              },
            },
            orderBy: { id: request.inverted ? "asc" : "desc" },
            take: request.limit,
          }),
        (row) => row,
        args.afterDatabaseId == null
          ? null
          : await positionOfId(NEWEST_REQUESTS_FIRST, args.afterDatabaseId, "setting change request", (id) =>
              runFirst(context.sql, queryBuilder.selectFrom("SettingChangeRequest").select("id").where("id", "=", id)),
            ),
      ),
  }),
}));

const SettingChangeRequestIdInput = builder.inputType("SettingChangeRequestIdInput", {
  fields: (t) => ({ requestId: t.id({ required: true, description: "The setting change request's global id." }) }),
});

const DeclineSettingChangeRequestInput = builder.inputType("DeclineSettingChangeRequestInput", {
  fields: (t) => ({
    requestId: t.id({ required: true, description: "The setting change request's global id." }),
    reason: t.string({ description: "Optional reason (at most 1000 characters)." }),
  }),
});

const REQUEST_ERRORS = [...MUTATION_ERRORS, ForbiddenError];
const requestIdOf = (id: string | number) => databaseIdOf(id, "SettingChangeRequest");

builder.mutationFields((t) => ({
  approveSettingChangeRequest: t.field({
    type: SettingChangeRequestType,
    description:
      "Approves another administrator's pending setting change: the setting takes the requested value, once. Refused (CONFLICT) when the setting no longer holds the value the request changes from, or the request has lapsed; FORBIDDEN on one's own request. Administrators only.",
    authScopes: { admin: true },
    errors: { types: REQUEST_ERRORS },
    args: { input: t.arg({ type: SettingChangeRequestIdInput, required: true }) },
    resolve: (_root, { input }, context) =>
      approveSettingChangeRequest(context.prisma, { requestId: requestIdOf(input.requestId) }, actorOf(context)),
  }),
  declineSettingChangeRequest: t.field({
    type: SettingChangeRequestType,
    description:
      "Declines another administrator's pending setting change: the setting stays as it is. Administrators only.",
    authScopes: { admin: true },
    errors: { types: REQUEST_ERRORS },
    args: { input: t.arg({ type: DeclineSettingChangeRequestInput, required: true }) },
    resolve: (_root, { input }, context) =>
      declineSettingChangeRequest(
        context.prisma,
        { requestId: requestIdOf(input.requestId), reason: input.reason },
        actorOf(context),
      ),
  }),
  withdrawSettingChangeRequest: t.field({
    type: SettingChangeRequestType,
    description:
      "Withdraws one's own pending setting change: the setting stays as it is. Only the administrator who asked may. Administrators only.",
    authScopes: { admin: true },
    errors: { types: REQUEST_ERRORS },
    args: { input: t.arg({ type: SettingChangeRequestIdInput, required: true }) },
    resolve: (_root, { input }, context) =>
      withdrawSettingChangeRequest(context.prisma, { requestId: requestIdOf(input.requestId) }, actorOf(context)),
  }),
}));
