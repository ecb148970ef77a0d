import { recordAudit } from "../audit/index.ts";
import { activityDescriptions, recordActivity } from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { LOCKING_TRANSACTION } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { refreshSignalsAfterCorrection } from "../fraud/index.ts";
import type { Activity, CustomerProfile, Referral, User } from "../generated/prisma/client.ts";
import { eraseFromIdempotentAnswers } from "../idempotency/index.ts";
import { ConflictError, ForbiddenError, NotAuthenticatedError, NotFoundError } from "../lib/errors.ts";
import { erasedReferralDetails } from "./erasure.ts";
import { isExpired, type LockedReferral, lockReferral } from "./purchases.ts";
import {
  assertAllowanceLeft,
  assertNotKnownYet,
  countingKnownElsewhere,
  lockPerson,
  parseReferredPerson,
} from "./service.ts";
import type { ReferralInput, ValidReferral } from "./validation.ts";

export const REFERRAL_CHANGE_REFUSALS = {
  signedOut: "Please sign in to change a referral",
  notVerified: "Only verified customers can change referrals. Your account is still awaiting verification.",
  noProfile: "Only verified customers can change referrals. Please complete your registration first.",
  notFound: "Referral not found",
  purchased: "This referral has made a purchase: its details can no longer be changed and it cannot be withdrawn.",
  expired: "This referral has expired and its details were erased: it can no longer be changed or withdrawn.",
  withdrawn: "This referral was withdrawn and its details were erased: it can no longer be changed.",
} as const;

type Owner = Pick<User, "id" | "email"> & { customer: CustomerProfile | null };

export interface ReferralChange {
  referral: Referral;
  activity: Activity;
}

/** The referral's fields a correction may change, named in the audit entry (never their values). */
const PERSON_FIELDS = ["name", "phone", "email", "address"] as const;

/** The signed-in, verified customer's id; the same refusals as adding a referral. */
function ownerCustomerId(owner: Owner | null): number {
  if (!owner) throw new NotAuthenticatedError(REFERRAL_CHANGE_REFUSALS.signedOut);
  if (!owner.customer) throw new ForbiddenError(REFERRAL_CHANGE_REFUSALS.noProfile);
  if (owner.customer.status !== "VERIFIED") throw new ForbiddenError(REFERRAL_CHANGE_REFUSALS.notVerified);
  return owner.customer.id;
}

/**
 * Locks the owner's referral (as verifying a purchase does, so the two are served one after the
 * other) and checks it is still pending. Another customer's referral is "not found", as a missing one.
 */
async function lockOwnPendingReferral(
  tx: Tx,
  customerId: number,
  referralId: number | null,
  now: Date,
): Promise<LockedReferral> {
  const referral = referralId == null ? null : await lockReferral(tx, referralId);
  if (!referral || referral.customerId !== customerId) throw new NotFoundError(REFERRAL_CHANGE_REFUSALS.notFound);
  if (referral.status === "PURCHASED") throw new ConflictError(REFERRAL_CHANGE_REFUSALS.purchased);
  if (referral.status === "WITHDRAWN") throw new ConflictError(REFERRAL_CHANGE_REFUSALS.withdrawn);
  if (isExpired(referral, now)) throw new ConflictError(REFERRAL_CHANGE_REFUSALS.expired);
  return referral;
}

/**
 * Corrects a pending referral's name, phone, email and address (all four, as the add form sends
 * them: an email or address left out is cleared), by the rules of adding one: the same validation,
 * and the same person may not be referred twice (the referral itself aside). Its 90 days still
 * count from when it was added. Audited with the names of the fields changed, not their values.
 * A correction is not an add, but it is no way round the daily limit's account-oracle rule: refused
 * because the person is known elsewhere, it takes one of the day's allowance as an add does, and once
 * the allowance is used a change of phone or email is refused as over the limit whatever the address.
 */
