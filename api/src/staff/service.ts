// What staff do at the showroom (docs/rules/roles.md, "What staff do"): find a customer with the
// admin search and read their card, narrowed to what staff may see; record a referral on a verified
// customer's behalf through the referrals domain's own add; list their own recorded referrals. And
// the attribution by staff member administrators read.
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/prisma.ts";
import { type QueryRunner, queryBuilder, run, sql } from "../db/query.ts";
import { matchingCustomerIds, matchingReferralIds, parseSearch, searchKind } from "../db/search.ts";
import type { CustomerStatus, Referral, ReferralChannel, ReferralStatus } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { displayName, ERASED_NAME, isErasedUsername } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { dayRange } from "../lib/reportDays.ts";
import { addReferral, REFERRAL_EXPIRY_DAYS } from "../referrals/index.ts";

/** What the staff member confirms, stored word for word with the referral (docs/rules/roles.md). */
export const STAFF_CONSENT_WORDING = `The friend agreed in person to be contacted about a quote, and knows their details are kept ${REFERRAL_EXPIRY_DAYS} days unless they buy.`;

/** A search answers at most this many customers: a showroom looks for one person. */
export const STAFF_SEARCH_SIZE = 20;
/** A card lists at most this many referrals; a staff member's own list at most RECORDED_LIST_MAX. */
export const CARD_REFERRALS_MAX = 50;
export const RECORDED_LIST_MAX = 200;

export const STAFF_MESSAGES = {
  consentRequired:
    "Confirm that the friend agreed in person to be contacted about a quote: without it the referral cannot be recorded.",
  customerNotFound: "There is no customer with this id.",
  customerNotVerified: "This customer is not verified yet: referrals can be recorded only for verified customers.",
  reportRange: "Give both a from and a to date (YYYY-MM-DD).",
} as const;

/** A customer as the staff card shows them: no money, no contact details but the postcode. */
export interface StaffCard {
  id: number;
  userId: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
  postcode: string;
  contractNumber: string;
  status: CustomerStatus;
  /** Read only to work out progress and milestone states; never shown to staff. */
  originalPurchaseAmountPence: number;
}

/** A referral as the card lists it: the friend's name, status and channel, nothing to contact them by. */
export interface StaffReferralRow {
  id: number;
  name: string | null;
  status: ReferralStatus;
  createdAt: Date;
  channel: ReferralChannel;
}

/** One of a staff member's recorded referrals, with its referrer's name. */
export interface StaffRecordedReferral {
  id: number;
  name: string | null;
  referrerFirstName: string | null;
  referrerLastName: string | null;
  referrerUsername: string;
  status: ReferralStatus;
  verified: boolean;
  createdAt: Date;
}

export interface StaffAttributionRow {
  staffUserId: number;
  name: string;
  referrals: number;
  verifiedPurchases: number;
}

