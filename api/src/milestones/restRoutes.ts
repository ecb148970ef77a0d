import { z } from "zod";
import { CUSTOMER_PROFILE_FIELDS, restProfileSchema, toRestProfile, viewerCustomer } from "../customers/types.ts";
import { id, pounds, timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { MILESTONE_PERCENT, type MilestoneKey } from "./rules.ts";

/** One value per milestone, keyed milestone33, milestone66, milestone100. */
const perMilestone = <T extends z.ZodType>(value: T) =>
  z.object({ milestone33: value, milestone66: value, milestone100: value });

const restKey = (key: MilestoneKey) => `milestone${MILESTONE_PERCENT[key]}`;

export const milestoneRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/customer/milestones",
    docs: {
      summary: "The customer's milestones: which are ready, their amounts, and the payments made",
      answer: z.object({
        eligibility: perMilestone(z.boolean()).extend({
          states: perMilestone(z.string()),
          amounts: perMilestone(pounds),
          thresholds: perMilestone(pounds),
          paymentRequestedAt: perMilestone(timestamp.nullable()),
        }),
        payments: z.array(z.object({ id, milestoneType: z.string(), amount: pounds, paidAt: timestamp })),
        customer: restProfileSchema,
      }),
    },
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
