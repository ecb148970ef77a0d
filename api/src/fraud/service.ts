import type { DbOrTx, Tx } from "../db/prisma.ts";
import { execute, precompile, queryBuilder, run, runFirst, sql } from "../db/query.ts";
import { parseTimestamp } from "../db/sql.ts";
import type { ReferralSignalKind } from "../generated/prisma/client.ts";
import { formatPounds } from "../lib/money.ts";
import {
  DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE,
  DEFAULT_SIGNAL_AMOUNT_FACTOR_PERCENT,
  DEFAULT_SIGNAL_BURST_PER_HOUR,
  MAX_SIGNAL_BURST_PER_HOUR,
} from "../settings/index.ts";
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

/** Enough of a customer's referrals to compare phones with: the daily limit is at most 1,000. */
const OWN_PHONES_LIMIT = 2000;
/** The programme's 99th percentile means something only over this many live purchases. */
export const AMOUNT_PERCENTILE_MIN_PURCHASES = 100;
/**
 * From this many live purchases the percentile is kept (PurchaseAmountStat) and recomputed when an
 * hour old: one more purchase moves it by at most one place in a thousand, and computing it reads
 * every live purchase (16 ms of PostgreSQL at 20,000 customers). Below, each verification computes it.
 */
export const AMOUNT_PERCENTILE_KEPT_FROM = 1000;
export const AMOUNT_PERCENTILE_KEPT_MS = 60 * 60 * 1000;

/** What the signals of one referral are computed from: the referral, its referrer, and what matches it. */
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
  /** The settings in force (docs/rules/fraud.md, "Settings"). */
  burstLimit: number;
  amountFactorPercent: number;
  flaggedApprovalPence: number;
  /** The kept percentile of live purchase amounts, if any. */
  amountStat: { livePurchases: number; p99Pence: number; computedAt: string } | null;
  /** The customer's referrals in the hour up to this one, this one counted. */
  recentCount: number;
  /** The phones the customer gave for their other referrals. */
  ownPhones: { id: number; phone: string }[];
  /** Referrals with the same phone or email key. */
  matches: { id: number; customerId: number; status: string; phone: string | null; emailKey: string | null }[];
  /** Another customer's share-link submission from the same browser or address. */
  shared: { referralId: number; customerId: number; deviceId: string | null } | null;
}

/**
 * Every fact the signals compare, in one statement: the function referral_signal_facts
 * (prisma/migrations/*_referral_signal_facts), whose plan PostgreSQL keeps per connection. Built
 * and compiled once here.
 */
export const SIGNAL_FACTS = precompile((p: { referralId: number }) =>
  queryBuilder.selectNoFrom(
    sql<
      Omit<Subject, "createdAt" | "erasedAt"> & { createdAt: string; erasedAt: string | null }
    >`referral_signal_facts(${p.referralId}, ${sql.lit(DEFAULT_SIGNAL_BURST_PER_HOUR)}, ${sql.lit(DEFAULT_SIGNAL_AMOUNT_FACTOR_PERCENT)}, ${sql.lit(MAX_SIGNAL_BURST_PER_HOUR + 1)}, ${sql.lit(OWN_PHONES_LIMIT)}, ${sql.lit(DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE)})`.as(
      "facts",
    ),
  ),
);

async function readSubject(tx: DbOrTx, referralId: number): Promise<Subject | null> {
  const facts = (await runFirst(tx, SIGNAL_FACTS({ referralId })))?.facts;
  if (!facts) return null;
  return {
    ...facts,
    createdAt: parseTimestamp(facts.createdAt),
    erasedAt: facts.erasedAt === null ? null : parseTimestamp(facts.erasedAt),
  };
}

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

