import { formatPounds } from "../lib/money.ts";
import { MILESTONE_PERCENT, type MilestoneKey } from "./milestoneRules.ts";

// The texts of the activity feed, in one place for the services and the demo seed. None holds a
// referral's personal data: expiry erases that, and the feed adds the name when it is read.
export const activityDescriptions = {
  registered: (purchasePence: number, resubmitted = false) =>
    `Registration ${resubmitted ? "resubmitted" : "submitted"} for review (original purchase ${formatPounds(purchasePence)})`,
  accountVerified: () => "Account verified and activated",
  referralAdded: () => "Referral added",
  referralUpdated: () => "Referral details corrected",
  referralWithdrawn: () => "Referral withdrawn: their details were erased",
  referralPurchased: (creditPence: number) =>
    `A referral made a purchase: you earned ${formatPounds(creditPence)} in credits`,
  purchaseCancelled: (reversedPence: number) =>
    `A referral's purchase was cancelled: ${formatPounds(reversedPence)} of credits reversed`,
  milestoneReached: (key: MilestoneKey, tranchePence: number) =>
    `${MILESTONE_PERCENT[key]}% milestone reached: ${formatPounds(tranchePence)} is ready to be paid`,
  milestonePaid: (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}% milestone paid`,
  // Account settings (ACCOUNT_UPDATED): what changed, never the name or address itself.
  passwordChanged: () => "Password changed: every other session was signed out",
  nameChanged: () => "Name updated",
  emailChanged: () => "Email address changed",
  paymentRequested: (key: MilestoneKey, tranchePence: number) =>
    `Payment of the ${MILESTONE_PERCENT[key]}% milestone (${formatPounds(tranchePence)}) requested: our team has been told`,
};
