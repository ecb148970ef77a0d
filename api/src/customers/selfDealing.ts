import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/prisma.ts";
import type { Actor } from "../lib/actor.ts";
import { ForbiddenError } from "../lib/errors.ts";

/** What an administrator may never do to their own customer profile or its referrals (docs/rules/accounts.md, "Roles and the first administrator"). */
export const SELF_DEALING_MESSAGES = {
  approve: "You cannot approve your own customer profile: another administrator must do it.",
  reject: "You cannot reject your own customer profile: another administrator must do it.",
  edit: "You cannot edit your own customer profile: another administrator must do it.",
  verifyPurchase: "You cannot verify purchases of your own referrals: another administrator must do it.",
  cancelPurchase: "You cannot cancel purchases of your own referrals: another administrator must do it.",
  payMilestone: "You cannot pay your own milestones: another administrator must do it.",
  requestPayout: "You cannot request a payout of your own milestones: another administrator must do it.",
  approvePayout: "You cannot approve a payout of your own milestones: another administrator must do it.",
  declinePayout: "You cannot decline a payout of your own milestones: another administrator must do it.",
  eraseCustomer: "You cannot erase your own account from the admin pages: another administrator must do it.",
  eraseReferral: "You cannot erase your own referrals from the admin pages: another administrator must do it.",
} as const;

export type SelfDealingAction = keyof typeof SELF_DEALING_MESSAGES;

/** Refused: it carries what the audit entry written after the rollback needs. */
export class SelfDealingError extends ForbiddenError {
  constructor(
    readonly action: SelfDealingAction,
    readonly customerId: number,
    readonly actor: Actor,
  ) {
    super(SELF_DEALING_MESSAGES[action]);
  }
}

/** Throws when the profile belongs to the acting administrator: the one rule every path goes through. */
export function refuseSelfDealing(
  customer: { id: number; userId: number },
  actor: Actor,
  action: SelfDealingAction,
): void {
  if (customer.userId === actor.id) throw new SelfDealingError(action, customer.id, actor);
}

/**
 * Runs the operation; a self-dealing refusal rolls its transaction back, so the refusal is audited
 * here, afterwards, on its own.
 */
export async function auditingSelfDealing<T>(db: Db, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SelfDealingError) {
      await recordAudit(db, {
        action: "self_dealing_refused",
        resourceType: "customer",
        resourceId: error.customerId,
        actorId: error.actor.id,
        after: { refused: error.action },
        details: `Refused to administrator #${error.actor.id} on their own customer profile #${error.customerId}: ${error.message}`,
        ipAddress: error.actor.ip ?? null,
      });
    }
    throw error;
  }
}
