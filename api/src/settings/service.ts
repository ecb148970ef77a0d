import { jsonObjectFrom } from "kysely/helpers/postgres";
import { z } from "zod";
import { recordAudit } from "../audit/index.ts";
import { LOCKING_TRANSACTION } from "../db/locks.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { ProgrammeSetting, SettingChangeRequest } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { formatBasisPointsAsPercent, formatPounds, parsePoundsToPence } from "../lib/money.ts";
import { normalisePhone } from "../lib/phone.ts";
import { hasLapsed, lapseCutoff, lapsesAt, REQUEST_LIFETIME_DAYS } from "../lib/requestLapse.ts";
import { INVALID_CONTACT_PHONE, TEXT_FIELDS } from "../lib/textFields.ts";
import { amountText, parseInput, parseText } from "../lib/validation.ts";

/** 11%: what customers were promised on the landing and registration pages. */
export const DEFAULT_CREDIT_RATE_BASIS_POINTS = 1100;
/** 1 basis point = 0.01%; 10000 = 100%. */
export const MIN_CREDIT_RATE_BASIS_POINTS = 1;
export const MAX_CREDIT_RATE_BASIS_POINTS = 10_000;

const SETTINGS_ROW_ID = 1;

const CREDIT_RATE_MESSAGE = `The credit rate must be a whole number of basis points from ${MIN_CREDIT_RATE_BASIS_POINTS} (0.01%) to ${MAX_CREDIT_RATE_BASIS_POINTS} (100%); for example 1100 for 11%.`;

export const creditRateInputSchema = z.object({
  basisPoints: z
    .number({ error: CREDIT_RATE_MESSAGE })
    .int(CREDIT_RATE_MESSAGE)
    .min(MIN_CREDIT_RATE_BASIS_POINTS, CREDIT_RATE_MESSAGE)
    .max(MAX_CREDIT_RATE_BASIS_POINTS, CREDIT_RATE_MESSAGE),
});

/**
 * The credit rate in force, in basis points (1100 = 11%). Pass the transaction that uses it,
 * and record the value on whatever it computes: a later change never rewrites history.
 */
export async function getCreditRate(db: DbOrTx): Promise<number> {
  return readSetting(db, "creditRateBasisPoints");
}

/**
 * Changes the credit rate (administrators): lowering it applies at once, raising it becomes a
 * request another administrator approves (docs/rules/settings.md, "Programme settings"). Audited either way.
 */
export async function setCreditRate(db: Db, input: { basisPoints: number }, actor: Actor): Promise<SettingChange> {
  const { basisPoints } = parseInput(creditRateInputSchema, input);
  return changeSetting(db, "CREDIT_RATE", basisPoints, actor);
}

/** 1100 → "£0.11", 1250 → "£0.125", 10000 → "£1.00": what £1.00 a referral spends earns at the rate, exact. */
export function formatCreditPerPound(basisPoints: number): string {
  const pounds = Math.floor(basisPoints / 10_000);
  // A basis point of £1.00 is £0.0001: four decimals, shown down to the pence when the rest are zeros.
  const digits = String(basisPoints % 10_000).padStart(4, "0");
  const fraction = digits.endsWith("00") ? digits.slice(0, 2) : digits.replace(/0$/, "");
  return `£${pounds}.${fraction}`;
}

/** The rate in force as the pages show it, by the Programme field of each text (the prerendered pages' slots). */
export async function creditRateTexts(db: DbOrTx): Promise<{ creditRatePercent: string; creditPerPound: string }> {
  const basisPoints = await getCreditRate(db);
  return {
    creditRatePercent: formatBasisPointsAsPercent(basisPoints),
    creditPerPound: formatCreditPerPound(basisPoints),
  };
}

/** £500.00: milestone payments above it need a second administrator (docs/rules/milestones.md, "Payout approval"). */
export const DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE = 50_000;

