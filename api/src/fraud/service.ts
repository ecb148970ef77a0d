import type { DbOrTx, Tx } from "../db/prisma.ts";
import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { ReferralSignalKind } from "../generated/prisma/client.ts";
import { formatPounds } from "../lib/money.ts";
import { MAX_SIGNAL_BURST_PER_HOUR, signalSettingsSql } from "../settings/index.ts";
import { isDisposableDomain } from "./disposable.ts";
import { emailDomain, emailKey, oneDigitApart, oneEditApart, postcodesIn } from "./normalise.ts";

// The fraud signals (docs/rules/fraud.md, "Signals"): plain reasons a referral looks wrong, each with
// what matched. Computed in the add's own transaction, on every channel, and again at verification.

export type { ReferralSignalKind };

/** A reason found: what it means in words (no personal data) and what matched (may hold personal data). */
export interface SignalFound {
  kind: ReferralSignalKind;
  words: string;
  evidence: string | null;
}

/** A stored signal, as the API shows it. */
export interface ReferralSignalRow extends SignalFound {
  referralId: number;
  noticedAt: Date;
}

/** The kinds in the order the pages list them: the person first, then the pattern, then the money. */
export const SIGNAL_KINDS: readonly ReferralSignalKind[] = [
  "REFERRER_EMAIL",
  "REFERRER_PHONE",
  "SAME_POSTCODE",
  "DISPOSABLE_EMAIL",
  "FRIEND_REFERRED_ELSEWHERE",
  "FRIEND_READDED",
  "SHARED_DEVICE",
  "BURST",
  "AMOUNT_UNUSUAL",
];

/** What each kind means, in words an administrator reads (stored on the row; never personal data). */
export const SIGNAL_WORDS: Record<ReferralSignalKind, string> = {
  SAME_POSTCODE: "The friend's address has the referrer's own postcode.",
  REFERRER_EMAIL: "The friend's email looks like the referrer's own address.",
  REFERRER_PHONE: "The friend's phone is one digit away from a phone this customer gave for another referral.",
  DISPOSABLE_EMAIL: "The friend's email is at a throwaway (disposable) email service.",
  FRIEND_REFERRED_ELSEWHERE: "The same friend is referred by another customer under another spelling of their email.",
  FRIEND_READDED: "The same friend was referred before, and that referral was withdrawn or expired.",
  BURST: "The customer added many referrals within an hour.",
  AMOUNT_UNUSUAL: "The purchase amount is unusually high.",
  SHARED_DEVICE: "Details sent through share links of different customers from one address or browser.",
};

const HOUR_MS = 60 * 60 * 1000;
/** Enough of a customer's referrals to compare phones with: the daily limit is at most 1,000. */
const OWN_PHONES_LIMIT = 2000;
/** The programme's 99th percentile means something only over this many live purchases. */
export const AMOUNT_PERCENTILE_MIN_PURCHASES = 100;

/** What the signals of one referral are computed from. */
interface Subject {
  id: number;
  customerId: number;
  phone: string | null;
  email: string | null;
  emailKey: string | null;
  address: string | null;
  createdAt: Date;
  erasedAt: Date | null;
  referrerEmail: string;
  referrerPostcode: string | null;
  referrerPurchasePence: number;
  consentIp: string | null;
  consentDevice: string | null;
  /** The settings in force (docs/rules/fraud.md, "Settings"), read in the same statement. */
  burstLimit: number;
  amountFactorPercent: number;
}

const subjectQuery = (referralId: number) =>
  queryBuilder
    .selectFrom("Referral as r")
    .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
    .innerJoin("User as u", "u.id", "c.userId")
    .leftJoin("ShareLinkConsent as s", "s.referralId", "r.id")
    .select([
      "r.id",
      "r.customerId",
      "r.phone",
      sql<string | null>`r.email::text`.as("email"),
      "r.emailKey",
      "r.address",
      "r.createdAt",
      "r.erasedAt",
      sql<string>`u.email::text`.as("referrerEmail"),
      "c.postcode as referrerPostcode",
      "c.originalPurchaseAmountPence as referrerPurchasePence",
      "s.ipAddress as consentIp",
      "s.deviceId as consentDevice",
      signalSettingsSql.burstPerHour.as("burstLimit"),
      signalSettingsSql.amountFactorPercent.as("amountFactorPercent"),
    ])
    .where("r.id", "=", referralId);

