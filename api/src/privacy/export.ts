import type { Db } from "../db/prisma.ts";
import { fillReferralName, REMOVED_EMAIL_BODIES } from "../emails/index.ts";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { penceToPounds } from "../lib/money.ts";
import { recorderName } from "../staff/index.ts";

/**
 * At most this many rows of each list go into one download (newest first), and at most
 * MY_DATA_EMAIL_LIMIT emails with their text: a file of a few megabytes at worst, so a download
 * cannot exhaust the server. A cut list says so in `truncated`; the rest is available on request.
 */
export const MY_DATA_LIST_LIMIT = 5_000;
export const MY_DATA_EMAIL_LIMIT = 1_000;
export const MY_DATA_FORMAT = "hng-referral-scheme/my-data@1";

const pounds = (pence: number) => penceToPounds(pence);

/** Emails whose text carries a single-use link (a secret while it works): their text is never exported. */
const LINK_EMAIL_TYPES: readonly string[] = ["PASSWORD_RESET", "EMAIL_CONFIRMATION", "EMAIL_CHANGE_CONFIRMATION"];

/**
 * Everything the programme holds about the signed-in person (GDPR articles 15 and 20), as one JSON
 * document: account, profile, referrals (with their friends' details, which the customer gave us),
 * ledger, payments, activities and emails. Never a secret (password hash, tokens, codes) and never
 * who at the programme did what (administrators' names and notes).
 */
export async function myDataExport(db: Db, userId: number | undefined, now: Date = new Date()) {
  if (userId === undefined) throw new NotAuthenticatedError();
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new NotAuthenticatedError();
  const profile = await db.customerProfile.findUnique({ where: { userId } });
  const customerId = profile?.id ?? -1;
  const newest = { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }] };
  const [referrals, ledger, payments, paymentRequests, activities, emails] = await Promise.all([
    db.referral.findMany({
      where: { customerId },
      ...newest,
      take: MY_DATA_LIST_LIMIT + 1,
      include: {
        purchases: { orderBy: { id: "asc" } },
        recordedBy: { select: { firstName: true, lastName: true, username: true } },
      },
    }),
    db.creditLedgerEntry.findMany({ where: { customerId }, ...newest, take: MY_DATA_LIST_LIMIT + 1 }),
    db.milestonePayment.findMany({ where: { customerId }, orderBy: { paidAt: "asc" } }),
    db.customerPaymentRequest.findMany({ where: { customerId }, orderBy: { requestedAt: "asc" } }),
    db.activity.findMany({ where: { customerId }, ...newest, take: MY_DATA_LIST_LIMIT + 1 }),
    db.email.findMany({ where: { userId }, ...newest, take: MY_DATA_EMAIL_LIMIT + 1 }),
  ]);
  const truncated = [
    referrals.length > MY_DATA_LIST_LIMIT ? "referrals" : null,
    ledger.length > MY_DATA_LIST_LIMIT ? "ledger" : null,
    activities.length > MY_DATA_LIST_LIMIT ? "activities" : null,
    emails.length > MY_DATA_EMAIL_LIMIT ? "emails" : null,
  ].filter((name): name is string => name !== null);
  // An email about a referral names the friend as the referral does today: "Your friend" once erased.
  const referralNames = new Map(referrals.map((referral) => [referral.id, referral.name]));
  return {
    format: MY_DATA_FORMAT,
    exportedAt: now.toISOString(),
    limits: { rowsPerList: MY_DATA_LIST_LIMIT, emails: MY_DATA_EMAIL_LIMIT },
    truncated,
    account: {
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      emailConfirmedAt: user.emailConfirmedAt,
      secondFactorEnabled: user.secondFactorEnabled,
      createdAt: user.createdAt,
    },
    profile: profile
      ? {
          id: profile.id,
          status: profile.status,
          rejectionReason: profile.rejectionReason,
          originalPurchaseAmount: pounds(profile.originalPurchaseAmountPence),
          postcode: profile.postcode,
          contractNumber: profile.contractNumber,
          termsAcceptedAt: profile.termsAcceptedAt,
          verifiedAt: profile.verifiedAt,
          createdAt: profile.createdAt,
        }
      : null,
    referrals: referrals.slice(0, MY_DATA_LIST_LIMIT).map((referral) => ({
      id: referral.id,
      name: referral.name,
      phone: referral.phone,
      email: referral.email,
      address: referral.address,
      status: referral.status,
      // A friend who added themselves through the share link: that, and nothing of their consent record
      // (its time and address are theirs, docs/rules/share-links.md, "Consent").
      ...(referral.channel === "SHARE_LINK" ? { added: "added through your link" } : {}),
      // Recorded by staff: who, as the referral's row says it, and nothing of the friend's consent record.
      ...(referral.channel === "STAFF" && referral.recordedBy
        ? { added: `recorded for you by ${recorderName(referral.recordedBy)} of our team` }
        : {}),
      createdAt: referral.createdAt,
      expiresAt: referral.expiresAt,
      erasedAt: referral.erasedAt,
      purchases: referral.purchases.map((purchase) => ({
        amount: pounds(purchase.amountPence),
        verifiedAt: purchase.verifiedAt,
        cancelledAt: purchase.cancelledAt,
        cancellationReason: purchase.cancellationReason,
      })),
    })),
    ledger: ledger.slice(0, MY_DATA_LIST_LIMIT).map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: pounds(entry.amountPence),
      creditRateBasisPoints: entry.rateBasisPoints,
      referralId: entry.referralId,
      createdAt: entry.createdAt,
    })),
    payments: payments.map((payment) => ({
      milestone: payment.milestone,
      amount: pounds(payment.amountPence),
      paidAt: payment.paidAt,
    })),
    paymentRequests: paymentRequests.map((request) => ({
      milestone: request.milestone,
      requestedAt: request.requestedAt,
    })),
    activities: activities.slice(0, MY_DATA_LIST_LIMIT).map((activity) => ({
      id: activity.id,
      type: activity.type,
      description: activity.description,
      amount: activity.amountPence === null ? null : pounds(activity.amountPence),
      referralId: activity.referralId,
      createdAt: activity.createdAt,
    })),
    emails: emails.slice(0, MY_DATA_EMAIL_LIMIT).map((email) => ({
      type: email.type,
      to: email.toAddress,
      subject: email.subject,
      status: email.status,
      createdAt: email.createdAt,
      sentAt: email.sentAt,
      // The text while it is kept; a removed text (90 days, erasure) is not the email any more.
      text:
        LINK_EMAIL_TYPES.includes(email.type) || REMOVED_EMAIL_BODIES.includes(email.textBody)
          ? null
          : fillReferralName(email.textBody, referralNames.get(email.referralId ?? -1) ?? null, false),
    })),
  };
}
