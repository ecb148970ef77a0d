import type { Expression, RawBuilder } from "kysely";
import { sql } from "../db/query.ts";

/**
 * The READY rule of rules.ts in SQL, for the pending list (pendingList.ts), over the credits, the tranches paid so
 * far, the keys paid and the purchase: a milestone not yet paid whose threshold the credits have reached and whose
 * tranche the credits not yet paid out cover. The thresholds are rules.ts's, round half-up of 33% and 66% of the
 * purchase (mulDivRoundHalfUp; the purchase is positive). readyRule.test.ts proves it agrees with rules.ts at every
 * boundary; payments.test.ts covers it through the pending list.
 */
export function readyMilestone(figures: {
  credits: Expression<string | number>;
  paid: Expression<string | number>;
  paidKeys: Expression<string[]>;
  purchase: Expression<string | number>;
}): RawBuilder<boolean> {
  const { credits, paid, paidKeys, purchase } = figures;
  const t33 = sql<string>`(${purchase} * 33 + 50) / 100`;
  const t66 = sql<string>`(${purchase} * 66 + 50) / 100`;
  return sql<boolean>`(
       (NOT 'M33' = ANY(${paidKeys}) AND ${credits} >= ${t33} AND ${credits} - ${paid} >= ${t33})
    OR (NOT 'M66' = ANY(${paidKeys}) AND ${credits} >= ${t66} AND ${credits} - ${paid} >= ${t66} - ${t33})
    OR (NOT 'M100' = ANY(${paidKeys}) AND ${credits} >= ${purchase} AND ${credits} - ${paid} >= ${purchase} - ${t66}))`;
}
