import { randomBytes, randomInt } from "node:crypto";
import { recordAudit } from "../audit/index.ts";
import { hashToken } from "../auth/index.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockCustomer } from "../db/locks.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { queryBuilder, run, sql } from "../db/query.ts";
import { PROGRAMME_NAME, queueEmail } from "../emails/index.ts";
import type { CustomerProfile, ReferralChannel, ShareLink, User } from "../generated/prisma/client.ts";
import type { ShareLinkGuard } from "../graphql/context.ts";
import type { Actor } from "../lib/actor.ts";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../lib/errors.ts";
import { dayRange, londonDate } from "../lib/reportDays.ts";
import { eraseReferralForFriend } from "../privacy/index.ts";
import { addReferral, parseReferral, REFERRAL_EXPIRY_DAYS } from "../referrals/index.ts";

/**
 * Codes: 8 characters from 31 with no look-alikes (no 0/O, 1/I/L), about 8.5 × 10^11 codes, drawn
 * at random (never derived from an id), unique by the table's index (docs/rules/share-links.md).
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** The consent box's wording, versioned: the version is stored with each consent (docs/rules/share-links.md, "Consent"). */
export const CONSENT_WORDING_VERSION = "share-link-consent-1";
export const CONSENT_WORDING = `I agree that ${PROGRAMME_NAME} may contact me about a quote; my details are kept ${REFERRAL_EXPIRY_DAYS} days unless I buy`;

export const SHARE_LINK_MESSAGES = {
  notVerified: "Only verified customers have a share link. Your account is still awaiting verification.",
  customerNotFound: "No customer with this id.",
  customerNotVerified: "This customer is not verified, so they have no share link.",
  consentRequired: "Please tick the box to agree that we may contact you.",
  postcodeRequired: "Postcode is required",
} as const;

export function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as typed or linked: any case, surrounding spaces ignored; null when it cannot be one. */
export function normaliseCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export function shareLinkUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/r/${code}`;
}

/** The prefilled message for WhatsApp, SMS or email: the referrer's words, ending with the link. */
export function shareMessage(url: string): string {
  return `I'm with the ${PROGRAMME_NAME}. If you're thinking about a quote, add your details here and they'll contact you: ${url}`;
}

async function createLink(tx: Tx, customerId: number, paused: boolean): Promise<ShareLink> {
  // A new code until one is free: with 8.5 × 10^11 codes a clash is rare; the unique index decides.
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const taken = await tx.shareLink.findUnique({ where: { code }, select: { id: true } });
    if (!taken) return tx.shareLink.create({ data: { customerId, code, paused } });
    if (attempt > 10) throw new Error("no free share link code after 10 tries");
  }
}

const currentOf = (db: DbOrTx, customerId: number) =>
  db.shareLink.findFirst({ where: { customerId, retiredAt: null }, orderBy: { id: "desc" } });

/**
 * The verified customer's current link, made on its first read (docs/rules/share-links.md): null
 * while the customer is not verified. Two first reads at once make one link (the customer's lock).
 */
export async function currentShareLink(db: Db, customer: Pick<CustomerProfile, "id" | "status">) {
  if (customer.status !== "VERIFIED") return null;
  const existing = await currentOf(db, customer.id);
  if (existing) return existing;
  return withUniqueRetry(() =>
    db.$transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      return (await currentOf(tx, customer.id)) ?? createLink(tx, customer.id, false);
    }, LOCKING_TRANSACTION),
  );
}

async function withUniqueRetry<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

type Viewer = (User & { customer: CustomerProfile | null }) | null;

/** The signed-in, verified customer's new code: the old one then opens the "no longer active" page. Audited. */
export async function renewShareLink(db: Db, viewer: Viewer, ip: string | null): Promise<{ shareLink: ShareLink }> {
  if (!viewer) throw new NotAuthenticatedError();
  const customer = viewer.customer;
  if (customer?.status !== "VERIFIED") throw new ForbiddenError(SHARE_LINK_MESSAGES.notVerified);
  return withUniqueRetry(() =>
    db.$transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      const old = await currentOf(tx, customer.id);
      const now = new Date();
      if (old) await tx.shareLink.update({ where: { id: old.id }, data: { retiredAt: now } });
      // A pause is the administrator's decision about the customer: a new code does not lift it.
      const shareLink = await createLink(tx, customer.id, old?.paused ?? false);
      await recordAudit(tx, {
        action: "share_link_renewed",
        resourceType: "customer",
        resourceId: customer.id,
        actorId: viewer.id,
        before: old ? { shareLinkId: old.id } : null,
        after: { shareLinkId: shareLink.id },
        details: `Customer #${customer.id} made a new share link; the old one no longer works.`,
        ipAddress: ip,
      });
      return { shareLink };
    }, LOCKING_TRANSACTION),
  );
}

