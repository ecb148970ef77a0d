import { recordAudit } from "../audit/index.ts";
import { checkCurrentPassword } from "../auth/index.ts";
import {
  activityDescriptions,
  auditingSelfDealing,
  currentCredits,
  recordActivity,
  refuseSelfDealing,
} from "../customers/index.ts";
import { notifyAdminQueues } from "../db/adminQueues.ts";
import { LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { ERASED_EMAIL_BODY } from "../emails/index.ts";
import type { Referral } from "../generated/prisma/client.ts";
import type { LoginThrottle } from "../graphql/context.ts";
import { eraseFromIdempotentAnswers } from "../idempotency/index.ts";
import type { Actor } from "../lib/actor.ts";
import { ERASED_NAME, erasedEmail, erasedUsername } from "../lib/displayName.ts";
import { ConflictError, ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatPounds } from "../lib/money.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { milestoneOverview } from "../milestones/index.ts";
import { erasedReferralDetails } from "../referrals/index.ts";

// Deleting an account (the customer, GDPR art. 17) and erasure on request (an administrator): one
// definition of each. Personal data goes; the money's records (ledger, purchases' amounts,
// milestone payments) stay, anonymised, for the accounts.

export const PRIVACY_MESSAGES = {
  deleted: "Your account has been deleted and your personal data erased. Thank you for taking part.",
  customerErased: "The customer's personal data has been erased.",
  referralErased: "The referral's personal data has been erased.",
  alreadyErased: "This account has already been erased.",
  referralAlreadyErased: "This referral's details have already been erased.",
  customerNotFound: "Customer not found",
  referralNotFound: "Referral not found",
  administrator:
    "An administrator's or staff account cannot be erased here: make it a customer's first (npm run admin:promote -- <username> --role customer).",
  reasonRequired: "Please give a reason for the erasure: it is kept in the audit log.",
  /** Refused while money is due to the customer: erasing would make it unpayable (docs/rules/privacy.md, "A payment due blocks deletion"). */
  paymentDue: (amount: string, who: "you" | "customer") =>
    who === "you"
      ? `A milestone payment of ${amount} is ready for you. Deleting your account now would give it up: please ask us to pay it first, then delete your account.`
      : `A milestone payment of ${amount} is ready for this customer. Pay it first (or record why it will not be paid), then erase the account: an erased customer cannot be paid.`,
} as const;

/** What the audit records of an erasure: counts and ids, never the data erased. */
interface ErasureSummary {
  userId: number;
  customerId: number | null;
  referralsErased: number;
  pendingWithdrawn: number;
  emailsCleared: number;
}

/**
 * The customer deletes their own account: the password again (counted by the sign-in throttle),
 * then the erasure. Their sessions end; the caller clears the cookie.
 */
export async function deleteMyAccount(
  deps: { db: Db; loginThrottle: LoginThrottle },
  viewer: { id: number } | null,
  input: { password: string },
  meta: { ip: string; deviceCookie?: string | null },
): Promise<ErasureSummary> {
  if (!viewer) throw new NotAuthenticatedError();
  const user = await deps.db.user.findUnique({ where: { id: viewer.id } });
  if (!user || user.erasedAt) throw new NotAuthenticatedError();
  if (user.role !== "CUSTOMER") throw new ForbiddenError(PRIVACY_MESSAGES.administrator);
  await checkCurrentPassword(deps, user, input.password, meta, { purpose: "delete the account", field: "password" });
  return deps.db.$transaction(async (tx) => {
    const summary = await eraseAccount(tx, user.id, "you");
    await recordAudit(tx, {
      action: "account_deleted",
      resourceType: "user",
      resourceId: user.id,
      actorId: user.id,
      after: { ...summary },
      details: `Account #${user.id} deleted by its holder; personal data erased, financial records kept`,
      ipAddress: meta.ip,
    });
    return summary;
  }, LOCKING_TRANSACTION);
}

/** An administrator erases a customer on request (never their own account), with a reason for the audit. */
export async function eraseCustomerOnRequest(
  db: Db,
  input: { customerId: number; reason: unknown },
  actor: Actor,
): Promise<ErasureSummary> {
  const reason = parseErasureReason(input.reason);
  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      const customer = await tx.customerProfile.findUnique({
        where: { id: input.customerId },
        select: { id: true, userId: true, user: { select: { role: true } } },
      });
      if (!customer) throw new NotFoundError(PRIVACY_MESSAGES.customerNotFound);
      refuseSelfDealing(customer, actor, "eraseCustomer");
      if (customer.user.role !== "CUSTOMER") throw new ForbiddenError(PRIVACY_MESSAGES.administrator);
      const summary = await eraseAccount(tx, customer.userId, "customer");
      await recordAudit(tx, {
        action: "customer_erased",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: actor.id,
        after: { ...summary },
        details: `Customer #${customer.id} erased on request; personal data erased, financial records kept. Reason: ${reason}`,
        ipAddress: actor.ip ?? null,
      });
      return summary;
    }, LOCKING_TRANSACTION),
  );
}

