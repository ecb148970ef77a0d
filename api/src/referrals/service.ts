import { activityDescriptions, recordActivity } from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { lockCustomer, lockUntilCommit } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, run } from "../db/query.ts";
import { queueReferralEmail } from "../emails/index.ts";
import { noticeSignalsOnAdd } from "../fraud/index.ts";
import type {
  Activity,
  CustomerProfile,
  Referral,
  ReferralChannel,
  ReferralStatus,
  User,
} from "../generated/prisma/client.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, ForbiddenError, NotAuthenticatedError, RateLimitedError } from "../lib/errors.ts";
import { londonDayText } from "../lib/londonDay.ts";
import { getReferralDailyLimit } from "../settings/index.ts";
import { emitWebhookEvent } from "../webhooks/index.ts";
import { parseReferral, type ReferralInput, type ValidReferral } from "./validation.ts";

/** A pending referral expires 90 days after it was added (docs/rules/referrals.md, "Erasure"). */
export const REFERRAL_EXPIRY_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const REFERRAL_REFUSALS = {
  notVerified: "Only verified customers can add referrals. Your account is still awaiting verification.",
  noProfile: "Only verified customers can add referrals. Please complete your registration first.",
  notYourAccount: "You can only add referrals to your own account.",
  selfEmail: "You cannot refer yourself: this email address is your own.",
  phoneReferredByYou: "You have already referred someone with this phone number.",
  // Known outside the customer's own referrals: one wording whether the person was referred by another
  // customer or has an account, so a refusal never tells which (docs/rules/referrals.md, "Referrals").
  phoneReferredByOther:
    "Someone with this phone number is already in the referral programme (referred, or a customer), so they cannot be referred again.",
  emailReferredByYou: "You have already referred someone with this email address.",
  emailReferredByOther:
    "Someone with this email address is already in the referral programme (referred, or a customer), so they cannot be referred again.",
} as const;

/**
 * A refusal because the person is known outside the customer's own referrals (another customer's
 * referral, or an account's email): it counts against the daily limit like an add.
 */
class KnownElsewhereError extends ConflictError {}

/** The window of the daily referral limit: any 24 hours, rolling (docs/rules/referrals.md, "Daily referral limit"). */
const REFERRAL_LIMIT_WINDOW_MS = DAY_MS;

/** "You can add at most 20 referrals a day (in any 24 hours). Please try again in 5 hours." */
export function referralLimitMessage(limit: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const hours = Math.ceil(minutes / 60);
  const when = minutes < 60 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
  return `You can add at most ${limit} referral${limit === 1 ? "" : "s"} a day (in any 24 hours). Please try again in ${when}.`;
}

type Referrer = Pick<User, "id" | "email" | "username" | "firstName"> & { customer: CustomerProfile | null };

/**
 * How an add arrived (docs/rules/share-links.md, "Channels"): typed by the customer, by the friend
 * on the customer's share link page, whose records are written in the add's own transaction, or
 * recorded by a staff member on the customer's behalf (docs/rules/roles.md, "Recording a referral").
 */
export interface ReferralOrigin {
  channel: ReferralChannel;
  shareLinkId?: number;
  /** STAFF: who recorded it ("Sam K.", as the customer is told) and the consent they confirmed. */
  recordedBy?: { userId: number; name: string; consentWording: string };
  /** Runs in the add's transaction once the referral is written (the share link's consent and the friend's email). */
  alsoInTransaction?: (tx: Tx, referral: Referral) => Promise<void>;
}

const TYPED: ReferralOrigin = { channel: "TYPED" };

/**
 * Adds a referral for the signed-in, verified customer. `claimedCustomerId` (what a client sent as
 * customerId, if anything) must be the caller's own. One person is referred once: the normalised
 * phone or email may not be on a pending or purchased referral, on an account, or the referrer's.
 */
