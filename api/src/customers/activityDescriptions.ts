import { formatPounds } from "../lib/money.ts";
import { MILESTONE_PERCENT, type MilestoneKey } from "./milestoneRules.ts";

// The texts of the activity feed, in one place for the services and the demo seed. None holds a
// referral's personal data: expiry erases that, and the feed adds the name when it is read.
export const activityDescriptions = {
  registered: (purchasePence: number, resubmitted = false) =>
    `Registration ${resubmitted ? "resubmitted" : "submitted"} for review (original purchase ${formatPounds(purchasePence)})`,
  accountVerified: () => "Account verified and activated",
  referralAdded: () => "Referral added",
  referralPurchased: (creditPence: number) =>
    `A referral made a purchase: you earned ${formatPounds(creditPence)} in credits`,
  purchaseCancelled: (reversedPence: number) =>
    `A referral's purchase was cancelled: ${formatPounds(reversedPence)} of credits reversed`,
  milestoneReached: (key: MilestoneKey, tranchePence: number) =>
    `${MILESTONE_PERCENT[key]}% milestone reached: ${formatPounds(tranchePence)} is ready to be paid`,
  milestonePaid: (key: MilestoneKey) => `${MILESTONE_PERCENT[key]}% milestone paid`,
  referralErasedOnRequest: () => "A referral's details were erased on request",
};