/** The signals that compare the referral with the programme's other referrals, from the facts read with it. */
function signalsAgainstOthers(subject: Subject): SignalFound[] {
  const found: SignalFound[] = [];
  const burstLimit = Number(subject.burstLimit);
  const recentCount = Number(subject.recentCount ?? 0);
  if (recentCount > burstLimit)
    found.push({
      kind: "BURST",
      words: SIGNAL_WORDS.BURST,
      evidence: `${recentCount} referrals by this customer in the hour up to this one (the setting allows ${burstLimit})`,
    });
  const phone = subject.phone;
  const near = phone
    ? subject.ownPhones.find((own) => own.phone !== null && oneDigitApart(own.phone, phone))
    : undefined;
  if (near)
    found.push({
      kind: "REFERRER_PHONE",
      words: SIGNAL_WORDS.REFERRER_PHONE,
      // The other phone is another friend's: named by its referral only, so its erasure leaves nothing here.
      evidence: `phone ${phone} is one digit away from the phone of referral #${near.id}`,
    });

  const what = (other: { phone: string | null }) =>
    phone && other.phone === phone ? `phone ${phone}` : `email ${subject.email}`;
  const elsewhere = subject.matches.find(
    (other) => other.customerId !== subject.customerId && (other.status === "PENDING" || other.status === "PURCHASED"),
  );
  if (elsewhere)
    found.push({
      kind: "FRIEND_REFERRED_ELSEWHERE",
      words: SIGNAL_WORDS.FRIEND_REFERRED_ELSEWHERE,
      evidence: `${what(elsewhere)} matches referral #${elsewhere.id} of customer #${elsewhere.customerId}`,
    });
  const before = subject.matches.find((other) => other.status === "WITHDRAWN" || other.status === "EXPIRED");
  if (before)
    found.push({
      kind: "FRIEND_READDED",
      words: SIGNAL_WORDS.FRIEND_READDED,
      evidence: `${what(before)} matches referral #${before.id} (${before.status.toLowerCase()})`,
    });

  const shared = subject.shared;
  if (shared)
    found.push({
      kind: "SHARED_DEVICE",
      words: SIGNAL_WORDS.SHARED_DEVICE,
      evidence:
        shared.deviceId && shared.deviceId === subject.consentDevice
          ? `the same browser sent referral #${shared.referralId} for customer #${shared.customerId}`
          : `address ${subject.consentIp} also sent referral #${shared.referralId} for customer #${shared.customerId}`,
    });
  return found;
}

/** The amount at verification: above the programme's 99th percentile, or above the referrer's purchase × the factor. */
async function amountSignal(tx: DbOrTx, subject: Subject, amountPence: number, now: Date): Promise<SignalFound | null> {
  const factorPercent = Number(subject.amountFactorPercent);
  const ceiling = Math.floor((subject.referrerPurchasePence * factorPercent) / 100);
  if (amountPence > ceiling)
    return {
      kind: "AMOUNT_UNUSUAL",
      words: SIGNAL_WORDS.AMOUNT_UNUSUAL,
      evidence: `${formatPounds(amountPence)} is above ${factorPercent}% of the referrer's own purchase of ${formatPounds(subject.referrerPurchasePence)}`,
    };
  const { n, p99 } = await purchasePercentile(tx, subject, now);
  if (n >= AMOUNT_PERCENTILE_MIN_PURCHASES && p99 !== null && amountPence > p99)
    return {
      kind: "AMOUNT_UNUSUAL",
      words: SIGNAL_WORDS.AMOUNT_UNUSUAL,
      evidence: `${formatPounds(amountPence)} is above the programme's 99th percentile of ${formatPounds(p99)} (${n} purchases)`,
    };
  return null;
}

/** The 99th percentile of the live purchases (the subject's aside): kept when there are many, else computed now. */
async function purchasePercentile(tx: DbOrTx, subject: Subject, now: Date): Promise<{ n: number; p99: number | null }> {
  const kept = subject.amountStat;
  if (
    kept &&
    Number(kept.livePurchases) >= AMOUNT_PERCENTILE_KEPT_FROM &&
    now.getTime() - parseTimestamp(kept.computedAt).getTime() < AMOUNT_PERCENTILE_KEPT_MS
  )
    return { n: Number(kept.livePurchases), p99: Number(kept.p99Pence) };
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
  if (n >= AMOUNT_PERCENTILE_KEPT_FROM && p99 !== null)
    await execute(
      tx,
      queryBuilder
        .insertInto("PurchaseAmountStat")
        .values({ id: 1, livePurchases: n, p99Pence: p99, computedAt: now })
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet({ livePurchases: n, p99Pence: p99, computedAt: now }),
        ),
    );
  return { n, p99 };
}

/** Every signal of the referral as its data stands now (an erased referral has none left to find). */
async function computeSignals(tx: DbOrTx, subject: Subject, amountPence: number | null): Promise<SignalFound[]> {
  if (subject.erasedAt) return [];
  const found = [...signalsAgainstReferrer(subject), ...signalsAgainstOthers(subject)];
  if (amountPence !== null) {
    const amount = await amountSignal(tx, subject, amountPence, new Date());
    if (amount) found.push(amount);
  }
  return found;
}

