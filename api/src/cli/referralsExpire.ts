// npm run referrals:expire   (one run of the hourly expiry job now: expire, warn, clear old email bodies)
// Runs the same function as the server's timer (runReferralExpiry), against the same database; give it
// the server's PUBLIC_URL so the warning emails' links point at the site.
import { readConfig } from "../config.ts";
import { runReferralExpiry } from "../referrals/expiry.ts";
import { withDatabase } from "./withDatabase.ts";

const { publicUrl } = readConfig();
const result = await withDatabase((db) => runReferralExpiry(db, new Date(), { publicUrl }));
console.log(
  `Expired and erased: ${result.expired}. Warned: ${result.warned}. Old email bodies cleared: ${result.cleared}.`,
);