/** The payout approval threshold in force, in pence: a tranche above it becomes a payout request. */
export async function getPayoutApprovalThreshold(db: DbOrTx): Promise<number> {
  return readSetting(db, "payoutApprovalThresholdPence");
}

/**
 * Changes the payout approval threshold (administrators; from 1p to £10,000,000): lowering it
 * applies at once, raising it becomes a request another administrator approves. Audited.
 */
export async function setPayoutApprovalThreshold(
  db: Db,
  input: { amount: unknown },
  actor: Actor,
): Promise<SettingChange> {
  const pence = parsePoundsToPence(amountText(input.amount), "payout approval threshold");
  return changeSetting(db, "PAYOUT_APPROVAL_THRESHOLD", pence, actor);
}

/** 20: how many referrals one customer may add in any 24 hours, unless an administrator changes it. */
export const DEFAULT_REFERRAL_DAILY_LIMIT = 20;
export const MIN_REFERRAL_DAILY_LIMIT = 1;
export const MAX_REFERRAL_DAILY_LIMIT = 1000;

const REFERRAL_DAILY_LIMIT_MESSAGE = `The daily referral limit must be a whole number from ${MIN_REFERRAL_DAILY_LIMIT} to ${MAX_REFERRAL_DAILY_LIMIT}.`;

export const referralDailyLimitInputSchema = z.object({
  limit: z
    .number({ error: REFERRAL_DAILY_LIMIT_MESSAGE })
    .int(REFERRAL_DAILY_LIMIT_MESSAGE)
    .min(MIN_REFERRAL_DAILY_LIMIT, REFERRAL_DAILY_LIMIT_MESSAGE)
    .max(MAX_REFERRAL_DAILY_LIMIT, REFERRAL_DAILY_LIMIT_MESSAGE),
});

/** The most referrals one customer may add in any 24 hours. Read it inside the transaction that adds one. */
export async function getReferralDailyLimit(db: DbOrTx): Promise<number> {
  return readSetting(db, "referralDailyLimit");
}

/**
 * Changes the daily referral limit (administrators; 1 to 1000): lowering it applies at once,
 * raising it becomes a request another administrator approves. Audited.
 */
export async function setReferralDailyLimit(db: Db, input: { limit: number }, actor: Actor): Promise<SettingChange> {
  const { limit } = parseInput(referralDailyLimitInputSchema, input);
  return changeSetting(db, "REFERRAL_DAILY_LIMIT", limit, actor);
}

/** 10: more referrals than this by one customer within an hour is the BURST signal (docs/rules/fraud.md, "Settings"). */
export const DEFAULT_SIGNAL_BURST_PER_HOUR = 10;
export const MIN_SIGNAL_BURST_PER_HOUR = 1;
export const MAX_SIGNAL_BURST_PER_HOUR = 1000;

/** 300%: a purchase above three times the referrer's own purchase is the AMOUNT_UNUSUAL signal. */
export const DEFAULT_SIGNAL_AMOUNT_FACTOR_PERCENT = 300;
export const MIN_SIGNAL_AMOUNT_FACTOR_PERCENT = 100;
export const MAX_SIGNAL_AMOUNT_FACTOR_PERCENT = 10_000;

const SIGNAL_BURST_MESSAGE = `The burst signal's limit must be a whole number of referrals an hour from ${MIN_SIGNAL_BURST_PER_HOUR} to ${MAX_SIGNAL_BURST_PER_HOUR}.`;
const SIGNAL_AMOUNT_FACTOR_MESSAGE = `The amount signal's factor must be a whole number of percent from ${MIN_SIGNAL_AMOUNT_FACTOR_PERCENT} (1×) to ${MAX_SIGNAL_AMOUNT_FACTOR_PERCENT} (100×); for example 300 for 3× the referrer's own purchase.`;