/**
 * An administrator erases one referral's personal data on request: a pending one is withdrawn, a
 * purchased one keeps its purchase and credit. Audited with the reason; the customer's feed says so.
 */
export async function eraseReferralOnRequest(
  db: Db,
  input: { referralId: number | null; reason: unknown },
  actor: Actor,
): Promise<{ referralId: number }> {
  const reason = parseErasureReason(input.reason);
  const referralId = input.referralId;
  if (referralId == null) throw new NotFoundError(PRIVACY_MESSAGES.referralNotFound);
  return auditingSelfDealing(db, () =>
    db.$transaction(async (tx) => {
      const found = await tx.referral.findUnique({ where: { id: referralId }, select: { customerId: true } });
      if (!found) throw new NotFoundError(PRIVACY_MESSAGES.referralNotFound);
      // The customer's lock first, as a verification takes it: the two are serialised.
      await lockCustomer(tx, found.customerId);
      const referral = await tx.referral.findUniqueOrThrow({
        where: { id: referralId },
        include: { customer: { select: { id: true, userId: true } } },
      });
      refuseSelfDealing(referral.customer, actor, "eraseReferral");
      if (referral.erasedAt) throw new ConflictError(PRIVACY_MESSAGES.referralAlreadyErased);
      await eraseReferral(tx, referral, {
        action: "referral_erased",
        actorId: actor.id,
        ip: actor.ip ?? null,
        details: `Referral #${referralId} of customer #${referral.customerId} erased on request. Reason: ${reason}`,
      });
      return { referralId };
    }, LOCKING_TRANSACTION),
  );
}

/**
 * The erasure of one referral's details, whoever asked: a pending one is withdrawn, a purchased one
 * keeps its purchase and credit; stored answers lose the details; the customer's feed says so; audited.
 * (The consent record and the friend's own emails follow in the database: prisma/migrations/*_share_links_erasure.)
 */
async function eraseReferral(
  tx: Tx,
  referral: Referral,
  audit: { action: string; actorId: number | null; ip: string | null; details: string },
): Promise<void> {
  const now = new Date();
  // Emails about the referral never held the name (emails/outbox.ts); stored answers may.
  await eraseFromIdempotentAnswers(tx, {
    values: [referral.name, referral.phone, referral.email, referral.address],
  });
  await tx.referral.update({
    where: { id: referral.id },
    data: { ...(referral.status === "PENDING" ? { status: "WITHDRAWN" } : {}), ...erasedReferralDetails(now) },
  });
  await recordActivity(tx, {
    customerId: referral.customerId,
    type: "REFERRAL_ERASED",
    description: activityDescriptions.referralErasedOnRequest(),
    referralId: referral.id,
  });
  await notifyAdminQueues(tx, "REFERRALS");
  await recordAudit(tx, {
    action: audit.action,
    resourceType: "referral",
    resourceId: referral.id,
    actorId: audit.actorId,
    before: { status: referral.status },
    after: {
      status: referral.status === "PENDING" ? "WITHDRAWN" : referral.status,
      customerId: referral.customerId,
      erased: ["name", "phone", "email", "address"],
    },
    details: audit.details,
    ipAddress: audit.ip,
  });
}

/**
 * A friend who added themselves through a share link withdraws through the emailed link: the same
 * erasure as on request, at once (docs/rules/share-links.md, "Withdrawal"). False when already erased.
 */
export async function eraseReferralForFriend(db: Db, referralId: number, ip: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const found = await tx.referral.findUnique({ where: { id: referralId }, select: { customerId: true } });
    if (!found) return false;
    await lockCustomer(tx, found.customerId);
    const referral = await tx.referral.findUniqueOrThrow({ where: { id: referralId } });
    if (referral.erasedAt) return false;
    await eraseReferral(tx, referral, {
      action: "referral_withdrawn_by_friend",
      actorId: null,
      ip,
      details: `Referral #${referralId} of customer #${referral.customerId}: the friend withdrew their details through the share link email.`,
    });
    return true;
  }, LOCKING_TRANSACTION);
}

export function parseErasureReason(value: unknown): string {
  const reason = parseText(TEXT_FIELDS.erasureReason, value, "reason");
  if (!reason) throw new ValidationError(PRIVACY_MESSAGES.reasonRequired, "reason");
  return reason;
}