/** The signals that compare the referral with its referrer alone: no statement needed. */
export function signalsAgainstReferrer(subject: {
  email: string | null;
  address: string | null;
  referrerEmail: string;
  referrerPostcode: string | null;
}): SignalFound[] {
  const found: SignalFound[] = [];
  const friendKey = emailKey(subject.email);
  const referrerKey = emailKey(subject.referrerEmail);
  if (subject.email && friendKey && referrerKey) {
    if (friendKey === referrerKey)
      found.push({
        kind: "REFERRER_EMAIL",
        words: SIGNAL_WORDS.REFERRER_EMAIL,
        evidence: `email ${subject.email} is the referrer's ${subject.referrerEmail} (a +tag or Gmail's dots aside)`,
      });
    else if (oneEditApart(friendKey, referrerKey))
      found.push({
        kind: "REFERRER_EMAIL",
        words: SIGNAL_WORDS.REFERRER_EMAIL,
        evidence: `email ${subject.email} is one character away from the referrer's ${subject.referrerEmail}`,
      });
  }
  // The referrer's full postcode (normalised) in the friend's address; the same area alone is no signal.
  const [referrerPostcode] = postcodesIn(subject.referrerPostcode);
  if (referrerPostcode && postcodesIn(subject.address).includes(referrerPostcode))
    found.push({
      kind: "SAME_POSTCODE",
      words: SIGNAL_WORDS.SAME_POSTCODE,
      evidence: `postcode ${referrerPostcode} = referrer's`,
    });
  const domain = emailDomain(subject.email);
  if (domain && isDisposableDomain(domain))
    found.push({
      kind: "DISPOSABLE_EMAIL",
      words: SIGNAL_WORDS.DISPOSABLE_EMAIL,
      evidence: `email domain ${domain} is on the disposable email list`,
    });
  return found;
}

/** The signals that compare the referral with the programme's other referrals: two statements, by index. */
async function signalsAgainstOthers(tx: DbOrTx, subject: Subject): Promise<SignalFound[]> {
  const found: SignalFound[] = [];
  const since = new Date(subject.createdAt.getTime() - HOUR_MS);
  // Referrals by this customer in the hour up to this one (this one counted), read from the
  // (customerId, createdAt) index and stopped past what the largest setting can ask for.
  const recent = await runFirst(
    tx,
    queryBuilder
      .selectFrom(
        queryBuilder
          .selectFrom("Referral")
          .select("id")
          .where("customerId", "=", subject.customerId)
          .where("createdAt", ">", since)
          .where("createdAt", "<=", subject.createdAt)
          .limit(MAX_SIGNAL_BURST_PER_HOUR + 1)
          .as("recent"),
      )
      .select(sql<number>`count(*)::int`.as("n")),
  );
  const ownPhones = subject.phone
    ? await run(
        tx,
        queryBuilder
          .selectFrom("Referral")
          .select(["id", "phone"])
          .where("customerId", "=", subject.customerId)
          .where("id", "<>", subject.id)
          .where("phone", "is not", null)
          .limit(OWN_PHONES_LIMIT),
      )
    : [];
  const burstLimit = subject.burstLimit;
  const recentCount = Number(recent?.n ?? 0);
  if (recentCount > burstLimit)
    found.push({
      kind: "BURST",
      words: SIGNAL_WORDS.BURST,
      evidence: `${recentCount} referrals by this customer in the hour up to this one (the setting allows ${burstLimit})`,
    });
  if (subject.phone) {
    const phone = subject.phone;
    const near = ownPhones.find((own) => own.phone !== null && oneDigitApart(own.phone, phone));
    if (near)
      found.push({
        kind: "REFERRER_PHONE",
        words: SIGNAL_WORDS.REFERRER_PHONE,
        // The other phone is another friend's: named by its referral only, so its erasure leaves nothing here.
        evidence: `phone ${subject.phone} is one digit away from the phone of referral #${near.id}`,
      });
  }

  const keys = [subject.phone, subject.emailKey].filter(Boolean);
  if (keys.length > 0) {
    const others = await run(
      tx,
      queryBuilder
        .selectFrom("Referral")
        .select(["id", "customerId", "status", "expiresAt", "phone", "emailKey"])
        .where("id", "<>", subject.id)
        .where((eb) =>
          eb.or([
            ...(subject.phone ? [eb("phone", "=", subject.phone)] : []),
            ...(subject.emailKey ? [eb("emailKey", "=", subject.emailKey)] : []),
          ]),
        )
        .orderBy("id")
        .limit(20),
    );
    const what = (other: { phone: string | null; emailKey: string | null }) =>
      other.phone === subject.phone ? `phone ${subject.phone}` : `email ${subject.email}`;
    const elsewhere = others.find(
      (other) =>
        other.customerId !== subject.customerId && (other.status === "PENDING" || other.status === "PURCHASED"),
    );
    if (elsewhere)
      found.push({
        kind: "FRIEND_REFERRED_ELSEWHERE",
        words: SIGNAL_WORDS.FRIEND_REFERRED_ELSEWHERE,
        evidence: `${what(elsewhere)} matches referral #${elsewhere.id} of customer #${elsewhere.customerId}`,
      });
    const before = others.find((other) => other.status === "WITHDRAWN" || other.status === "EXPIRED");
    if (before)
      found.push({
        kind: "FRIEND_READDED",
        words: SIGNAL_WORDS.FRIEND_READDED,
        evidence: `${what(before)} matches referral #${before.id} (${before.status.toLowerCase()})`,
      });
  }

  if (subject.consentIp || subject.consentDevice) {
    const shared = await runFirst(
      tx,
      queryBuilder
        .selectFrom("ShareLinkConsent as s")
        .innerJoin("Referral as r", "r.id", "s.referralId")
        .select(["s.referralId", "r.customerId", "s.ipAddress", "s.deviceId"])
        .where("s.referralId", "<>", subject.id)
        .where("r.customerId", "<>", subject.customerId)
        .where((eb) =>
          eb.or([
            ...(subject.consentIp ? [eb("s.ipAddress", "=", subject.consentIp)] : []),
            ...(subject.consentDevice ? [eb("s.deviceId", "=", subject.consentDevice)] : []),
          ]),
        )
        .orderBy("s.referralId")
        .limit(1),
    );
    if (shared)
      found.push({
        kind: "SHARED_DEVICE",
        words: SIGNAL_WORDS.SHARED_DEVICE,
        evidence:
          shared.deviceId && shared.deviceId === subject.consentDevice
            ? `the same browser sent referral #${shared.referralId} for customer #${shared.customerId}`
            : `address ${subject.consentIp} also sent referral #${shared.referralId} for customer #${shared.customerId}`,
      });
  }
  return found;
}