export async function addReferral(
  db: Db,
  referrer: Referrer | null,
  input: ReferralInput & { claimedCustomerId?: string | null },
  origin: ReferralOrigin = TYPED,
): Promise<{ referral: Referral; activity: Activity }> {
  if (!referrer) throw new NotAuthenticatedError("Please sign in to add a referral");
  const customer = referrer.customer;
  if (!customer) throw new ForbiddenError(REFERRAL_REFUSALS.noProfile);
  if (customer.status !== "VERIFIED") throw new ForbiddenError(REFERRAL_REFUSALS.notVerified);
  if (input.claimedCustomerId != null && input.claimedCustomerId !== String(customer.id))
    throw new ForbiddenError(REFERRAL_REFUSALS.notYourAccount);
  const person = parseReferredPerson(referrer, input);
  return countingKnownElsewhere(db, customer.id, () => addReferralOnce(db, referrer, customer.id, person, origin));
}

/**
 * Runs an add or a correction of the person referred. Refused because the person is known elsewhere,
 * it has rolled back, and the refusal still takes one of the day's allowance, as an add would: so
 * neither way tries addresses without limit (docs/rules/referrals.md, "Daily referral limit").
 */
export async function countingKnownElsewhere<T>(db: Db, customerId: number, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof KnownElsewhereError)) throw error;
    await countRefusedAttempt(db, customerId);
    throw new ConflictError(error.message);
  }
}

/**
 * Takes the customer's row lock, which serialises their additions (so two at once cannot both pass
 * the daily limit), and refuses once the day's allowance is used. Taken before the person locks.
 */
export async function assertAllowanceLeft(tx: Tx, customerId: number, now: Date): Promise<void> {
  await lockCustomer(tx, customerId);
  await assertUnderDailyLimit(tx, customerId, now);
}

/** The add itself, in one transaction: the daily limit, the duplicate checks, the row and what follows it. */
async function addReferralOnce(
  db: Db,
  referrer: Referrer,
  customerId: number,
  person: ValidReferral,
  origin: ReferralOrigin,
): Promise<{ referral: Referral; activity: Activity }> {
  const throughLink = origin.channel === "SHARE_LINK";
  return db.$transaction(async (tx) => {
    await notifyAdminQueues(tx, "REFERRALS");
    const now = new Date();
    await assertAllowanceLeft(tx, customerId, now);
    await lockPerson(tx, person);
    await assertNotKnownYet(tx, customerId, person);
    const referral = await tx.referral.create({
      data: {
        customerId,
        name: person.name,
        phone: person.phone,
        email: person.email,
        address: person.address,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REFERRAL_EXPIRY_DAYS * DAY_MS),
        channel: origin.channel,
        shareLinkId: origin.shareLinkId ?? null,
        recordedById: origin.recordedBy?.userId ?? null,
        consentWording: origin.recordedBy?.consentWording ?? null,
        consentGivenAt: origin.recordedBy ? now : null,
      },
    });
    await origin.alsoInTransaction?.(tx, referral);
    // Why it may look wrong, for the administrators (docs/rules/fraud.md, "Signals"): every channel, this transaction.
    await noticeSignalsOnAdd(tx, referral.id);
    // The stored description holds no personal data: the name is shown from the referral
    // itself, so erasing an expired referral leaves nothing behind in the feed.
    const activity = await recordActivity(tx, {
      customerId,
      type: "REFERRAL_ADDED",
      description: origin.recordedBy
        ? activityDescriptions.referralRecordedByStaff(origin.recordedBy.name)
        : throughLink
          ? activityDescriptions.referralAddedThroughLink()
          : activityDescriptions.referralAdded(),
      referralId: referral.id,
    });
    await queueReferralEmail(tx, {
      type: "NEW_REFERRAL_ALERT",
      to: referrer.email,
      userId: referrer.id,
      referralId: referral.id,
      data: {
        firstName: greetingName(referrer),
        ...(throughLink ? { throughLink } : {}),
        ...(origin.recordedBy ? { recordedBy: origin.recordedBy.name } : {}),
      },
    });
    await emitWebhookEvent(tx, "referral.added", {
      customerId,
      referralId: referral.id,
      channel: origin.channel.toLowerCase(),
    });
    return { referral, activity };
  });
}