export const signalBurstInputSchema = z.object({
  perHour: z
    .number({ error: SIGNAL_BURST_MESSAGE })
    .int(SIGNAL_BURST_MESSAGE)
    .min(MIN_SIGNAL_BURST_PER_HOUR, SIGNAL_BURST_MESSAGE)
    .max(MAX_SIGNAL_BURST_PER_HOUR, SIGNAL_BURST_MESSAGE),
});

export const signalAmountFactorInputSchema = z.object({
  percent: z
    .number({ error: SIGNAL_AMOUNT_FACTOR_MESSAGE })
    .int(SIGNAL_AMOUNT_FACTOR_MESSAGE)
    .min(MIN_SIGNAL_AMOUNT_FACTOR_PERCENT, SIGNAL_AMOUNT_FACTOR_MESSAGE)
    .max(MAX_SIGNAL_AMOUNT_FACTOR_PERCENT, SIGNAL_AMOUNT_FACTOR_MESSAGE),
});

/** The BURST signal's limit in force: referrals by one customer within an hour. */
export async function getSignalBurstPerHour(db: DbOrTx): Promise<number> {
  return readSetting(db, "signalBurstPerHour");
}

/** The AMOUNT_UNUSUAL signal's factor in force, in percent of the referrer's own purchase (300 = 3×). */
export async function getSignalAmountFactor(db: DbOrTx): Promise<number> {
  return readSetting(db, "signalAmountFactorPercent");
}

/**
 * Changes the BURST signal's limit (administrators; 1 to 1000 an hour): lowering it (more signals)
 * applies at once, raising it (fewer) becomes a request another administrator approves. Audited.
 */
export async function setSignalBurstPerHour(db: Db, input: { perHour: number }, actor: Actor): Promise<SettingChange> {
  const { perHour } = parseInput(signalBurstInputSchema, input);
  return changeSetting(db, "SIGNAL_BURST_PER_HOUR", perHour, actor);
}

/**
 * Changes the AMOUNT_UNUSUAL signal's factor (administrators; 100% to 10,000%): lowering it applies
 * at once, raising it becomes a request another administrator approves. Audited.
 */
export async function setSignalAmountFactor(db: Db, input: { percent: number }, actor: Actor): Promise<SettingChange> {
  const { percent } = parseInput(signalAmountFactorInputSchema, input);
  return changeSetting(db, "SIGNAL_AMOUNT_FACTOR", percent, actor);
}

/** £1,000.00: a flagged referral's purchase above it needs a second administrator (docs/rules/fraud.md, "Verifying a flagged referral"). */
export const DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE = 100_000;

/** The flagged verification approval in force, in pence: a flagged purchase above it becomes a verification request. */
export async function getFlaggedVerificationApproval(db: DbOrTx): Promise<number> {
  return readSetting(db, "flaggedVerificationApprovalPence");
}

/**
 * Changes the flagged verification approval (administrators; from 1p to £10,000,000): lowering it
 * applies at once, raising it (larger flagged purchases verified by one administrator alone) becomes
 * a request another administrator approves. Audited.
 */
export async function setFlaggedVerificationApproval(
  db: Db,
  input: { amount: unknown },
  actor: Actor,
): Promise<SettingChange> {
  const pence = parsePoundsToPence(amountText(input.amount), "flagged verification approval");
  return changeSetting(db, "FLAGGED_VERIFICATION_APPROVAL", pence, actor);
}

type Setting =
  | "creditRateBasisPoints"
  | "payoutApprovalThresholdPence"
  | "referralDailyLimit"
  | "signalBurstPerHour"
  | "signalAmountFactorPercent"
  | "flaggedVerificationApprovalPence";

/** What applies while no administrator has changed a setting (the row may not exist yet). */
const DEFAULTS: Record<Setting, number> = {
  creditRateBasisPoints: DEFAULT_CREDIT_RATE_BASIS_POINTS,
  payoutApprovalThresholdPence: DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE,
  referralDailyLimit: DEFAULT_REFERRAL_DAILY_LIMIT,
  signalBurstPerHour: DEFAULT_SIGNAL_BURST_PER_HOUR,
  signalAmountFactorPercent: DEFAULT_SIGNAL_AMOUNT_FACTOR_PERCENT,
  flaggedVerificationApprovalPence: DEFAULT_FLAGGED_VERIFICATION_APPROVAL_PENCE,
};