/** An administrator pauses or unpauses a customer's link (the current one, made if need be). Audited. */
export async function setShareLinkPaused(
  db: Db,
  input: { customerId: number | null; paused: boolean },
  actor: Actor,
): Promise<{ shareLink: ShareLink; customer: CustomerProfile }> {
  const customerId = input.customerId;
  if (customerId == null) throw new NotFoundError(SHARE_LINK_MESSAGES.customerNotFound);
  return withUniqueRetry(() =>
    db.$transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const customer = await tx.customerProfile.findUnique({ where: { id: customerId } });
      if (!customer) throw new NotFoundError(SHARE_LINK_MESSAGES.customerNotFound);
      if (customer.status !== "VERIFIED") throw new ConflictError(SHARE_LINK_MESSAGES.customerNotVerified);
      const current = (await currentOf(tx, customerId)) ?? (await createLink(tx, customerId, false));
      if (current.paused === input.paused) return { shareLink: current, customer };
      const shareLink = await tx.shareLink.update({ where: { id: current.id }, data: { paused: input.paused } });
      await recordAudit(tx, {
        action: input.paused ? "share_link_paused" : "share_link_unpaused",
        resourceType: "customer",
        resourceId: customerId,
        actorId: actor.id,
        before: { paused: current.paused, shareLinkId: current.id },
        after: { paused: input.paused, shareLinkId: current.id },
        details: `Share link of customer #${customerId} ${input.paused ? "paused" : "unpaused"}.`,
        ipAddress: actor.ip ?? null,
      });
      return { shareLink, customer };
    }, LOCKING_TRANSACTION),
  );
}

/** A link's opens (every day's counter) and sign-ups (referrals added through it). */
export async function linkFigures(db: DbOrTx, shareLinkId: number): Promise<{ opens: number; signUps: number }> {
  const [opens, signUps] = await Promise.all([
    db.shareLinkOpenDay.aggregate({ where: { shareLinkId }, _sum: { opens: true } }),
    db.referral.count({ where: { shareLinkId } }),
  ]);
  return { opens: opens._sum.opens ?? 0, signUps };
}

/** Counts one open of a friend's page: a counter per link and day, nothing about the visitor. */
export async function countOpen(db: DbOrTx, shareLinkId: number, now = new Date()): Promise<void> {
  const day = londonDate(now);
  await db.$executeRaw`INSERT INTO "ShareLinkOpenDay" ("shareLinkId", "day", "opens") VALUES (${shareLinkId}, ${day}::date, 1)
    ON CONFLICT ("shareLinkId", "day") DO UPDATE SET "opens" = "ShareLinkOpenDay"."opens" + 1`;
}

/** What the friend's page knows of a code: the link and the referrer's first name only. */
export interface FriendPageLink {
  id: number;
  code: string;
  active: boolean;
  referrerFirstName: string;
}

/** The link behind a code as the friend's page shows it; null for a code that never was. */
export async function linkForFriendPage(db: DbOrTx, codeText: string): Promise<FriendPageLink | null> {
  const code = normaliseCode(codeText);
  if (!code) return null;
  const link = await db.shareLink.findUnique({
    where: { code },
    select: {
      id: true,
      code: true,
      paused: true,
      retiredAt: true,
      customer: { select: { status: true, user: { select: { firstName: true } } } },
    },
  });
  if (!link) return null;
  return {
    id: link.id,
    code: link.code,
    active: !link.paused && !link.retiredAt && link.customer.status === "VERIFIED",
    referrerFirstName: firstNameOnly(link.customer.user.firstName),
  };
}

/** The first word of the first name, so no surname typed into it reaches the friend's page. */
function firstNameOnly(firstName: string | null): string {
  return firstName?.trim().split(/\s+/)[0] || "A customer";
}

/** What the friend typed, as the form posts it. */
export interface FriendForm {
  name?: unknown;
  phone?: unknown;
  email?: unknown;
  postcode?: unknown;
  consent?: unknown;
  /** The hidden field people never fill in. */
  website?: unknown;
  /** The signed time the form was served. */
  stamp?: unknown;
}

