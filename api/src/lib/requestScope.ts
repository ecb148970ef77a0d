// The request (or job) a piece of work belongs to, without passing it down every call: the HTTP
// server opens a scope per request, the job runner one per job. Every log line written inside
// carries its id (compose/appDeps.ts: pino's mixin), and a job queued inside carries it on (db/jobs.ts).
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  /** Absent in a job no request queued (the crontab's). */
  requestId?: string;
  /** Set inside a job: its graphile-worker id and task. */
  jobId?: string;
  task?: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` with `scope` as the current one (for everything it awaits, too). */
export function withRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The current request's or job's scope, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}