export async function updateReferral(
  db: Db,
  owner: Owner | null,
  input: ReferralInput & { referralId: number | null },
  ip: string | null = null,
): Promise<ReferralChange> {
  const customerId = ownerCustomerId(owner);
  const person = parseReferredPerson(owner!, input);
  return countingKnownElsewhere(db, customerId, () => updateReferralOnce(db, owner!, customerId, person, input, ip));
}

async function updateReferralOnce(
  db: Db,
  owner: Owner,
  customerId: number,
  person: ValidReferral,
  input: { referralId: number | null },
  ip: string | null,
): Promise<ReferralChange> {
  return db.$transaction(async (tx) => {
    await notifyAdminQueues(tx, "REFERRALS");
    const now = new Date();
    // Referral, then customer, then the person's keys: the order verification (referral, customer)
    // and adding (customer, person) keep, so no two of them wait on each other in a cycle.
    const locked = await lockOwnPendingReferral(tx, customerId, input.referralId, now);
    const before = await tx.referral.findUniqueOrThrow({ where: { id: locked.id } });
    // At the limit every change of who is referred gets the add's 429, so that answer never tells
    // whether the new address is known elsewhere.
    if (before.phone !== person.phone || before.email !== person.email) await assertAllowanceLeft(tx, customerId, now);
    await lockPerson(tx, person);
    await assertNotKnownYet(tx, customerId, person, locked.id);
    const changed = PERSON_FIELDS.filter((field) => before[field] !== person[field]);
    const referral = await tx.referral.update({ where: { id: locked.id }, data: { ...person, updatedAt: now } });
    // The signals follow the corrected details (docs/rules/fraud.md, "Signals").
    if (changed.length > 0) await refreshSignalsAfterCorrection(tx, referral.id);
    const activity = await recordActivity(tx, {
      customerId,
      type: "REFERRAL_UPDATED",
      description: activityDescriptions.referralUpdated(),
      referralId: referral.id,
    });
    await recordAudit(tx, {
      action: "referral_updated",
      resourceType: "referral",
      resourceId: referral.id,
      actorId: owner.id,
      before: { status: "PENDING" },
      after: { status: "PENDING", changed },
      details: `Referral #${referral.id} corrected by its customer #${customerId}: ${changed.length > 0 ? changed.join(", ") : "nothing"} changed`,
      ipAddress: ip,
    });
    return { referral, activity };
  }, LOCKING_TRANSACTION);
}

/**
 * Withdraws a pending referral: WITHDRAWN, its personal data erased at once (erasedReferralDetails,
 * as expiry does). The friend may then be referred again. A verification of the same referral at the
 * same moment waits on the row lock: whichever comes first wins, the other is refused.
 */
export async function withdrawReferral(
  db: Db,
  owner: Owner | null,
  input: { referralId: number | null },
  ip: string | null = null,
): Promise<ReferralChange> {
  const customerId = ownerCustomerId(owner);
  return db.$transaction(async (tx) => {
    await notifyAdminQueues(tx, "REFERRALS");
    const now = new Date();
    const locked = await lockOwnPendingReferral(tx, customerId, input.referralId, now);
    const details = await tx.referral.findUniqueOrThrow({
      where: { id: locked.id },
      select: { name: true, phone: true, email: true, address: true },
    });
    await eraseFromIdempotentAnswers(tx, { values: [details.name, details.phone, details.email, details.address] });
    const referral = await tx.referral.update({
      where: { id: locked.id },
      data: { status: "WITHDRAWN", ...erasedReferralDetails(now) },
    });
    const activity = await recordActivity(tx, {
      customerId,
      type: "REFERRAL_WITHDRAWN",
      description: activityDescriptions.referralWithdrawn(),
      referralId: referral.id,
    });
    await recordAudit(tx, {
      action: "referral_withdrawn",
      resourceType: "referral",
      resourceId: referral.id,
      actorId: owner!.id,
      before: { status: "PENDING" },
      after: { status: "WITHDRAWN", erased: [...PERSON_FIELDS] },
      details: `Referral #${referral.id} withdrawn by its customer #${customerId}; personal data erased`,
      ipAddress: ip,
    });
    return { referral, activity };
  }, LOCKING_TRANSACTION);
}
