/**
 * The dashboard query's list sizes: the first page of referrals, and how many recent activities
 * Home shows. A plain module, so the build's route table (web/build/routeQueries.ts) reads them too.
 */
export const DASHBOARD_VARIABLES = { referralCount: 10, activityCount: 8 };
