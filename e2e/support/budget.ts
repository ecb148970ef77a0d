/** The budget for the whole end-to-end suite on a 2-core machine: e2e/globalSetup.ts prints the time taken against it. */
export const SUITE_BUDGET_MS = 10 * 60_000;
