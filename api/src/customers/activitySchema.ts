import { ActivityType as ActivityTypeValues } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { guardNodeReads } from "../graphql/nodeAccess.ts";
import { mapMaybe } from "../graphql/requestLoaders.ts";
import { afterDatabaseIdArg } from "../graphql/sharedFields.ts";
import { mayReadCustomerData, verifiedOnlyError } from "./access.ts";
import { NAMED_ACTIVITY_TYPES, withReferralName } from "./activityDescriptions.ts";
import {
  type ActivityWithReferralName,
  customerActivitiesPage,
  customerActivityPosition,
  referralNameOf,
} from "./activityPages.ts";

export const ActivityTypeEnum = builder.enumType(ActivityTypeValues, {
  name: "ActivityType",
  description: "What happened. REST gives it in lower snake case (referral_added).",
});

export const ActivityType = builder.prismaNode("Activity", {
  description: "An entry in a customer's activity feed.",
  id: { field: "id" },
  // No type-level scopes (see graphql/nodeAccess.ts): every field returning an activity is guarded.
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The numeric id the REST paths use." }),
    type: t.expose("type", { type: ActivityTypeEnum }),
    description: t.string({
      // The stored text holds no personal data; the referral's name joins it while the referral
      // still has one (expiry erases it).
      resolve: (activity, _args, context) => {
        if (!NAMED_ACTIVITY_TYPES.has(activity.type)) return activity.description;
        return mapMaybe(referralNameOf(context, activity), (name) =>
          withReferralName(activity.type, activity.description, name),
        );
      },
    }),
    amount: t.field({ type: Money, nullable: true, resolve: (activity) => activity.amountPence }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    referral: t.relation("referral", { nullable: true }),
  }),
});

guardNodeReads<ActivityWithReferralName>("Activity", (activity, context) => mayReadCustomerData(context, activity));

builder.prismaObjectFields("CustomerProfile", (t) => ({
  activities: t.connection({
    type: ActivityType,
    description: "The customer's activity feed, newest first. Verified customers and administrators only.",
    authScopes: { verifiedCustomer: true, admin: true },
    unauthorizedError: (_parent, _args, context) => verifiedOnlyError(context),
    args: { afterDatabaseId: afterDatabaseIdArg(t, "activity") },
    resolve: async (customer, args, context) =>
      customerActivitiesPage(
        context,
        customer.id,
        args,
        args.afterDatabaseId == null
          ? null
          : await customerActivityPosition(context.sql, customer.id, args.afterDatabaseId),
      ),
  }),
}));
