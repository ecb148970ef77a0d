// How many items each list returns: one place, so a new list picks its limits beside the others.

/** The most a customer's REST referral list returns (read in GraphQL pages of at most 100): a customer's whole history fits. */
export const CUSTOMER_LIST_MAX_SIZE = 500;

/** The most GET /api/activities returns (read in GraphQL pages of at most 100). */
export const ACTIVITY_LIST_MAX_SIZE = 500;

/** An admin list's GraphQL page when the client does not say. */
export const ADMIN_LIST_DEFAULT_SIZE = 50;

/** The most rows a REST admin list returns (its default; read in GraphQL pages of at most 100). */
export const ADMIN_LIST_MAX_SIZE = 500;

/** Audit entries per page when the caller does not say; the most one page may hold. */
export const AUDIT_PAGE_DEFAULT_SIZE = 20;
export const AUDIT_PAGE_MAX_SIZE = 100;

/** The pending-milestone and pending-payout queues: page size when not given, and the most. */
export const PENDING_MILESTONES_DEFAULT_SIZE = 50;
export const PENDING_MILESTONES_MAX_SIZE = 200;
export const PENDING_PAYOUTS_DEFAULT_SIZE = 50;
export const PENDING_PAYOUTS_MAX_SIZE = 200;

/** The most rows one analytics call returns; the GraphQL connections ask for at most 100 (+1 to see the next page). */
export const MAX_ROWS_PER_CALL = 1000;
