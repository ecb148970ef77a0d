// A client load for fault tests (docs/operations.md, "Faults tested"): an open loop starting one
// operation every tick, as many clients would. A 503 or a dropped connection is retried with the
// same Idempotency-Key, as a client following Retry-After would; any answer but 200 and a typed
// 503 is recorded as unexpected. Subclasses say what to send next and what an answer acknowledges.
import { DATABASE_UNAVAILABLE_MESSAGE } from "../src/lib/databaseErrors.ts";
import type { TestClient } from "./testApp.ts";
import { waitFor } from "./waitFor.ts";

export type Answer = Awaited<ReturnType<TestClient["request"]>>;

export interface LoadOp {
  /** Names the operation in failure messages (its Idempotency-Key, say). */
  key: string;
  via: "rest" | "graphql";
  send(): Promise<Answer>;
  /** Records what a 200 acknowledged; returns why it is not an acknowledgement, if it is not. */
  done(answer: Answer): string | undefined;
  dueAt: number;
}

export abstract class RetryingLoad<Op extends LoadOp> {
  readonly unexpected: string[] = [];
  readonly unavailable = { rest: 0, graphql: 0 };
  readonly statuses = new Map<number, number>();
  /** Operations awaiting an answer, with when they were sent (shown when a wait times out). */
  readonly pending = new Map<string, number>();
  /** Every acknowledged operation. */
  succeeded = 0;
  networkErrors = 0;
  protected newWork = true;
  private retries: Op[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tickMs: number,
    private readonly maxInFlight: number,
    /** Retry-After says 2 s; a shorter wait keeps a test short and only asks more of the server. */
    private readonly retryAfterMs: number,
  ) {}

  /** The next new operation, or nothing while there is none to start. */
  protected abstract nextOp(): Op | undefined;

  start() {
    this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** No new operations; resolves once every started one has been acknowledged. */
  async drain(timeoutMs: number) {
    this.newWork = false;
    await waitFor(
      "every operation to be acknowledged",
      () => this.inFlight === 0 && this.retries.length === 0,
      timeoutMs,
    );
    this.stop();
  }

  private tick() {
    if (this.inFlight >= this.maxInFlight) return;
    const now = Date.now();
    const retryIndex = this.retries.findIndex((op) => op.dueAt <= now);
    const op = retryIndex >= 0 ? this.retries.splice(retryIndex, 1)[0] : this.newWork ? this.nextOp() : undefined;
    if (op) void this.run(op);
  }

  private async run(op: Op) {
    this.inFlight++;
    this.pending.set(op.key, Date.now());
    try {
      let answer: Answer;
      try {
        answer = await op.send();
      } catch {
        // The connection dropped: whether the server is alive is checked apart; try again.
        this.networkErrors++;
        this.retry(op);
        return;
      }
      this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
      const graphql = op.via === "graphql";
      if (answer.status === 503) {
        if (!answer.headers.get("retry-after")) this.unexpected.push(`${op.key}: 503 without Retry-After`);
        const typed = graphql
          ? answer.body?.errors?.[0]?.extensions?.code === "SERVICE_UNAVAILABLE"
          : answer.text === DATABASE_UNAVAILABLE_MESSAGE;
        if (!typed) this.unexpected.push(`${op.key}: 503 ${answer.text.slice(0, 200)}`);
        this.unavailable[op.via]++;
        this.retry(op);
        return;
      }
      const refused = answer.status !== 200 || (graphql && answer.body?.errors) ? `${answer.status}` : op.done(answer);
      if (refused !== undefined) {
        this.unexpected.push(`${op.key}: ${refused} ${answer.text.slice(0, 300)}`);
        return;
      }
      this.succeeded++;
    } finally {
      this.pending.delete(op.key);
      this.inFlight--;
    }
  }

  private retry(op: Op) {
    op.dueAt = Date.now() + this.retryAfterMs;
    this.retries.push(op);
  }
}