/** A staff member as customers are told who recorded a referral: first name and last initial ("Sam K."). */
export function recorderName(user: { firstName: string | null; lastName: string | null; username: string }): string {
  if (isErasedUsername(user.username)) return ERASED_NAME;
  const first = user.firstName?.trim();
  const initial = user.lastName?.trim().charAt(0);
  if (!first) return user.username;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

const cardQuery = () =>
  queryBuilder
    .selectFrom("CustomerProfile as c")
    .innerJoin("User as u", "u.id", "c.userId")
    .select([
      "c.id",
      "c.userId",
      "u.firstName",
      "u.lastName",
      "u.username",
      "c.postcode",
      "c.contractNumber",
      "c.status",
      "c.originalPurchaseAmountPence",
    ])
    .where("u.erasedAt", "is", null);

/**
 * The admin search (db/search.ts) over customers, narrowed to what the card shows (name, postcode,
 * contract number: not the email or username), at most STAFF_SEARCH_SIZE, as cards. Customers have
 * no phone of their own: a whole phone number in any format finds the customers who referred that
 * number, through the referral search's own phone rule.
 */
export async function searchCustomers(db: QueryRunner, query: string): Promise<StaffCard[]> {
  const search = parseSearch(query);
  if (!search) return [];
  const kind = searchKind(search);
  const byCustomer = matchingCustomerIds(search, kind, "staff");
  return run(
    db,
    cardQuery()
      .where((eb) =>
        kind === "phone"
          ? eb.or([
              eb("c.id", "in", byCustomer),
              eb(
                "c.id",
                "in",
                eb
                  .selectFrom("Referral as pr")
                  .select("pr.customerId")
                  .where("pr.id", "in", matchingReferralIds(search, kind)),
              ),
            ])
          : eb("c.id", "in", byCustomer),
      )
      .orderBy("u.lastName")
      .orderBy("u.firstName")
      .orderBy("c.id")
      .limit(STAFF_SEARCH_SIZE),
  );
}

/** One customer's card; null when there is none (or the account was erased). */
export async function customerCard(db: QueryRunner, customerId: number | null): Promise<StaffCard | null> {
  if (customerId === null) return null;
  const [card] = await run(db, cardQuery().where("c.id", "=", customerId));
  return card ?? null;
}

const clampFirst = (first: number | null | undefined, max: number) =>
  Math.min(max, Math.max(1, Number.isInteger(first) ? (first as number) : max));

const recordedQuery = () =>
  queryBuilder
    .selectFrom("Referral as r")
    .innerJoin("CustomerProfile as c", "c.id", "r.customerId")
    .innerJoin("User as u", "u.id", "c.userId")
    .select((eb) => [
      "r.id",
      "r.name",
      "r.status",
      "r.createdAt",
      "u.firstName as referrerFirstName",
      "u.lastName as referrerLastName",
      "u.username as referrerUsername",
      eb
        .exists(eb.selectFrom("ReferralPurchase as p").select("p.id").whereRef("p.liveReferralId", "=", "r.id"))
        .$castTo<boolean>()
        .as("verified"),
    ]);

/** The referrals this user recorded, newest first. */
export async function recordedReferrals(
  db: QueryRunner,
  userId: number,
  first: number | null | undefined,
): Promise<StaffRecordedReferral[]> {
  return run(
    db,
    recordedQuery()
      .where("r.recordedById", "=", userId)
      .orderBy("r.createdAt", "desc")
      .orderBy("r.id", "desc")
      .limit(clampFirst(first, RECORDED_LIST_MAX)),
  );
}

export interface RecordReferralInput {
  /** The referrer's CustomerProfile id; null when what was sent is not one. */
  customerId: number | null;
  name: unknown;
  phone: unknown;
  email?: unknown;
  postcode?: unknown;
  consentConfirmed: unknown;
}

type Recorder = { id: number; firstName: string | null; lastName: string | null; username: string };

/**
 * Records a referral on a verified customer's behalf (docs/rules/roles.md, "Recording a referral"):
 * the referrals domain's own add, so its duplicate, daily-limit, validation and expiry rules are the
 * customer's own; channel STAFF, the recorder and the consent stored with it, audited in its transaction.
 */
export async function recordReferralForCustomer(
  db: Db,
  recorder: Recorder,
  input: RecordReferralInput,
  actor: Actor,
): Promise<StaffRecordedReferral> {
  if (input.consentConfirmed !== true) throw new ValidationError(STAFF_MESSAGES.consentRequired, "consentConfirmed");
  const customer =
    input.customerId === null
      ? null
      : await db.customerProfile.findUnique({
          where: { id: input.customerId },
          include: { user: { select: { id: true, email: true, username: true, firstName: true, erasedAt: true } } },
        });
  if (!customer || customer.user.erasedAt) throw new NotFoundError(STAFF_MESSAGES.customerNotFound);
  if (customer.status !== "VERIFIED") throw new ConflictError(STAFF_MESSAGES.customerNotVerified);
  const { user, ...profile } = customer;
  let referral: Referral;
  try {
    ({ referral } = await addReferral(
      db,
      { ...user, customer: profile },
      { name: input.name, phone: input.phone, email: input.email, address: input.postcode },
      {
        channel: "STAFF",
        recordedBy: { userId: recorder.id, name: recorderName(recorder), consentWording: STAFF_CONSENT_WORDING },
        alsoInTransaction: (tx, added) =>
          recordAudit(tx, {
            action: "referral_recorded_by_staff",
            resourceType: "referral",
            resourceId: added.id,
            actorId: actor.id,
            ipAddress: actor.ip ?? null,
            after: { customerId: customer.id, channel: "STAFF", consentWording: STAFF_CONSENT_WORDING },
          }),
      },
    ));
  } catch (error) {
    // The add's rules name the form's address field: here it is the friend's postcode.
    if (error instanceof ValidationError && error.field === "address")
      throw new ValidationError(error.message, "postcode");
    throw error;
  }
  const [row] = await run(db, recordedQuery().where("r.id", "=", referral.id));
  if (!row) throw new Error(`recorded referral ${referral.id} not found`);
  return row;
}

/**
 * Per staff member over London days `from`..`to` (both inclusive): referrals they recorded, and live
 * purchases verified in the range of referrals they recorded.
 */
export async function staffAttributionReport(
  db: QueryRunner,
  from: string,
  to: string,
): Promise<StaffAttributionRow[]> {
  const range = dayRange(from, to);
  if (!range.from || !range.until) throw new ValidationError(STAFF_MESSAGES.reportRange, range.from ? "to" : "from");
  return staffFigures(db, range);
}

/**
 * The attribution figures between two instants (either may be absent: no bound), one row per staff
 * account (deactivated ones included) and per anyone else who recorded referrals, by name.
 */
export async function staffFigures(
  db: QueryRunner,
  range: { from?: Date; until?: Date },
): Promise<StaffAttributionRow[]> {
  const { from, until } = range;
  const [added, purchases] = await Promise.all([
    run(
      db,
      queryBuilder
        .selectFrom("Referral")
        .select(["recordedById", sql<number>`count(*)::int`.as("count")])
        .where("recordedById", "is not", null)
        .$if(from !== undefined, (q) => q.where("createdAt", ">=", from as Date))
        .$if(until !== undefined, (q) => q.where("createdAt", "<", until as Date))
        .groupBy("recordedById"),
    ),
    run(
      db,
      queryBuilder
        .selectFrom("ReferralPurchase as p")
        .innerJoin("Referral as r", "r.id", "p.liveReferralId")
        .select(["r.recordedById", sql<number>`count(*)::int`.as("count")])
        .where("r.recordedById", "is not", null)
        .$if(from !== undefined, (q) => q.where("p.verifiedAt", ">=", from as Date))
        .$if(until !== undefined, (q) => q.where("p.verifiedAt", "<", until as Date))
        .groupBy("r.recordedById"),
    ),
  ]);
  const recorders = [...added, ...purchases].map((row) => row.recordedById as number);
  const people = await run(
    db,
    queryBuilder
      .selectFrom("User")
      .select(["id", "firstName", "lastName", "username"])
      .where((eb) =>
        recorders.length > 0 ? eb.or([eb("role", "=", "STAFF"), eb("id", "in", recorders)]) : eb("role", "=", "STAFF"),
      ),
  );
  const countOf = (rows: { recordedById: number | null; count: number }[], id: number) =>
    rows.find((row) => row.recordedById === id)?.count ?? 0;
  return people
    .map((person) => ({
      staffUserId: person.id,
      name: displayName(person.firstName, person.lastName, person.username),
      referrals: countOf(added, person.id),
      verifiedPurchases: countOf(purchases, person.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB") || a.staffUserId - b.staffUserId);
}

/** The all-time figures (the staff list's columns), by user id. */
export async function staffTotals(db: QueryRunner): Promise<Map<number, StaffAttributionRow>> {
  return new Map((await staffFigures(db, {})).map((row) => [row.staffUserId, row]));
}
