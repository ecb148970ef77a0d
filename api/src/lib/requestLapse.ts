// Two people for money: a request waiting for a second administrator lapses when nobody decides it
// within 7 days (docs/rules/settings.md, docs/rules/milestones.md). Nothing is stored for it: a
// PENDING request asked for that long ago reads as LAPSED and can no longer be decided.

/** How long a request waits for a second administrator before it lapses. */
export const REQUEST_LIFETIME_DAYS = 7;
const LIFETIME_MS = REQUEST_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** A PENDING request asked for 7 days ago or more cannot be decided any more: it reads as LAPSED. */
export function hasLapsed(request: { status: string; requestedAt: Date }, now = Date.now()): boolean {
  return request.status === "PENDING" && request.requestedAt.getTime() <= now - LIFETIME_MS;
}

/** When a request lapses (or lapsed). */
export const lapsesAt = (request: { requestedAt: Date }) => new Date(request.requestedAt.getTime() + LIFETIME_MS);

/** The moment before which a PENDING request has lapsed. */
export const lapseCutoff = (now = Date.now()) => new Date(now - LIFETIME_MS);