export type FriendOutcome =
  | { kind: "inactive" }
  | { kind: "stale" }
  | { kind: "invalid"; field: string; message: string }
  | { kind: "throttled"; retryAfterSeconds: number; message: string }
  /** The one answer for an add and for every refusal that could tell whether the friend is known. */
  | { kind: "received" };

export interface FriendSubmission {
  code: string;
  form: FriendForm;
  ip: string;
  cookieHeader: string | null;
  publicUrl: string;
  minFillSeconds: number;
  now?: number;
}

/**
 * The friend's form (docs/rules/share-links.md): the abuse checks, then the referrals domain's own
 * add with the SHARE_LINK channel, the consent record and the friend's email in its transaction.
 * Every refusal that could tell whether the friend is already known answers "received", as an add does.
 * Each submission is audited with the link, the address and the device cookie.
 */
export async function submitFriendDetails(
  db: Db,
  guard: ShareLinkGuard,
  submission: FriendSubmission,
): Promise<{ outcome: FriendOutcome; setCookie: string | null }> {
  const now = submission.now ?? Date.now();
  const link = await linkForFriendPage(db, submission.code);
  if (!link?.active) return { outcome: { kind: "inactive" }, setCookie: null };
  const servedAt = guard.formServedAt(link.code, submission.form.stamp);
  if (servedAt === null || servedAt > now) return { outcome: { kind: "stale" }, setCookie: null };
  const device = guard.device(submission.cookieHeader);
  const audit = (outcome: string, extra: Record<string, number | string> = {}, tx: DbOrTx = db) =>
    recordAudit(tx, {
      action: "share_link_submission",
      resourceType: "share_link",
      resourceId: link.id,
      after: { outcome, device: device.id, ...extra },
      details: `Details sent through share link #${link.id}: ${outcome}.`,
      ipAddress: submission.ip,
    });
  const answer = (outcome: FriendOutcome) => ({ outcome, setCookie: device.setCookie });

  try {
    await guard.countSubmission(link.id, submission.ip);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    await audit("throttled");
    return answer({ kind: "throttled", retryAfterSeconds: error.retryAfterSeconds, message: error.message });
  }
  const { form } = submission;
  // A filled hidden field or a form sent back within seconds of being served: a simple bot. It is
  // answered as a person would be, so it learns nothing, and nothing is stored.
  if ((typeof form.website === "string" && form.website !== "") || now - servedAt < submission.minFillSeconds * 1000) {
    await audit("refused_as_bot");
    return answer({ kind: "received" });
  }
  let person: ReturnType<typeof parseReferral>;
  try {
    person = parseReferral({ name: form.name, phone: form.phone, email: form.email, address: form.postcode });
    if (!person.address)
      return answer({ kind: "invalid", field: "postcode", message: SHARE_LINK_MESSAGES.postcodeRequired });
  } catch (error) {
    if (error instanceof ValidationError) {
      const field = error.field ?? "name";
      return answer({ kind: "invalid", field: field === "address" ? "postcode" : field, message: error.message });
    }
    throw error;
  }
  if (form.consent !== "yes")
    return answer({ kind: "invalid", field: "consent", message: SHARE_LINK_MESSAGES.consentRequired });

  // One friend sent again and again, through any links: refused alike once past the day's count.
  const friendAllowed = [
    await guard.countFriend(`phone:${person.phone}`),
    ...(person.email ? [await guard.countFriend(`email:${person.email}`)] : []),
  ].every(Boolean);
  if (!friendAllowed) {
    await audit("refused_friend_repeated");
    return answer({ kind: "received" });
  }

  const referrer = await db.shareLink.findUniqueOrThrow({
    where: { id: link.id },
    select: { customer: { include: { user: true } } },
  });
  const { user, ...customer } = referrer.customer;
  const token = randomBytes(32).toString("base64url");
  try {
    await addReferral(
      db,
      { ...user, customer },
      { name: person.name, phone: person.phone, email: person.email, address: person.address },
      {
        channel: "SHARE_LINK" satisfies ReferralChannel,
        shareLinkId: link.id,
        alsoInTransaction: async (tx, referral) => {
          await tx.shareLinkConsent.create({
            data: {
              referralId: referral.id,
              wordingVersion: CONSENT_WORDING_VERSION,
              givenAt: new Date(now),
              ipAddress: submission.ip,
              // The SHARED_DEVICE signal compares it (docs/rules/fraud.md); erased with the friend's details.
              deviceId: device.id,
              withdrawTokenHash: person.email ? hashToken(token) : null,
            },
          });
          if (person.email)
            await queueEmail(tx, {
              type: "SHARE_LINK_FRIEND_CONFIRMATION",
              to: person.email,
              referralId: referral.id,
              data: {
                friendName: person.name,
                phone: person.phone,
                email: person.email,
                postcode: person.address,
                referrerFirstName: link.referrerFirstName,
                withdrawUrl: `${submission.publicUrl}/r/withdraw?token=${token}`,
                keptDays: REFERRAL_EXPIRY_DAYS,
              },
            });
          await audit("added", { referralId: referral.id }, tx);
        },
      },
    );
  } catch (error) {
    // Known already, the referrer's daily limit, their own address: the same answer as an add.
    if (!(error instanceof AppError)) throw error;
    await audit(`refused_${error.code.toLowerCase()}`);
    return answer({ kind: "received" });
  }
  return answer({ kind: "received" });
}

