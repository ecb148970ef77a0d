import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { type PurchaseCancellation, purchaseCancellations } from "./cancellations.ts";

const PurchaseCancellationType = builder.objectRef<PurchaseCancellation>("PurchaseCancellation").implement({
  description: "A cancelled purchase: who cancelled it, when, the amount, the credit reversed and the reason.",
  fields: (t) => ({
    purchaseId: t.exposeInt("id", { description: "The purchase's numeric id." }),
    referralId: t.exposeInt("referralId"),
    customerId: t.exposeInt("customerId"),
    customerName: t.exposeString("customerName", { description: "The referrer." }),
    referralName: t.exposeString("referralName", { nullable: true, description: "Null once erased." }),
    amount: t.field({ type: Money, resolve: (c) => c.amountPence }),
    creditReversed: t.field({
      type: Money,
      description: "The credit taken back.",
      resolve: (c) => c.creditReversedPence,
    }),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime" }),
    cancelledBy: t.exposeString("cancelledBy", { nullable: true, description: "The administrator's user name." }),
    reason: t.exposeString("reason", { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  purchaseCancellations: t.connection({
    type: PurchaseCancellationType,
    description: `Cancelled purchases, newest first, cancelled from \`from\` to \`to\` when given (YYYY-MM-DD, London days, inclusive); ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}.`,
    authScopes: { admin: true },
    args: {
      from: t.arg.string(),
      to: t.arg.string(),
      afterDatabaseId: t.arg.int({
        description: "Continue after the cancellation of this purchase id (the REST `?after=`).",
      }),
    },
    resolve: (_root, args, context) => purchaseCancellations(context.sql, args),
  }),
}));
