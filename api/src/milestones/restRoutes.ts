import {
  CUSTOMER_PROFILE_FIELDS,
  MILESTONE_PERCENT,
  type MilestoneKey,
  toRestProfile,
  viewerCustomer,
} from "../customers/index.ts";
import type { RestRoute } from "../rest/route.ts";

const restKey = (key: MilestoneKey) => `milestone${MILESTONE_PERCENT[key]}`;

export const milestoneRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/customer/milestones",
    operation: `query RestCustomerMilestones {
      viewer { customer {
        ${CUSTOMER_PROFILE_FIELDS}
        milestones { key state threshold { pounds } tranche { pounds } paidAt paymentRequestedAt }
        milestonePayments { databaseId milestoneType amount { pounds } paidAt }
      } }
    }`,
    answer: (data) => {
      const customer = viewerCustomer(data);
      const milestones: {
        key: MilestoneKey;
        state: string;
        threshold: { pounds: string };
        tranche: { pounds: string };
        paymentRequestedAt: string | null;
      }[] = customer.milestones;
      const byKey = (pick: (m: (typeof milestones)[number]) => unknown) =>
        Object.fromEntries(milestones.map((m) => [restKey(m.key), pick(m)]));
      return {
        eligibility: {
          // true: reached and not yet paid, so an administrator can pay it now.
          ...byKey((m) => m.state === "READY"),
          states: byKey((m) => m.state.toLowerCase()),
          amounts: byKey((m) => m.tranche.pounds),
          thresholds: byKey((m) => m.threshold.pounds),
          // When the customer asked for it to be paid (POST .../request-payment); null if not.
          paymentRequestedAt: byKey((m) => m.paymentRequestedAt),
        },
        payments: customer.milestonePayments.map((payment: any) => ({
          id: payment.databaseId,
          milestoneType: payment.milestoneType,
          amount: payment.amount.pounds,
          paidAt: payment.paidAt,
        })),
        customer: toRestProfile(customer),
      };
    },
  },
];
