import type { ActivityType } from "../generated/prisma/client.ts";
import { formatPounds } from "../lib/money.ts";
import { MILESTONE_PERCENT, type MilestoneKey } from "../milestones/index.ts";

// The texts of the activity feed, in one place for the services and the demo seed. None holds a
// referral's personal data: expiry erases that, and the feed adds the name when it is read.
export const activityDescriptions = {
  registered: (purchasePence: number, resubmitted = false) =>
    `Registration ${resubmitted ? "resubmitted" : "submitted"} for review (original purchase ${formatPounds(purchasePence)})`,
  accountVerified: () => "Account verified and activated",
  referralAdded: () => "Referral added",
  /** The friend added their own details on the customer's share link page (docs/rules/share-links.md). */
  referralAddedThroughLink: () => "Referral added through your link",
  /** A staff member recorded it on the customer's behalf (docs/rules/roles.md): their first name and initial only. */
  referralRecordedByStaff: (recordedBy: string) => `Referral recorded for you by ${recordedBy} of our team`,
  referralUpdated: () => "Referral details corrected",
  referralWithdrawn: () => "Referral withdrawn: their details were erased",
  /** The feed puts the friend's name in place of "A referral" while there is one. */
  referralPurchased: (creditPence: number) =>
    `A referral made a purchase: you earned ${formatPounds(creditPence)} in credits`,
  /**
   * category: the reason's kind as a customer reads it ("goods returned"); the administrator's reason
   * follows when there is one. The feed puts the friend's name in place of "A referral" while there is one.
   */
  purchaseCancelled: (reversedPence: number, category: string | null, reason?: string | null) =>
    `A referral's purchase was cancelled${category ? ` (${category})` : ""}: ${formatPounds(reversedPence)} of credit taken back` +
    (reason ? `. Reason: ${reason}` : ""),
  /** expiresOn: the London day, written out ("3 March"). The feed puts the name first while there is one. */
  referralExpiring: (expiresOn: string) =>
    `Referral expires on ${expiresOn}: if they are planning a purchase, let us know`,
  referralExpired: () =>
    "Referral expired after 90 days without a purchase: its details were erased, as our terms promise",
  milestoneReached: (key: MilestoneKey, tranchePence: number) =>
    `${MILESTONE_PERCENT[key]}% milestone reached: ${formatPounds(tranchePence)} is ready to be paid`,
  milestonePaid: (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}% milestone paid`,
  // Account settings (ACCOUNT_UPDATED): what changed, never the name or address itself.
  passwordChanged: () => "Password changed: every other session was signed out",
  nameChanged: () => "Name updated",
  emailChanged: () => "Email address changed",
  paymentRequested: (key: MilestoneKey, tranchePence: number) =>
    `Payment of the ${MILESTONE_PERCENT[key]}% milestone (${formatPounds(tranchePence)}) requested: our team has been told`,
  referralErasedOnRequest: () => "A referral's details were erased on request",
};

const namedAfter = (description: string, name: string) => `${description}: ${name}`;

/** How the feed joins an activity's stored text with the referral's name; the other types show the text alone. */
const WITH_NAME: Partial<Record<ActivityType, (description: string, name: string) => string>> = {
  REFERRAL_ADDED: namedAfter,
  REFERRAL_UPDATED: namedAfter,
  // "Referral expires on 3 March: ..." becomes "Anna's referral expires on 3 March: ...".
  REFERRAL_EXPIRING: (description, name) => description.replace(/^Referral /, `${name}'s referral `),
  // "A referral made a purchase: ..." becomes "Anna made a purchase: ...".
  REFERRAL_PURCHASED: (description, name) => description.replace(/^A referral /, `${name} `),
  // "A referral's purchase was cancelled ..." becomes "Anna's purchase was cancelled ...".
  PURCHASE_CANCELLED: (description, name) => description.replace(/^A referral's /, `${name}'s `),
};

/**
 * An activity's text as the feed shows it: the stored text joined with the referral's name while the
 * referral still has one (after erasure the stored text reads well alone).
 */
export function withReferralName(type: ActivityType, description: string, name: string | null): string {
  const join = WITH_NAME[type];
  return name && join ? join(description, name) : description;
}

/** The activity types whose text the feed joins with the referral's name (their name is read). */
export const NAMED_ACTIVITY_TYPES: ReadonlySet<ActivityType> = new Set(Object.keys(WITH_NAME) as ActivityType[]);
