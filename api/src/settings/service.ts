import { z } from "zod";
import { recordAudit } from "../audit/index.ts";
import type { Db, DbOrTx, Tx } from "../db/prisma.ts";
import { queryBuilder, run, runFirst, sql } from "../db/query.ts";
import type { Actor } from "../lib/actor.ts";
import { ValidationError } from "../lib/errors.ts";
import { formatPounds, parsePoundsToPence } from "../lib/money.ts";
import { normalisePhone } from "../lib/phone.ts";
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

/** Changes the credit rate (administrators), with an audit entry in the same transaction. */
export async function setCreditRate(db: Db, input: { basisPoints: number }, actor: Actor): Promise<number> {
  const { basisPoints } = parseInput(creditRateInputSchema, input);
  return changeSetting(db, "creditRateBasisPoints", basisPoints, actor, {
    action: "credit_rate_changed",
    details: (before, after) =>
      `Credit rate changed from ${formatBasisPointsAsPercent(before)} to ${formatBasisPointsAsPercent(after)}`,
  });
}

/** 1100 → "11%", 1250 → "12.5%", 1 → "0.01%": exact, no floating point. */
export function formatBasisPointsAsPercent(basisPoints: number): string {
  const sign = basisPoints < 0 ? "-" : "";
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}%`;
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

/** £500.00: milestone payments above it need a second administrator (decisions.md, "Accounts"). */
export const DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE = 50_000;

/** The payout approval threshold in force, in pence: a tranche above it becomes a payout request. */
export async function getPayoutApprovalThreshold(db: DbOrTx): Promise<number> {
  return readSetting(db, "payoutApprovalThresholdPence");
}

/** Changes the payout approval threshold (administrators; from 1p to £10,000,000), audited in the same transaction. */
export async function setPayoutApprovalThreshold(db: Db, input: { amount: unknown }, actor: Actor): Promise<number> {
  const pence = parsePoundsToPence(amountText(input.amount), "payout approval threshold");
  return changeSetting(db, "payoutApprovalThresholdPence", pence, actor, {
    action: "payout_threshold_changed",
    details: (before, after) =>
      `Payout approval threshold changed from ${formatPounds(before)} to ${formatPounds(after)}`,
  });
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

/** Changes the daily referral limit (administrators; 1 to 1000), audited in the same transaction. */
export async function setReferralDailyLimit(db: Db, input: { limit: number }, actor: Actor): Promise<number> {
  const { limit } = parseInput(referralDailyLimitInputSchema, input);
  return changeSetting(db, "referralDailyLimit", limit, actor, {
    action: "referral_daily_limit_changed",
    details: (before, after) => `Daily referral limit changed from ${before} to ${after} per customer`,
  });
}

type Setting = "creditRateBasisPoints" | "payoutApprovalThresholdPence" | "referralDailyLimit";

/** What applies while no administrator has changed a setting (the row may not exist yet). */
const DEFAULTS: Record<Setting, number> = {
  creditRateBasisPoints: DEFAULT_CREDIT_RATE_BASIS_POINTS,
  payoutApprovalThresholdPence: DEFAULT_PAYOUT_APPROVAL_THRESHOLD_PENCE,
  referralDailyLimit: DEFAULT_REFERRAL_DAILY_LIMIT,
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
 * changing settings at once each audit the value they really replaced.
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

/** Sets one programme setting and audits it with before and after, in one transaction. */
async function changeSetting(
  db: Db,
  setting: Setting,
  value: number,
  actor: Actor,
  audit: { action: string; details: (before: number, after: number) => string },
): Promise<number> {
  return db.$transaction(async (tx) => {
    const current = await lockSettingsRow(tx);
    const before = current?.[setting] ?? DEFAULTS[setting];
    await tx.programmeSettings.update({
      where: { id: SETTINGS_ROW_ID },
      data: { [setting]: value, updatedById: actor.id },
    });
    await recordAudit(tx, {
      action: audit.action,
      resourceType: "programme_settings",
      resourceId: SETTINGS_ROW_ID,
      actorId: actor.id,
      before: { [setting]: before },
      after: { [setting]: value },
      details: audit.details(before, value),
      ipAddress: actor.ip ?? null,
    });
    return value;
  });
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
