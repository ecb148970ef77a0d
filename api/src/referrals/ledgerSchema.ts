import { UserType } from "../auth/types.ts";
import { LedgerEntryKind } from "../generated/prisma/client.ts";
import { builder } from "../graphql/builder.ts";
import { Money } from "../graphql/commonTypes.ts";
import { MAX_PAGE_SIZE } from "../graphql/requestLimits.ts";
import { rowById } from "../graphql/rowLoaders.ts";
import { ADMIN_LIST_DEFAULT_SIZE } from "../lib/listSizes.ts";
import { formatBasisPointsAsPercent } from "../settings/index.ts";
import { customerLedgerPage, type LedgerLine, livePurchaseRowOf } from "./ledger.ts";
import { ReferralPurchaseType } from "./purchaseSchema.ts";
import { ReferralType } from "./schema.ts";

const LedgerEntryKindEnum = builder.enumType(LedgerEntryKind, {
  name: "LedgerEntryKind",
  description: "CREDIT when a purchase is verified; REVERSAL (a negative amount) when it is cancelled.",
});

const CreditLedgerLineType = builder.objectRef<LedgerLine>("CreditLedgerLine").implement({
  description: "One entry of a customer's credit ledger with the balance after it. Administrators only.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "The ledger entry's numeric id." }),
    kind: t.expose("kind", { type: LedgerEntryKindEnum }),
    amount: t.field({
      type: Money,
      description: "Positive for a credit, negative for a reversal.",
      resolve: (line) => line.amountPence,
    }),
    rateBasisPoints: t.exposeInt("rateBasisPoints", {
      description: "The credit rate the entry was computed with (1100 = 11%); a reversal keeps its credit's rate.",
    }),
    ratePercent: t.string({
      description: 'The same rate for display, e.g. "11%".',
      resolve: (line) => formatBasisPointsAsPercent(line.rateBasisPoints),
    }),
    balance: t.field({
      type: Money,
      description: "The customer's current credits once this entry was written: the sum of it and every earlier entry.",
      resolve: (line) => line.balancePence,
    }),
    referral: t.field({
      type: ReferralType,
      description: "The referral whose purchase the entry credits or reverses (anonymised once expired).",
      resolve: async (line, _args, context) => {
        const referral = await rowById(context, "Referral", line.referralId);
        if (!referral) throw new Error(`ledger entry ${line.id} has no referral`);
        return referral;
      },
    }),
    actor: t.field({
      type: UserType,
      nullable: true,
      description: "The administrator who verified or cancelled the purchase.",
      resolve: (line, _args, context) => (line.actorId === null ? null : rowById(context, "User", line.actorId)),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObjectFields("CustomerProfile", (t) => ({
  creditLedger: t.connection({
    type: CreditLedgerLineType,
    description: `The customer's credit ledger, newest first, each entry with the running balance after it; ${ADMIN_LIST_DEFAULT_SIZE} per page by default, at most ${MAX_PAGE_SIZE}. Pages forwards (first, after). Administrators only.`,
    authScopes: { admin: true },
    resolve: (customer, args, context) => customerLedgerPage(context.sql, customer.id, args),
  }),
}));

builder.prismaObjectFields("Referral", (t) => ({
  livePurchase: t.field({
    type: ReferralPurchaseType,
    nullable: true,
    description: "The verified purchase that is not cancelled, while the referral is PURCHASED. Administrators only.",
    authScopes: { admin: true },
    resolve: (referral, _args, context) => livePurchaseRowOf(context, referral.id),
  }),
}));