async function readSetting(db: DbOrTx, setting: Setting): Promise<number> {
  const settings = await db.programmeSettings.findUnique({
    where: { id: SETTINGS_ROW_ID },
    select: { [setting]: true },
  });
  return (settings as Record<Setting, number> | null)?.[setting] ?? DEFAULTS[setting];
}

/**
 * The settings row, created if missing (the defaults apply), then locked so two administrators
 * changing settings at once each audit the value they really replaced. Every setting change and
 * every step of a setting change request takes this lock first, so they run one at a time.
 */
async function lockSettingsRow(tx: Tx) {
  await run(
    tx,
    queryBuilder
      .insertInto("ProgrammeSettings")
      .values({ id: SETTINGS_ROW_ID, updatedAt: sql<Date>`now()` })
      .onConflict((conflict) => conflict.column("id").doNothing()),
  );
  return runFirst(
    tx,
    queryBuilder.selectFrom("ProgrammeSettings").selectAll().where("id", "=", SETTINGS_ROW_ID).forUpdate(),
  );
}

/** How customers reach the programme; each part may be unset (null). */
export interface ProgrammeContact {
  email: string | null;
  /** E.164, e.g. "+443001234567". */
  phone: string | null;
  hours: string | null;
}

export const CONTACT_MESSAGES = {
  emailInvalid: "Enter a valid contact email address, for example help@example.com.",
  phoneInvalid: INVALID_CONTACT_PHONE,
} as const;

const contactEmailFormat = z.email();

/** A change of the contact: each part given is set (null or blank clears it); a part left out stays as it is. */
export interface ProgrammeContactChange {
  email?: unknown;
  phone?: unknown;
  hours?: unknown;
}

/**
 * The parts given, as stored: each trimmed and checked by its rule (lib/textFields.ts), blank
 * becoming null. The email must be a real address, the phone a valid number (lib/phone.ts).
 */
export function parseProgrammeContact(input: ProgrammeContactChange): Partial<ProgrammeContact> {
  const parsed: Partial<ProgrammeContact> = {};
  if (input.email !== undefined) {
    const email = parseText(TEXT_FIELDS.contactEmail, input.email, "email");
    if (email && !contactEmailFormat.safeParse(email).success)
      throw new ValidationError(CONTACT_MESSAGES.emailInvalid, "email");
    parsed.email = email || null;
  }
  if (input.phone !== undefined) {
    const phoneText = parseText(TEXT_FIELDS.contactPhone, input.phone, "phone");
    const phone = phoneText ? normalisePhone(phoneText) : null;
    if (phoneText && !phone) throw new ValidationError(CONTACT_MESSAGES.phoneInvalid, "phone");
    parsed.phone = phone;
  }
  if (input.hours !== undefined) parsed.hours = parseText(TEXT_FIELDS.contactHours, input.hours, "hours") || null;
  return parsed;
}

/**
 * The settings domain's part of the request's first statement (compose/requestContext.ts): the
 * contact in force, which every customer screen shows, so it needs no round trip of its own.
 */
export function programmeContactJson() {
  return jsonObjectFrom(
    queryBuilder
      .selectFrom("ProgrammeSettings")
      .select(["contactEmail", "contactPhone", "contactHours"])
      .where("id", "=", SETTINGS_ROW_ID),
  );
}

/** The contact from programmeContactJson's value: all null while no administrator has set it. */
export function programmeContactFromJson(
  json: { contactEmail: string | null; contactPhone: string | null; contactHours: string | null } | null,
): ProgrammeContact {
  return { email: json?.contactEmail ?? null, phone: json?.contactPhone ?? null, hours: json?.contactHours ?? null };
}