/** The amount at verification: above the programme's 99th percentile, or above the referrer's purchase × the factor. */
async function amountSignal(tx: DbOrTx, subject: Subject, amountPence: number): Promise<SignalFound | null> {
  const factorPercent = subject.amountFactorPercent;
  const ceiling = Math.floor((subject.referrerPurchasePence * factorPercent) / 100);
  if (amountPence > ceiling)
    return {
      kind: "AMOUNT_UNUSUAL",
      words: SIGNAL_WORDS.AMOUNT_UNUSUAL,
      evidence: `${formatPounds(amountPence)} is above ${factorPercent}% of the referrer's own purchase of ${formatPounds(subject.referrerPurchasePence)}`,
    };
  const stats = await runFirst(
    tx,
    queryBuilder
      .selectFrom("ReferralPurchase")
      .select([
        sql<number>`count(*)::int`.as("n"),
        sql<number | null>`(percentile_disc(0.99) WITHIN GROUP (ORDER BY "amountPence"))::int`.as("p99"),
      ])
      .where("liveReferralId", "is not", null)
      .where("referralId", "<>", subject.id),
  );
  const n = Number(stats?.n ?? 0);
  const p99 = stats?.p99 == null ? null : Number(stats.p99);
  if (n >= AMOUNT_PERCENTILE_MIN_PURCHASES && p99 !== null && amountPence > p99)
    return {
      kind: "AMOUNT_UNUSUAL",
      words: SIGNAL_WORDS.AMOUNT_UNUSUAL,
      evidence: `${formatPounds(amountPence)} is above the programme's 99th percentile of ${formatPounds(p99)} (${n} purchases)`,
    };
  return null;
}

