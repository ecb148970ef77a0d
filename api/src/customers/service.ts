import { notifyAdminQueues } from "../db/adminQueues.ts";
import { isUniqueViolation } from "../db/locks.ts";
import type { Db, DbOrTx } from "../db/prisma.ts";
import { queueEmail } from "../emails/index.ts";
import type { Activity, ActivityType, CustomerProfile, User } from "../generated/prisma/client.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotAuthenticatedError } from "../lib/errors.ts";
import type { PaymentFact } from "../milestones/index.ts";
import { progressPercentage } from "../milestones/index.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { activityDescriptions } from "./activityDescriptions.ts";
import { parseRegistration, type RegistrationInput } from "./validation.ts";

type Registrant = Pick<User, "id" | "email" | "username" | "firstName">;

/**
 * Records the customer's original purchase (pending review) with the time the terms were accepted.
 * One profile per user; a rejected customer corrects their details and is pending again.
 * The registration activity and the confirmation email are written in the same transaction.
 */
export async function completeRegistration(
  db: Db,
  user: Registrant | null,
  input: RegistrationInput,
): Promise<CustomerProfile> {
  if (!user) throw new NotAuthenticatedError("Please sign in to complete your registration");
  const details = parseRegistration(input);
  const now = new Date();
  try {
    return await db.$transaction(async (tx) => {
      await notifyAdminQueues(tx, "CUSTOMERS");
      const existing = await tx.customerProfile.findUnique({ where: { userId: user.id } });
      let profile: CustomerProfile;
      if (!existing) {
        profile = await tx.customerProfile.create({ data: { userId: user.id, ...details, termsAcceptedAt: now } });
      } else if (existing.status === "REJECTED") {
        // Conditional on the state read, so two resubmissions at once cannot both apply.
        const [resubmitted] = await tx.customerProfile.updateManyAndReturn({
          where: { id: existing.id, status: "REJECTED" },
          data: { ...details, status: "PENDING", rejectionReason: null, verifiedAt: null, termsAcceptedAt: now },
        });
        if (!resubmitted) throw alreadyRegistered("PENDING");
        profile = resubmitted;
      } else {
        throw alreadyRegistered(existing.status);
      }
      await recordActivity(tx, {
        customerId: profile.id,
        type: "REGISTRATION",
        description: activityDescriptions.registered(details.originalPurchaseAmountPence, existing !== null),
      });
      await queueEmail(tx, {
        type: "REGISTRATION_CONFIRMATION",
        to: user.email,
        userId: user.id,
        data: { firstName: greetingName(user) },
      });
      await emitWebhookEvent(tx, "customer.registered", { customerId: profile.id, resubmitted: existing !== null });
      return profile;
    });
  } catch (error) {
    // Two first registrations at once: the unique userId lets one through.
    if (isUniqueViolation(error)) throw alreadyRegistered("PENDING");
    throw error;
  }
}

function alreadyRegistered(status: CustomerProfile["status"]): ConflictError {
  return new ConflictError(
    status === "VERIFIED"
      ? "Your registration is already complete and your account is verified."
      : "Your registration has already been submitted and is awaiting review.",
  );
}

/** Appends to the customer's activity feed; pass the transaction of the change it describes. */
export async function recordActivity(
  db: DbOrTx,
  activity: {
    customerId: number;
    type: ActivityType;
    description: string;
    amountPence?: number | null;
    referralId?: number | null;
  },
): Promise<Activity> {
  return db.activity.create({
    data: {
      customerId: activity.customerId,
      type: activity.type,
      description: activity.description,
      amountPence: activity.amountPence ?? null,
      referralId: activity.referralId ?? null,
    },
  });
}

export interface CustomerFigures {
  currentCreditsPence: number;
  creditsPaidPence: number;
  progressPercentage: number;
  remainingToTargetPence: number;
  milestone33Paid: boolean;
  milestone66Paid: boolean;
  milestone100Paid: boolean;
  /** The 100% tranche completes the refund: it is paid exactly when the refund is issued. */
  refundIssued: boolean;
}

/** The profile's figures from the purchase, the ledger's sum and the milestone payments. */
export function customerFigures(
  purchasePence: number,
  creditsPence: number,
  payments: readonly PaymentFact[],
): CustomerFigures {
  const paid = (key: PaymentFact["milestone"]) => payments.some((p) => p.milestone === key);
  return {
    currentCreditsPence: creditsPence,
    creditsPaidPence: payments.reduce((sum, p) => sum + p.amountPence, 0),
    progressPercentage: progressPercentage(purchasePence, creditsPence),
    remainingToTargetPence: Math.max(0, purchasePence - creditsPence),
    milestone33Paid: paid("M33"),
    milestone66Paid: paid("M66"),
    milestone100Paid: paid("M100"),
    refundIssued: paid("M100"),
  };
}