/**
 * The friend's withdrawal through the emailed link: their details erased at once through the
 * privacy domain's erasure (the same as an administrator's erasure on request). False when the
 * link is not (or no longer) valid.
 */
export async function withdrawFriendDetails(db: Db, token: unknown, ip: string): Promise<boolean> {
  const consent = await consentOfToken(db, token);
  if (!consent) return false;
  return eraseReferralForFriend(db, consent.referralId, ip);
}

/** Whether a withdrawal link is still good (its page then asks to confirm). */
export async function isWithdrawalToken(db: DbOrTx, token: unknown): Promise<boolean> {
  return (await consentOfToken(db, token)) !== null;
}

async function consentOfToken(db: DbOrTx, token: unknown) {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return db.shareLinkConsent.findUnique({
    where: { withdrawTokenHash: hashToken(token) },
    select: { referralId: true },
  });
}

export interface ReferralChannelRow {
  channel: ReferralChannel;
  referrals: number;
  verifiedPurchases: number;
  linkOpens: number;
}

const CHANNELS: ReferralChannel[] = ["TYPED", "SHARE_LINK", "STAFF"];

/**
 * Per channel over London days `from`..`to` (both inclusive): referrals added, live purchases
 * verified, and (share links) the friends' page opens.
 */
export async function referralChannelReport(db: DbOrTx, from: string, to: string): Promise<ReferralChannelRow[]> {
  const range = dayRange(from, to);
  if (!range.from || !range.until)
    throw new ValidationError("Give both a from and a to date (YYYY-MM-DD).", range.from ? "to" : "from");
  return channelFigures(db, range);
}

/** The channel figures between two instants (London midnights; either may be absent: no bound). */
export async function channelFigures(db: DbOrTx, range: { from?: Date; until?: Date }): Promise<ReferralChannelRow[]> {
  const { from, until } = range;
  const [added, purchases, opens] = await Promise.all([
    run(
      db,
      queryBuilder
        .selectFrom("Referral")
        .select(["channel", sql<number>`count(*)::int`.as("count")])
        .$if(from !== undefined, (q) => q.where("createdAt", ">=", from as Date))
        .$if(until !== undefined, (q) => q.where("createdAt", "<", until as Date))
        .groupBy("channel"),
    ),
    run(
      db,
      queryBuilder
        .selectFrom("ReferralPurchase as p")
        .innerJoin("Referral as r", "r.id", "p.liveReferralId")
        .select(["r.channel", sql<number>`count(*)::int`.as("count")])
        .$if(from !== undefined, (q) => q.where("p.verifiedAt", ">=", from as Date))
        .$if(until !== undefined, (q) => q.where("p.verifiedAt", "<", until as Date))
        .groupBy("r.channel"),
    ),
    run(
      db,
      queryBuilder
        .selectFrom("ShareLinkOpenDay")
        .select(sql<number>`coalesce(sum(opens), 0)::int`.as("opens"))
        // The counters' days are London days: a range's bounds are London midnights.
        .$if(from !== undefined, (q) => q.where("day", ">=", sql<Date>`${londonDate(from as Date)}::date`))
        .$if(until !== undefined, (q) => q.where("day", "<", sql<Date>`${londonDate(until as Date)}::date`)),
    ),
  ]);
  const countOf = (rows: { channel: string; count: number }[], channel: ReferralChannel) =>
    rows.find((row) => row.channel === channel)?.count ?? 0;
  return CHANNELS.map((channel) => ({
    channel,
    referrals: countOf(added, channel),
    verifiedPurchases: countOf(purchases, channel),
    linkOpens: channel === "SHARE_LINK" ? (opens[0]?.opens ?? 0) : 0,
  }));
}