/** The contact in force; all null while no administrator has set it. */
export async function getProgrammeContact(db: DbOrTx): Promise<ProgrammeContact> {
  const settings = await db.programmeSettings.findUnique({
    where: { id: SETTINGS_ROW_ID },
    select: { contactEmail: true, contactPhone: true, contactHours: true },
  });
  return {
    email: settings?.contactEmail ?? null,
    phone: settings?.contactPhone ?? null,
    hours: settings?.contactHours ?? null,
  };
}

/**
 * Changes the programme's contact email, phone and opening hours (administrators): each part given
 * is set, null or blank clears it, a part left out stays. Audited with before and after in the
 * same transaction, unless nothing changed.
 */
export async function setProgrammeContact(
  db: Db,
  input: ProgrammeContactChange,
  actor: Actor,
): Promise<ProgrammeContact> {
  const change = parseProgrammeContact(input);
  return db.$transaction(async (tx) => {
    const current = await lockSettingsRow(tx);
    const before: ProgrammeContact = {
      email: current?.contactEmail ?? null,
      phone: current?.contactPhone ?? null,
      hours: current?.contactHours ?? null,
    };
    const after: ProgrammeContact = { ...before, ...change };
    if (before.email === after.email && before.phone === after.phone && before.hours === after.hours) return after;
    await tx.programmeSettings.update({
      where: { id: SETTINGS_ROW_ID },
      data: { contactEmail: after.email, contactPhone: after.phone, contactHours: after.hours, updatedById: actor.id },
    });
    const changed = (["email", "phone", "hours"] as const).filter((part) => before[part] !== after[part]);
    await recordAudit(tx, {
      action: "programme_contact_changed",
      resourceType: "programme_settings",
      resourceId: SETTINGS_ROW_ID,
      actorId: actor.id,
      before: { contactEmail: before.email, contactPhone: before.phone, contactHours: before.hours },
      after: { contactEmail: after.email, contactPhone: after.phone, contactHours: after.hours },
      details: `Programme contact changed (${changed.join(", ")})`,
      ipAddress: actor.ip ?? null,
    });
    return after;
  });
}

// ---- Two people for money: raising a setting that moves money out or weakens a control (docs/rules/settings.md, "Programme settings").

/** How long a setting change request waits for a second administrator before it lapses. */
export const SETTING_CHANGE_REQUEST_LIFETIME_DAYS = REQUEST_LIFETIME_DAYS;
export { hasLapsed, lapseCutoff, lapsesAt };

interface SettingRule {
  column: Setting;
  /** Lower case, for sentences: "the credit rate". */
  name: string;
  format: (value: number) => string;
  /** The audit action of a change that takes effect (kept from before requests existed, so one filter finds them all). */
  changedAction: string;
  /** "from X to Y" in the audit entry of a change, when the unit reads better once. */
  changeText?: (before: number, after: number) => string;
}

/**
 * Each setting a second administrator must approve raising. For each, a higher value is the
 * looser one: more credit per purchase, more money paid by one administrator alone, more
 * referrals per customer, fewer fraud signals. The contact (email, phone, hours) moves no money and is not here.
 */