/**
 * Records a refused "already known" add or correction against the customer's daily limit, under the
 * customer's lock and within the limit (at the limit it is refused as over the limit instead).
 * Entries older than the window are dropped on the way: they no longer count.
 */
async function countRefusedAttempt(db: Db, customerId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const now = new Date();
    await assertAllowanceLeft(tx, customerId, now);
    await tx.refusedReferralAttempt.deleteMany({
      where: { customerId, createdAt: { lte: new Date(now.getTime() - REFERRAL_LIMIT_WINDOW_MS) } },
    });
    await tx.refusedReferralAttempt.create({ data: { customerId, createdAt: now } });
  });
}

/** The add form's rules for the person referred, shared by adding and correcting: valid, and not the referrer. */
export function parseReferredPerson(referrer: Pick<User, "email">, input: ReferralInput): ValidReferral {
  const person = parseReferral(input);
  if (person.email && person.email === referrer.email.toLowerCase())
    throw new ConflictError(REFERRAL_REFUSALS.selfEmail);
  return person;
}

/**
 * At most N referrals (the programme setting) in the 24 hours before `now`. Refused when the
 * customer's Nth newest referral is inside the window; they may add another once it leaves it.
 */
async function assertUnderDailyLimit(tx: Tx, customerId: number, now: Date): Promise<void> {
  const limit = await getReferralDailyLimit(tx);
  const since = new Date(now.getTime() - REFERRAL_LIMIT_WINDOW_MS);
  // The N newest counted adds inside the window (referrals added, and "already known" refusals),
  // each side read in its (customerId, createdAt) index order: the last of them is the Nth newest.
  const newest = await run(
    tx,
    queryBuilder
      .selectFrom(
        queryBuilder
          .selectFrom("Referral")
          .select("createdAt")
          .where("customerId", "=", customerId)
          .where("createdAt", ">", since)
          .unionAll(
            queryBuilder
              .selectFrom("RefusedReferralAttempt")
              .select("createdAt")
              .where("customerId", "=", customerId)
              .where("createdAt", ">", since),
          )
          .as("counted"),
      )
      .select("createdAt")
      .orderBy("createdAt", "desc")
      .limit(limit),
  );
  const nthNewest = newest.length === limit ? newest[limit - 1] : undefined;
  if (!nthNewest) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((nthNewest.createdAt.getTime() + REFERRAL_LIMIT_WINDOW_MS - now.getTime()) / 1000),
  );
  throw new RateLimitedError(referralLimitMessage(limit, retryAfterSeconds), retryAfterSeconds);
}

/**
 * Serialises every addition that concerns the same phone or email until this transaction ends,
 * so two customers referring one person at the same moment cannot both pass the check below.
 * Keys are taken in a fixed order so two transactions never wait on each other in a cycle.
 */
export async function lockPerson(tx: Tx, person: ValidReferral): Promise<void> {
  const keys = [`referral-phone:${person.phone}`, ...(person.email ? [`referral-email:${person.email}`] : [])].sort();
  for (const key of keys) await lockUntilCommit(tx, key);
}

/** `exceptReferralId`: the referral being corrected, which is not a duplicate of itself. */
export async function assertNotKnownYet(
  tx: Tx,
  customerId: number,
  person: ValidReferral,
  exceptReferralId?: number,
): Promise<void> {
  if (person.email) {
    const account = await tx.user.findUnique({ where: { email: person.email }, select: { id: true } });
    if (account) throw new KnownElsewhereError(REFERRAL_REFUSALS.emailReferredByOther);
  }
  const live: ReferralStatus[] = ["PENDING", "PURCHASED"];
  const matches = await tx.referral.findMany({
    where: {
      status: { in: live },
      ...(exceptReferralId === undefined ? {} : { id: { not: exceptReferralId } }),
      OR: [{ phone: person.phone }, ...(person.email ? [{ email: person.email }] : [])],
    },
    select: { phone: true, email: true, customerId: true },
    take: 20,
  });
  const samePhone = matches.filter((m) => m.phone === person.phone);
  if (samePhone.length > 0) {
    if (samePhone.some((m) => m.customerId === customerId))
      throw new ConflictError(REFERRAL_REFUSALS.phoneReferredByYou);
    throw new KnownElsewhereError(REFERRAL_REFUSALS.phoneReferredByOther);
  }
  const sameEmail = matches.filter((m) => m.email?.toLowerCase() === person.email);
  if (sameEmail.length > 0) {
    if (sameEmail.some((m) => m.customerId === customerId))
      throw new ConflictError(REFERRAL_REFUSALS.emailReferredByYou);
    throw new KnownElsewhereError(REFERRAL_REFUSALS.emailReferredByOther);
  }
}