/** Every signal of the referral as its data stands now (an erased referral has none left to find). */
async function computeSignals(tx: DbOrTx, subject: Subject, amountPence: number | null): Promise<SignalFound[]> {
  if (subject.erasedAt) return [];
  const found = [...signalsAgainstReferrer(subject), ...(await signalsAgainstOthers(tx, subject))];
  if (amountPence !== null) {
    const amount = await amountSignal(tx, subject, amountPence);
    if (amount) found.push(amount);
  }
  return found;
}

/**
 * Writes what was found: new kinds noticed now, kinds still found keep when they were first noticed
 * (their words and evidence brought up to date), kinds no longer found go.
 */
async function storeSignals(
  tx: Tx,
  referralId: number,
  found: SignalFound[],
  now: Date,
  keepKinds: ReferralSignalKind[] = [],
) {
  const kinds = found.map((signal) => signal.kind);
  await tx.referralSignal.deleteMany({ where: { referralId, kind: { notIn: [...kinds, ...keepKinds] } } });
  for (const signal of found)
    await tx.referralSignal.upsert({
      where: { referralId_kind: { referralId, kind: signal.kind } },
      create: { referralId, ...signal, noticedAt: now },
      update: { words: signal.words, evidence: signal.evidence },
    });
}

/**
 * The signals of a referral just added, in the add's own transaction (every channel: typed, share
 * link, staff). Nothing is written when nothing is found.
 */
export async function noticeSignalsOnAdd(tx: Tx, referralId: number): Promise<SignalFound[]> {
  const subject = await runFirst(tx, subjectQuery(referralId));
  if (!subject) return [];
  const found = await computeSignals(tx, subject, null);
  if (found.length > 0)
    await tx.referralSignal.createMany({
      data: found.map((signal) => ({ referralId, ...signal, noticedAt: subject.createdAt })),
      skipDuplicates: true,
    });
  return found;
}

/**
 * The signals again at verification, with the amount (AMOUNT_UNUSUAL), in the verification's
 * transaction: what the administrator is shown and the audit entry lists is what holds at that moment.
 */
export async function refreshSignalsAtVerification(
  tx: Tx,
  referralId: number,
  amountPence: number,
): Promise<ReferralSignalRow[]> {
  const subject = await runFirst(tx, subjectQuery(referralId));
  if (!subject) return [];
  // An erased referral cannot be verified; its stored signals (evidence cleared) stay for the report.
  if (subject.erasedAt) return currentSignals(tx, referralId);
  await storeSignals(tx, referralId, await computeSignals(tx, subject, amountPence), new Date());
  return currentSignals(tx, referralId);
}

/**
 * The signals of a referral whose details were corrected: recomputed, in the correction's
 * transaction. AMOUNT_UNUSUAL, which only a verification finds, is kept.
 */
export async function refreshSignalsAfterCorrection(tx: Tx, referralId: number): Promise<void> {
  const subject = await runFirst(tx, subjectQuery(referralId));
  if (!subject || subject.erasedAt) return;
  await storeSignals(tx, referralId, await computeSignals(tx, subject, null), new Date(), ["AMOUNT_UNUSUAL"]);
}

const byKindOrder = (a: { kind: ReferralSignalKind }, b: { kind: ReferralSignalKind }) =>
  SIGNAL_KINDS.indexOf(a.kind) - SIGNAL_KINDS.indexOf(b.kind);

/** A referral's stored signals, in the pages' order. */
export async function currentSignals(db: DbOrTx, referralId: number): Promise<ReferralSignalRow[]> {
  const rows = await db.referralSignal.findMany({
    where: { referralId },
    select: { referralId: true, kind: true, words: true, evidence: true, noticedAt: true },
  });
  return rows.sort(byKindOrder);
}

/** The signals of many referrals at once (one statement), in the pages' order: the API's batched reads. */
export async function signalsOfReferrals(
  reader: Parameters<typeof run>[0],
  referralIds: readonly number[],
): Promise<Map<number, ReferralSignalRow[]>> {
  const rows = await run(
    reader,
    queryBuilder
      .selectFrom("ReferralSignal")
      .select(["referralId", "kind", "words", "evidence", "noticedAt"])
      .where("referralId", "=", sql<number>`any(${[...referralIds]}::int[])`),
  );
  const byReferral = new Map<number, ReferralSignalRow[]>();
  for (const row of rows.sort(byKindOrder)) {
    const list = byReferral.get(row.referralId) ?? [];
    list.push(row as ReferralSignalRow);
    byReferral.set(row.referralId, list);
  }
  return byReferral;
}