export const SETTING_RULES: Record<ProgrammeSetting, SettingRule> = {
  CREDIT_RATE: {
    column: "creditRateBasisPoints",
    name: "credit rate",
    format: formatBasisPointsAsPercent,
    changedAction: "credit_rate_changed",
  },
  PAYOUT_APPROVAL_THRESHOLD: {
    column: "payoutApprovalThresholdPence",
    name: "payout approval threshold",
    format: formatPounds,
    changedAction: "payout_threshold_changed",
  },
  REFERRAL_DAILY_LIMIT: {
    column: "referralDailyLimit",
    name: "daily referral limit",
    format: (limit) => `${limit} per customer`,
    changedAction: "referral_daily_limit_changed",
    changeText: (before, after) => `from ${before} to ${after} per customer`,
  },
  SIGNAL_BURST_PER_HOUR: {
    column: "signalBurstPerHour",
    name: "burst signal's limit",
    format: (perHour) => `${perHour} referrals an hour`,
    changedAction: "signal_burst_per_hour_changed",
    changeText: (before, after) => `from ${before} to ${after} referrals an hour`,
  },
  SIGNAL_AMOUNT_FACTOR: {
    column: "signalAmountFactorPercent",
    name: "amount signal's factor",
    format: (percent) => `${percent}% of the referrer's own purchase`,
    changedAction: "signal_amount_factor_changed",
    changeText: (before, after) => `from ${before}% to ${after}% of the referrer's own purchase`,
  },
  FLAGGED_VERIFICATION_APPROVAL: {
    column: "flaggedVerificationApprovalPence",
    name: "flagged verification approval",
    format: formatPounds,
    changedAction: "flagged_verification_approval_changed",
  },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const SETTING_CHANGE_MESSAGES = {
  notFound: "Setting change request not found",
  ownRequest: "You asked for this change: another administrator must approve or decline it.",
  notOwnRequest: "Only the administrator who asked for this change can withdraw it; you can approve or decline it.",
  lapsed: `This request has lapsed: requests are open for ${SETTING_CHANGE_REQUEST_LIFETIME_DAYS} days. Ask again if the change is still wanted.`,
  decided: (status: string) => `This request has already been ${status.toLowerCase()}.`,
  stale: (rule: SettingRule, fromValue: number, current: number) =>
    `The ${rule.name} is now ${rule.format(current)}, not the ${rule.format(fromValue)} this request would change: nothing was changed. Ask again from the current value.`,
  alreadyWaiting: (rule: SettingRule, request: SettingChangeRequest) =>
    `A change of the ${rule.name} from ${rule.format(request.fromValue)} to ${rule.format(request.toValue)} is already waiting for another administrator: it must be approved, declined or withdrawn first.`,
  awaiting: (rule: SettingRule, request: SettingChangeRequest) =>
    `Raising the ${rule.name} from ${rule.format(request.fromValue)} to ${rule.format(request.toValue)} needs a second administrator: it awaits another administrator's approval (request #${request.id}); the ${rule.name} stays ${rule.format(request.fromValue)} until then.`,
} as const;

/** A setting change: applied at once, or waiting for a second administrator. */
export type SettingChange =
  | { status: "APPLIED"; value: number }
  | { status: "AWAITING_APPROVAL"; request: SettingChangeRequest };

/**
 * Sets one programme setting, or asks for it. With the settings row locked: a value no higher
 * than the one in force applies at once (audited, and a raise waiting for the same setting is
 * superseded, since it would now change something else); a higher value becomes a request that
 * another administrator approves (audited), at most one waiting per setting.
 */
async function changeSetting(db: Db, setting: ProgrammeSetting, value: number, actor: Actor): Promise<SettingChange> {
  const rule = SETTING_RULES[setting];
  return db.$transaction(async (tx) => {
    const current = await lockSettingsRow(tx);
    const before = current?.[rule.column] ?? DEFAULTS[rule.column];
    const waiting = await tx.settingChangeRequest.findFirst({
      where: { setting, status: "PENDING", requestedAt: { gt: lapseCutoff() } },
    });
    if (value > before) {
      if (waiting) throw new ConflictError(SETTING_CHANGE_MESSAGES.alreadyWaiting(rule, waiting));
      const request = await tx.settingChangeRequest.create({
        data: { setting, fromValue: before, toValue: value, requestedById: actor.id },
      });
      await recordAudit(tx, {
        action: "setting_change_requested",
        resourceType: "setting_change_request",
        resourceId: request.id,
        actorId: actor.id,
        before: { [rule.column]: before },
        after: { setting, [rule.column]: value, status: "PENDING" },
        details: `${capitalised(rule.name)} raise from ${rule.format(before)} to ${rule.format(value)} requested: it waits for another administrator`,
        ipAddress: actor.ip ?? null,
      });
      return { status: "AWAITING_APPROVAL", request };
    }
    await applySetting(tx, rule, before, value, actor, `${capitalised(rule.name)} changed`);
    if (waiting && value !== before) {
      await tx.settingChangeRequest.update({
        where: { id: waiting.id },
        data: { status: "SUPERSEDED", decidedById: actor.id, decidedAt: new Date() },
      });
      await recordAudit(tx, {
        action: "setting_change_superseded",
        resourceType: "setting_change_request",
        resourceId: waiting.id,
        actorId: actor.id,
        before: { status: "PENDING", requestedById: waiting.requestedById },
        after: { status: "SUPERSEDED", [rule.column]: value },
        details: `Setting change request #${waiting.id} superseded: the ${rule.name} it would raise from ${rule.format(waiting.fromValue)} is now ${rule.format(value)}`,
        ipAddress: actor.ip ?? null,
      });
    }
    return { status: "APPLIED", value };
  }, LOCKING_TRANSACTION);
}

/** Writes the value and its audit entry, with before and after, in the caller's transaction. */
async function applySetting(tx: Tx, rule: SettingRule, before: number, value: number, actor: Actor, what: string) {
  await tx.programmeSettings.update({
    where: { id: SETTINGS_ROW_ID },
    data: { [rule.column]: value, updatedById: actor.id },
  });
  await recordAudit(tx, {
    action: rule.changedAction,
    resourceType: "programme_settings",
    resourceId: SETTINGS_ROW_ID,
    actorId: actor.id,
    before: { [rule.column]: before },
    after: { [rule.column]: value },
    details: `${what} ${rule.changeText?.(before, value) ?? `from ${rule.format(before)} to ${rule.format(value)}`}`,
    ipAddress: actor.ip ?? null,
  });
}

/**
 * Locks the settings row, then reads the request, and refuses one already decided, lapsed, or (for
 * approving and declining) asked for by the acting administrator. Every step holds the settings
 * row's lock, so two steps on one request run in turn and the later one finds it decided.
 */
async function lockPendingRequest(
  tx: Tx,
  requestId: number | null,
  actor: Actor,
  step: "decide" | "withdraw",
): Promise<{ request: SettingChangeRequest; current: number }> {
  const settings = await lockSettingsRow(tx);
  const request = requestId == null ? null : await tx.settingChangeRequest.findUnique({ where: { id: requestId } });
  if (!request) throw new NotFoundError(SETTING_CHANGE_MESSAGES.notFound);
  if (request.status !== "PENDING") throw new ConflictError(SETTING_CHANGE_MESSAGES.decided(request.status));
  if (step === "decide" && request.requestedById === actor.id)
    throw new ForbiddenError(SETTING_CHANGE_MESSAGES.ownRequest);
  if (step === "withdraw" && request.requestedById !== actor.id)
    throw new ForbiddenError(SETTING_CHANGE_MESSAGES.notOwnRequest);
  if (hasLapsed(request)) throw new ConflictError(SETTING_CHANGE_MESSAGES.lapsed);
  const column = SETTING_RULES[request.setting].column;
  return { request, current: settings?.[column] ?? DEFAULTS[column] };
}

/** Marks a PENDING request decided; a request no longer PENDING here is a bug the lock should have prevented. */
async function closeRequest(
  tx: Tx,
  request: SettingChangeRequest,
  status: "APPROVED" | "DECLINED" | "WITHDRAWN",
  actor: Actor,
  declineReason: string | null = null,
): Promise<SettingChangeRequest> {
  // Conditional on PENDING: the lock serves the steps in turn, this makes a second effect impossible.
  const closed = await tx.settingChangeRequest.updateMany({
    where: { id: request.id, status: "PENDING" },
    data: { status, decidedById: actor.id, decidedAt: new Date(), declineReason },
  });
  if (closed.count !== 1) throw new ConflictError(SETTING_CHANGE_MESSAGES.decided(status));
  return tx.settingChangeRequest.findUniqueOrThrow({ where: { id: request.id } });
}

/**
 * Another administrator approves a pending request: the setting takes the requested value then,
 * once. The setting must still hold the value the request was made from; if it moved meanwhile the
 * approval is refused as stale (the approver agreed to a change from that value, not from another).
 */
export async function approveSettingChangeRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<SettingChangeRequest> {
  return db.$transaction(async (tx) => {
    const { request, current } = await lockPendingRequest(tx, input.requestId, actor, "decide");
    const rule = SETTING_RULES[request.setting];
    if (current !== request.fromValue)
      throw new ConflictError(SETTING_CHANGE_MESSAGES.stale(rule, request.fromValue, current));
    const approved = await closeRequest(tx, request, "APPROVED", actor);
    await applySetting(
      tx,
      rule,
      current,
      request.toValue,
      actor,
      `${capitalised(rule.name)} changed on approval of request #${request.id}`,
    );
    await recordAudit(tx, {
      action: "setting_change_approved",
      resourceType: "setting_change_request",
      resourceId: request.id,
      actorId: actor.id,
      before: { status: "PENDING", requestedById: request.requestedById, [rule.column]: current },
      after: { status: "APPROVED", [rule.column]: request.toValue },
      details: `Setting change request #${request.id} approved: the ${rule.name} changed from ${rule.format(current)} to ${rule.format(request.toValue)}`,
      ipAddress: actor.ip ?? null,
    });
    return approved;
  }, LOCKING_TRANSACTION);
}

/** Another administrator declines a pending request: the setting stays as it is. Audited. */
export async function declineSettingChangeRequest(
  db: Db,
  input: { requestId: number | null; reason?: string | null },
  actor: Actor,
): Promise<SettingChangeRequest> {
  const reason = parseText(TEXT_FIELDS.declineReason, input.reason, "reason") || null;
  return db.$transaction(async (tx) => {
    const { request } = await lockPendingRequest(tx, input.requestId, actor, "decide");
    const rule = SETTING_RULES[request.setting];
    const declined = await closeRequest(tx, request, "DECLINED", actor, reason);
    await recordAudit(tx, {
      action: "setting_change_declined",
      resourceType: "setting_change_request",
      resourceId: request.id,
      actorId: actor.id,
      before: { status: "PENDING", requestedById: request.requestedById },
      after: { status: "DECLINED", reason },
      details: `Setting change request #${request.id} declined: the ${rule.name} stays ${rule.format(request.fromValue)}`,
      ipAddress: actor.ip ?? null,
    });
    return declined;
  }, LOCKING_TRANSACTION);
}

/** The administrator who asked withdraws their pending request: the setting stays as it is. Audited. */
export async function withdrawSettingChangeRequest(
  db: Db,
  input: { requestId: number | null },
  actor: Actor,
): Promise<SettingChangeRequest> {
  return db.$transaction(async (tx) => {
    const { request } = await lockPendingRequest(tx, input.requestId, actor, "withdraw");
    const rule = SETTING_RULES[request.setting];
    const withdrawn = await closeRequest(tx, request, "WITHDRAWN", actor);
    await recordAudit(tx, {
      action: "setting_change_withdrawn",
      resourceType: "setting_change_request",
      resourceId: request.id,
      actorId: actor.id,
      before: { status: "PENDING" },
      after: { status: "WITHDRAWN" },
      details: `Setting change request #${request.id} withdrawn: the ${rule.name} stays ${rule.format(request.fromValue)}`,
      ipAddress: actor.ip ?? null,
    });
    return withdrawn;
  }, LOCKING_TRANSACTION);
}

export { formatBasisPointsAsPercent };
