// Rows the admin API writes (purchases, ledger entries, milestone payments), inserted directly so
// the customer API's tests can read them. Test-only.
import type { Db } from "../src/db/prisma.ts";
import type { Milestone, Referral, ReferralStatus } from "../src/generated/prisma/client.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
let phoneCounter = 0;

/** An administrator row to sign purchases and payments with (no password: it never signs in). */
export async function insertActor(
  db: Db,
  username = `actor${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
): Promise<number> {
  const user = await db.user.create({
    data: { username, email: `${username}@example.com`, passwordHash: "unused", role: "ADMIN" },
  });
  return user.id;
}

/**
 * A distinct valid UK mobile number in E.164, for bulk referrals. Its last six digits are a multiple of
 * 11, so no two differ in one digit only: one customer's referrals never raise the REFERRER_PHONE
 * signal by accident (docs/rules/fraud.md, "Signals").
 */
export function uniqueMobile(): string {
  phoneCounter += 1;
  return `+447400${String(100000 + 11 * phoneCounter).slice(-6)}`;
}

export async function insertReferral(
  db: Db,
  customerId: number,
  overrides: { name?: string; phone?: string; email?: string | null; status?: ReferralStatus; createdAt?: Date } = {},
): Promise<Referral> {
  const createdAt = overrides.createdAt ?? new Date();
  return db.referral.create({
    data: {
      customerId,
      name: overrides.name ?? "Fixture Friend",
      phone: overrides.phone ?? uniqueMobile(),
      email: overrides.email ?? null,
      status: overrides.status ?? "PENDING",
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 90 * DAY_MS),
    },
  });
}

/** What verifying a purchase leaves behind: the live purchase, its CREDIT entry, the referral purchased. */
export async function insertPurchase(
  db: Db,
  input: {
    referralId: number;
    customerId: number;
    amountPence: number;
    creditPence: number;
    actorId: number;
    verifiedAt?: Date;
  },
): Promise<{ purchaseId: number }> {
  return db.$transaction(async (tx) => {
    const purchase = await tx.referralPurchase.create({
      data: {
        referralId: input.referralId,
        liveReferralId: input.referralId,
        amountPence: input.amountPence,
        verifiedById: input.actorId,
        verifiedAt: input.verifiedAt ?? new Date(),
      },
    });
    await tx.creditLedgerEntry.create({
      data: {
        customerId: input.customerId,
        referralId: input.referralId,
        purchaseId: purchase.id,
        kind: "CREDIT",
        amountPence: input.creditPence,
        rateBasisPoints: 1100,
        actorId: input.actorId,
      },
    });
    await tx.referral.update({ where: { id: input.referralId }, data: { status: "PURCHASED" } });
    return { purchaseId: purchase.id };
  });
}

/** What cancelling a purchase leaves behind: the reversal, the purchase no longer live, the referral pending. */
export async function cancelPurchase(
  db: Db,
  input: { purchaseId: number; actorId: number; reason?: string },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const purchase = await tx.referralPurchase.update({
      where: { id: input.purchaseId },
      data: {
        liveReferralId: null,
        cancelledAt: new Date(),
        cancelledById: input.actorId,
        cancellationReason: input.reason ?? "Returned",
      },
      include: { ledgerEntries: true },
    });
    const credit = purchase.ledgerEntries.find((entry) => entry.kind === "CREDIT");
    await tx.creditLedgerEntry.create({
      data: {
        customerId: credit!.customerId,
        referralId: purchase.referralId,
        purchaseId: purchase.id,
        kind: "REVERSAL",
        amountPence: -credit!.amountPence,
        rateBasisPoints: credit!.rateBasisPoints,
        actorId: input.actorId,
      },
    });
    await tx.referral.update({ where: { id: purchase.referralId }, data: { status: "PENDING" } });
  });
}

export async function insertMilestonePayment(
  db: Db,
  input: { customerId: number; milestone: Milestone; amountPence: number; actorId: number; paidAt?: Date },
): Promise<number> {
  const payment = await db.milestonePayment.create({
    data: {
      customerId: input.customerId,
      milestone: input.milestone,
      amountPence: input.amountPence,
      paidById: input.actorId,
      paidAt: input.paidAt ?? new Date(),
    },
  });
  return payment.id;
}
