/** Verified purchases over recorded referrals, in whole percent rounded down; a dash before the first referral. */
export function conversion(recorded: number, verified: number): string {
  return recorded === 0 ? "–" : `${Math.floor((verified * 100) / recorded)}%`;
}
