// How many items each list returns: one place, so a new list picks its limits beside the others.

/**
 * A REST list's `?limit=`: `fallback` rows when absent, at most `max`. Each answer says when more
 * rows follow (a `Link: rel="next"` header and `X-Next-After`), so no limit cuts a list silently.
 */
export interface RestListSizes {
  max: number;
  fallback: number;
}

/** GET /api/referrals and /api/activities: a customer's whole history fits in one call (read in GraphQL pages of 100). */
export const CUSTOMER_REST_LIST: RestListSizes = { max: 500, fallback: 500 };

/** An admin list's GraphQL page when the client does not say. */
export const ADMIN_LIST_DEFAULT_SIZE = 50;

/** The most rows a REST admin list returns (its default; read in GraphQL pages of at most 100). */
export const ADMIN_LIST_MAX_SIZE = 500;
export const ADMIN_REST_LIST: RestListSizes = { max: ADMIN_LIST_MAX_SIZE, fallback: ADMIN_LIST_MAX_SIZE };

/** Audit entries per page when the caller does not say; the most one page may hold. */
export const AUDIT_PAGE_DEFAULT_SIZE = 20;
export const AUDIT_PAGE_MAX_SIZE = 100;

/** The pending-milestone and pending-payout queues: page size when not given, and the most. */
export const PENDING_MILESTONES_DEFAULT_SIZE = 50;
export const PENDING_PAYOUTS_DEFAULT_SIZE = 50;
/** Their REST paths: 200 rows unless `?limit=` says otherwise (up to the admin lists' 500). */
export const PENDING_QUEUE_REST_LIST: RestListSizes = { max: ADMIN_LIST_MAX_SIZE, fallback: 200 };

/** GET /api/admin/audit-logs: 20 entries unless `?limit=` says otherwise. */
export const AUDIT_REST_LIST: RestListSizes = { max: AUDIT_PAGE_MAX_SIZE, fallback: AUDIT_PAGE_DEFAULT_SIZE };

/** The cancellation history: as the audit trail, 20 by default, at most 100. */
export const CANCELLATIONS_REST_LIST: RestListSizes = AUDIT_REST_LIST;

/** The analytics lists (top performers, revenue trends): 10, at most a GraphQL page. */
export const ANALYTICS_REST_LIST: RestListSizes = { max: 100, fallback: 10 };

/** The most rows one analytics call returns; the GraphQL connections ask for at most 100 (+1 to see the next page). */
export const MAX_ROWS_PER_CALL = 1000;