/** A referral's expiry as its rules read it; `heldAt` is set while an administrator holds it. */
export interface ExpiringReferral {
  status: ReferralStatus;
  expiresAt: Date;
  heldAt?: Date | null;
}

/**
 * When a referral expires: its expiresAt, or while held that date moved later by the time held so
 * far, which is what releasing it now would set (the clock stops while held: docs/rules/fraud.md, "Holds").
 */
export function effectiveExpiresAt(referral: ExpiringReferral, now = new Date()): Date {
  if (!referral.heldAt) return referral.expiresAt;
  return new Date(referral.expiresAt.getTime() + Math.max(0, now.getTime() - referral.heldAt.getTime()));
}

/**
 * Whole days until a pending referral expires (rounded up, so one added today shows 90), 0 once
 * expired, and null for a purchased or withdrawn referral: it no longer expires.
 */
export function daysRemaining(referral: ExpiringReferral, now = new Date()): number | null {
  if (referral.status === "PURCHASED" || referral.status === "WITHDRAWN") return null;
  if (referral.status === "EXPIRED") return 0;
  return Math.max(0, Math.ceil((effectiveExpiresAt(referral, now).getTime() - now.getTime()) / DAY_MS));
}

/** How many days before its expiry a pending referral's customer is warned, and its row shows the day. */
export const EXPIRY_WARNING_DAYS = 10;

/**
 * The one rule of the warning window: a pending referral is inside it once it has at most 10 days
 * left (`expiresAt - now <= 10 days`), i.e. exactly when `daysRemaining` is 10 or less.
 */
export function expiryWarningStart(now: Date): Date {
  return new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS);
}

/** The day a referral expires, in London, written out: "3 March" (the email, the activity and the row). */
export function expiresOnText(expiresAt: Date): string {
  return londonDayText(expiresAt);
}

/** What the row says about expiry: what the warning and expiry emails say, in short. */
export const EXPIRED_DISPLAY = "Expired after 90 days without a purchase · details erased";

/**
 * The customer's referral row's expiry text: "N days left" while pending, "Expires on 3 March" once
 * inside the warning window, the reason once expired; null when it no longer expires.
 */
export function expiryDisplay(referral: ExpiringReferral, now = new Date()): string | null {
  if (referral.status === "EXPIRED") return EXPIRED_DISPLAY;
  if (referral.status !== "PENDING") return null;
  const days = daysRemaining(referral, now) ?? 0;
  if (days <= EXPIRY_WARNING_DAYS) return `Expires on ${expiresOnText(effectiveExpiresAt(referral, now))}`;
  return `${days} days left`;
}

/** Whole days since the referral was added. */
export function ageInDays(createdAt: Date, now = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS));
}

/** A referral's age (docs/rules/web-app.md, "Times and dates"): Today, Yesterday, N days ago (under 7), N weeks ago (under 30), else N months ago. */
export function ageDisplay(days: number): string {
  if (days < 1) return "Today";
  if (days < 2) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? "1 week ago" : `${weeks} weeks ago`;
  }
  const months = Math.floor(days / 30);
  return months === 1 ? "1 month ago" : `${months} months ago`;
}

export const STATUS_DISPLAY: Record<ReferralStatus, string> = {
  PENDING: "Pending",
  PURCHASED: "Purchased",
  EXPIRED: "Expired",
  WITHDRAWN: "Withdrawn",
};