/**
 * The erasure itself, in the caller's transaction: refused while a milestone payment is due; then the
 * account's personal data, its referrals' details (pending ones withdrawn), its emails' text and
 * addresses; tokens and second factor deleted; every session ended. Ledger, purchases and payments stay.
 */
async function eraseAccount(tx: Tx, userId: number, who: "you" | "customer"): Promise<ErasureSummary> {
  const profile = await tx.customerProfile.findUnique({ where: { userId }, select: { id: true } });
  // The customer's lock: no credit, payment or approval can slip in between the check and the erasure.
  if (profile) await lockCustomer(tx, profile.id);
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.erasedAt) throw new ConflictError(PRIVACY_MESSAGES.alreadyErased);
  const now = new Date();
  // Every value erased below, for the copies kept elsewhere (idempotency answers).
  const erasedValues: (string | null)[] = [user.username, user.email, user.firstName, user.lastName];
  let referralsErased = 0;
  let pendingWithdrawn = 0;
  if (profile) {
    const customer = await tx.customerProfile.findUniqueOrThrow({
      where: { id: profile.id },
      include: { milestonePayments: true },
    });
    if (customer.status === "VERIFIED") {
      const credits = await currentCredits(tx, customer.id);
      const due = milestoneOverview(customer.originalPurchaseAmountPence, credits, customer.milestonePayments).filter(
        (milestone) => milestone.state === "READY" && milestone.tranchePence > 0,
      );
      const duePence = due.reduce((sum, milestone) => sum + milestone.tranchePence, 0);
      if (duePence > 0) throw new ConflictError(PRIVACY_MESSAGES.paymentDue(formatPounds(duePence), who));
    }
    const referrals = await tx.referral.findMany({
      where: { customerId: customer.id, erasedAt: null },
      select: { name: true, phone: true, email: true, address: true },
    });
    erasedValues.push(
      customer.postcode,
      customer.contractNumber,
      ...referrals.flatMap((r) => [r.name, r.phone, r.email, r.address]),
    );
    pendingWithdrawn = (
      await tx.referral.updateMany({
        where: { customerId: customer.id, status: "PENDING" },
        data: { status: "WITHDRAWN", ...erasedReferralDetails(now) },
      })
    ).count;
    referralsErased =
      pendingWithdrawn +
      (
        await tx.referral.updateMany({
          where: { customerId: customer.id, erasedAt: null },
          data: erasedReferralDetails(now),
        })
      ).count;
    await tx.customerProfile.update({
      where: { id: customer.id },
      data: {
        postcode: ERASED_NAME,
        contractNumber: ERASED_NAME,
        // A registration waiting for review leaves the queue: there is no one left to approve.
        ...(customer.status === "PENDING" ? { status: "REJECTED", rejectionReason: "Account erased" } : {}),
        ...(customer.status === "REJECTED" ? { rejectionReason: "Account erased" } : {}),
      },
    });
    // A payment the customer asked for cannot be due (refused above); the request names no one.
    await tx.customerPaymentRequest.deleteMany({ where: { customerId: customer.id } });
    await notifyAdminQueues(tx, "CUSTOMERS", "REFERRALS", "MILESTONES");
  }
  // Queued emails are never sent; every email keeps type, subject, status and dates only (a server's
  // refusal in lastError often quotes the address, so it goes too).
  await tx.email.updateMany({
    where: { userId, status: "PENDING" },
    data: { status: "FAILED", lastError: "Not sent: the account was erased." },
  });
  await tx.email.updateMany({
    where: { userId, status: { not: "PENDING" }, lastError: { not: "Not sent: the account was erased." } },
    data: { lastError: null },
  });
  const emails = await tx.email.updateMany({
    where: { userId },
    data: { toAddress: erasedEmail(userId), textBody: ERASED_EMAIL_BODY, htmlBody: `<p>${ERASED_EMAIL_BODY}</p>` },
  });
  await eraseFromIdempotentAnswers(tx, { callers: [`user:${userId}`], values: erasedValues });
  await notifyAdminQueues(tx, "EMAILS");
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.emailConfirmationToken.deleteMany({ where: { userId } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.secondFactor.deleteMany({ where: { userId } });
  await tx.user.update({
    where: { id: userId },
    data: {
      username: erasedUsername(userId),
      email: erasedEmail(userId),
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      // Not an argon2 hash: no password verifies against it.
      passwordHash: "!erased",
      secondFactorEnabled: false,
      sessionVersion: { increment: 1 },
      erasedAt: now,
    },
  });
  return { userId, customerId: profile?.id ?? null, referralsErased, pendingWithdrawn, emailsCleared: emails.count };
}