/**
 * Writes what was found, in one statement: new kinds noticed now, kinds still found keep when they
 * were first noticed (their words and evidence brought up to date), kinds no longer found go.
 * Answers the found kinds' rows as stored.
 */
async function storeSignals(
  tx: Tx,
  referralId: number,
  found: SignalFound[],
  now: Date,
  keepKinds: ReferralSignalKind[] = [],
): Promise<ReferralSignalRow[]> {
  const kinds = [...found.map((signal) => signal.kind), ...keepKinds];
  const gone = queryBuilder
    .deleteFrom("ReferralSignal")
    .where("referralId", "=", referralId)
    .where(sql<boolean>`kind <> all(${kinds}::"ReferralSignalKind"[])`);
  if (found.length === 0) {
    await execute(tx, gone);
    return [];
  }
  const rows = await run(
    tx,
    queryBuilder
      .with("gone", () => gone.returning("id"))
      .insertInto("ReferralSignal")
      .values(found.map((signal) => ({ referralId, ...signal, noticedAt: now })))
      .onConflict((conflict) =>
        conflict.columns(["referralId", "kind"]).doUpdateSet((row) => ({
          words: row.ref("excluded.words"),
          evidence: row.ref("excluded.evidence"),
        })),
      )
      .returning(["referralId", "kind", "words", "evidence", "noticedAt"]),
  );
  return (rows as ReferralSignalRow[]).sort(byKindOrder);
}

/**
 * The signals of a referral just added, in the add's own transaction (every channel: typed, share
 * link, staff). Nothing is written when nothing is found.
 */
export async function noticeSignalsOnAdd(tx: Tx, referralId: number): Promise<SignalFound[]> {
  const subject = await readSubject(tx, referralId);
  if (!subject) return [];
  const found = await computeSignals(tx, subject, null);
  if (found.length > 0)
    await execute(
      tx,
      queryBuilder
        .insertInto("ReferralSignal")
        .values(found.map((signal) => ({ referralId, ...signal, noticedAt: subject.createdAt })))
        .onConflict((conflict) => conflict.columns(["referralId", "kind"]).doNothing()),
    );
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
): Promise<{ signals: ReferralSignalRow[]; flaggedApprovalPence: number }> {
  const subject = await readSubject(tx, referralId);
  if (!subject) return { signals: [], flaggedApprovalPence: DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE };
  const flaggedApprovalPence = Number(subject.flaggedApprovalPence);
  // An erased referral cannot be verified; its stored signals (evidence cleared) stay for the report.
  if (subject.erasedAt) return { signals: await currentSignals(tx, referralId), flaggedApprovalPence };
  const found = await computeSignals(tx, subject, amountPence);
  return { signals: await storeSignals(tx, referralId, found, new Date()), flaggedApprovalPence };
}

/**
 * The signals of a referral whose details were corrected: recomputed, in the correction's
 * transaction. AMOUNT_UNUSUAL, which only a verification finds, is kept.
 */
export async function refreshSignalsAfterCorrection(tx: Tx, referralId: number): Promise<void> {
  const subject = await readSubject(tx, referralId);
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

/** A signal as a list's statement carries it (JSON: its time as text). */
export interface SignalJson {
  kind: ReferralSignalKind;
  words: string;
  evidence: string | null;
  noticedAt: string;
}

/**
 * A referral's signals as one JSON column of a list's own statement (the pending queue, the
 * purchased list, the detailed list): the list then costs no statement more for them.
 * `referralId` names the referral's id column in that statement ("r.id").
 */
export function signalsJsonOf(referralId: string) {
  return sql<
    SignalJson[]
  >`(select coalesce(json_agg(json_build_object('kind', s.kind, 'words', s.words, 'evidence', s.evidence, 'noticedAt', s."noticedAt")), '[]'::json) from "ReferralSignal" s where s."referralId" = ${sql.ref(referralId)})`;
}

/** The signals a list's statement carried, as the API shows them, in the pages' order. */
export function signalsFromJson(referralId: number, json: SignalJson[]): ReferralSignalRow[] {
  return json
    .map((signal) => ({ ...signal, referralId, noticedAt: parseTimestamp(signal.noticedAt) }))
    .sort(byKindOrder);
}
