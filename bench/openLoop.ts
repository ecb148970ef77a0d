// An open-loop load generator, run in a process of its own by bench/measure.ts (one request at a time)
// and bench/soak.ts (a weighted mix, reported per window); spawnOpenLoop below starts it, the job
// on its standard input (a write mix's bodies outgrow a command-line argument).
// Requests start at evenly spaced times whatever the answers do (a slow answer never delays the next
// start: each start takes a free keep-alive socket or opens one), and each latency is counted from
// the request's scheduled start, so a stall shows in every request it delayed (no coordinated
// omission). autocannon's rate limit starts its connections in bursts instead: at half the
// dashboard's maximum it showed p99 176 ms where even starts showed 16 ms on the same server.
// Prints a line of JSON per finished window (OpenLoopWindow, when asked for), then an OpenLoopResult.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";

export interface OpenLoopRequest {
  /** How the windows' lists of non-2xx answers name it. */
  name?: string;
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Taken in turn, one per request sent (writes that must differ each time): its path (and query) and body instead of the url's and `body`. */
  variants?: { path?: string; body?: string }[];
  /** Its share of the mix (default 1): the starts cycle through a fixed interleaving of the weights. */
  weight?: number;
  /** Statuses it provokes on purpose (a refusal): counted apart from the failures. */
  expectedStatuses?: number[];
}

export interface OpenLoopJob {
  requests: OpenLoopRequest[];
  /** Requests started per second. */
  rate: number;
  durationSeconds: number;
  /** Run at the same rate first, not counted: opens the sockets and warms this process's code. */
  warmUpSeconds: number;
  /** A request not answered by then counts as an error. */
  timeoutMs: number;
  /** Requests slower than this are listed (grouped into stalls) with the time they were due. */
  slowMs: number;
  /** Report the counted requests per window of this many seconds (by scheduled start), each once all its requests are answered. */
  windowSeconds?: number;
}

/** Requests slowed together: their scheduled starts lie within STALL_GAP_MS of each other. */
export interface Stall {
  /** Epoch milliseconds of the first and last slow request's scheduled start. */
  fromEpochMs: number;
  toEpochMs: number;
  requests: number;
  worstMs: number;
}

/** The requests scheduled to start within one window. */
export interface OpenLoopWindow {
  window: number;
  /** Epoch milliseconds of the window's start (the first counted request's scheduled start, plus whole windows). */
  fromEpochMs: number;
  sent: number;
  ok: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers neither 2xx nor expected, by "request name: status", or "request name: no answer (reason)" (see failureReason). */
  failed: Record<string, number>;
  /** Expected refusals (expectedStatuses), by "request name: status". */
  expected: Record<string, number>;
}

export interface OpenLoopResult {
  /** Epoch milliseconds of the first counted request's scheduled start and of the last answer. */
  fromEpochMs: number;
  toEpochMs: number;
  offeredRate: number;
  /** 2xx answers per second, over the time from the first scheduled start to the last answer. */
  achievedRate: number;
  sent: number;
  ok: number;
  errors: number;
  non2xx: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  /** How late this process started requests (its own timer and event loop): should stay ~1 ms. */
  startLatenessP99: number;
  startLatenessMax: number;
  /** Most requests in flight at once, which is also the number of sockets it needed. */
  maxInFlight: number;
  /** The counted requests that failed, by reason: "status 503", or "no answer (ECONNREFUSED)", "no answer (timeout after 10000 ms)", ... */
  failures: Record<string, number>;
  stalls: Stall[];
}

/**
 * Why a request got no answer, from the error Node gave: the connection refused or reset by the
 * server, this process out of sockets or ports (EMFILE, EADDRNOTAVAIL), the answer cut off, or no
 * answer within the job's timeout.
 */
export function failureReason(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.code === "TIMEOUT") return `no answer (timeout after ${timeoutMs} ms)`;
  return `no answer (${error.code ?? error.message})`;
}

const STALL_GAP_MS = 300;
const MAX_STALLS_LISTED = 50;

/**
 * The order in which a mix's requests start: smooth weighted round robin, so each request's starts
 * are spread evenly through the cycle (weights 3 and 1 give 0, 0, 1, 0, not 0, 0, 0, 1).
 */
export function mixSequence(weights: number[]): number[] {
  if (weights.some((weight) => !(Number.isInteger(weight) && weight > 0)))
    throw new Error("a mix's weights are whole numbers above 0");
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const current = weights.map(() => 0);
  const sequence: number[] = [];
  for (let step = 0; step < total; step++) {
    let best = 0;
    for (let index = 0; index < weights.length; index++) {
      current[index] = (current[index] ?? 0) + (weights[index] ?? 0);
      if ((current[index] ?? 0) > (current[best] ?? 0)) best = index;
    }
    current[best] = (current[best] ?? 0) - total;
    sequence.push(best);
  }
  return sequence;
}

export async function runOpenLoop(
  job: OpenLoopJob,
  onWindow: (window: OpenLoopWindow) => void = () => {},
): Promise<OpenLoopResult> {
  // fifo: the sockets take turns, so none sits idle long enough to be closed under us.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2000, scheduling: "fifo" });
  const intervalMs = 1000 / job.rate;
  const warmUpCount = Math.round(job.rate * job.warmUpSeconds);
  const total = warmUpCount + Math.max(1, Math.round(job.rate * job.durationSeconds));
  const latency = new Float64Array(total).fill(Number.NaN);
  const lateness = new Float64Array(total);
  const status = new Int16Array(total);
  /** Why each request without an answer failed (failureReason). */
  const reasons = new Map<number, string>();
  let rawPacketShown = false;
  const sequence = mixSequence(job.requests.map((request) => request.weight ?? 1));
  const kindOf = (index: number) => sequence[index % sequence.length] ?? 0;
  const prepared = job.requests.map((request) => {
    const target = new URL(request.url);
    const variants = (request.variants ?? [{}]).map((variant) => ({
      path: variant.path ?? `${target.pathname}${target.search}`,
      body: (variant.body ?? request.body) === undefined ? undefined : Buffer.from(variant.body ?? request.body ?? ""),
    }));
    return { request, target, variants, sent: 0 };
  });
  let inFlight = 0;
  let maxInFlight = 0;
  let lastAnswerAt = 0;

  const start = performance.now() + 20;
  const due = (index: number) => start + index * intervalMs;

  const windowMs = (job.windowSeconds ?? 0) * 1000;
  // From the request's number, not its due time: start + index × interval in floating point put a
  // window's first request into the window before it now and then.
  const perWindow = job.rate * (job.windowSeconds ?? 0);
  const windowOf = (index: number) =>
    windowMs > 0 && index >= warmUpCount ? Math.floor((index - warmUpCount) / perWindow + 1e-9) : -1;
  // Each window is reported once every request due in it is answered, in order.
  const windowsLeft = new Map<number, number>();
  const windowRange = new Map<number, { from: number; to: number }>();
  for (let index = warmUpCount; index < total && windowMs > 0; index++) {
    const window = windowOf(index);
    windowsLeft.set(window, (windowsLeft.get(window) ?? 0) + 1);
    const range = windowRange.get(window);
    if (range) range.to = index + 1;
    else windowRange.set(window, { from: index, to: index + 1 });
  }
  let nextWindow = 0;
  const reportWindows = () => {
    while (windowsLeft.get(nextWindow) === 0) {
      onWindow(windowSummary(nextWindow));
      windowsLeft.delete(nextWindow);
      nextWindow++;
    }
  };
  const windowSummary = (window: number): OpenLoopWindow => {
    const { from, to } = windowRange.get(window) ?? { from: 0, to: 0 };
    const failed: Record<string, number> = {};
    const expected: Record<string, number> = {};
    let ok = 0;
    for (let index = from; index < to; index++) {
      const code = status[index] ?? -1;
      if (code >= 200 && code < 300) {
        ok++;
        continue;
      }
      const request = job.requests[kindOf(index)];
      const key = `${request?.name ?? request?.url}: ${code === -1 ? (reasons.get(index) ?? "no answer") : code}`;
      const into = request?.expectedStatuses?.includes(code) ? expected : failed;
      into[key] = (into[key] ?? 0) + 1;
    }
    const sorted = Float64Array.from(latency.subarray(from, to)).sort();
    return {
      window,
      fromEpochMs: Math.round(performance.timeOrigin + due(warmUpCount) + window * windowMs),
      sent: to - from,
      ok,
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      failed,
      expected,
    };
  };

  let finished: () => void = () => {};
  const allAnswered = new Promise<void>((resolve) => {
    finished = resolve;
  });
  let answered = 0;
  const settle = (index: number, code: number) => {
    const now = performance.now();
    latency[index] = now - due(index);
    status[index] = code;
    lastAnswerAt = now;
    inFlight--;
    const window = windowOf(index);
    if (window >= 0) {
      windowsLeft.set(window, (windowsLeft.get(window) ?? 1) - 1);
      reportWindows();
    }
    if (++answered === total) finished();
  };

  const fire = (index: number) => {
    lateness[index] = performance.now() - due(index);
    inFlight++;
    if (inFlight > maxInFlight) maxInFlight = inFlight;
    let settled = false;
    const once = (code: number, error?: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      if (error) reasons.set(index, failureReason(error, job.timeoutMs));
      // What the server sent when Node could not parse it (HPE_*): printed once, to find whose bug it is.
      const raw = (error as { rawPacket?: Buffer } | undefined)?.rawPacket;
      if (raw && !rawPacketShown) {
        rawPacketShown = true;
        console.error(
          `open loop: ${failureReason(error as Error, job.timeoutMs)}; the bytes received: ${JSON.stringify(raw.subarray(0, 400).toString("latin1"))}`,
        );
      }
      settle(index, code);
    };
    const kind = prepared[kindOf(index)];
    if (!kind) throw new Error("a mix needs at least one request");
    const variant = kind.variants[kind.sent++ % kind.variants.length];
    const body = variant?.body;
    const request = http.request(
      {
        host: kind.target.hostname,
        port: kind.target.port,
        path: variant?.path,
        method: kind.request.method,
        headers: body ? { ...kind.request.headers, "content-length": String(body.length) } : kind.request.headers,
        agent,
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => once(response.statusCode ?? 0));
        response.on("error", (error) => once(-1, error));
      },
    );
    request.setTimeout(job.timeoutMs, () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.on("error", (error) => once(-1, error));
    request.end(body);
  };

  let next = 0;
  const tick = () => {
    const now = performance.now();
    while (next < total && due(next) <= now) fire(next++);
    if (next < total) setTimeout(tick, Math.max(0, due(next) - performance.now()));
  };
  setTimeout(tick, Math.max(0, start - performance.now()));

  await allAnswered;
  agent.destroy();

  const counted = latency.subarray(warmUpCount);
  const codes = status.subarray(warmUpCount);
  let ok = 0;
  let errors = 0;
  let non2xx = 0;
  const failures: Record<string, number> = {};
  for (const [offset, code] of codes.entries()) {
    if (code >= 200 && code < 300) {
      ok++;
      continue;
    }
    if (code === -1) errors++;
    else non2xx++;
    const reason = code === -1 ? (reasons.get(warmUpCount + offset) ?? "no answer") : `status ${code}`;
    failures[reason] = (failures[reason] ?? 0) + 1;
  }
  const sorted = Float64Array.from(counted).sort();
  const late = Float64Array.from(lateness.subarray(warmUpCount)).sort();
  const measuredFrom = due(warmUpCount);

  const stalls: Stall[] = [];
  let current: Stall | undefined;
  for (let index = warmUpCount; index < total; index++) {
    const took = latency[index] ?? 0;
    if (took < job.slowMs && status[index] !== -1) continue;
    const at = performance.timeOrigin + due(index);
    if (current && at - current.toEpochMs <= STALL_GAP_MS) {
      current.toEpochMs = at;
      current.requests++;
      current.worstMs = Math.max(current.worstMs, round(took));
    } else {
      current = { fromEpochMs: Math.round(at), toEpochMs: at, requests: 1, worstMs: round(took) };
      stalls.push(current);
    }
  }
  for (const stall of stalls) stall.toEpochMs = Math.round(stall.toEpochMs);
  stalls.sort((a, b) => b.requests - a.requests);

  return {
    fromEpochMs: Math.round(performance.timeOrigin + measuredFrom),
    toEpochMs: Math.round(performance.timeOrigin + lastAnswerAt),
    offeredRate: round(job.rate),
    achievedRate: round((ok * 1000) / Math.max(1, lastAnswerAt - measuredFrom)),
    sent: counted.length,
    ok,
    errors,
    non2xx,
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    p999: round(percentile(sorted, 0.999)),
    max: round(sorted[sorted.length - 1] ?? 0),
    startLatenessP99: round(percentile(late, 0.99)),
    startLatenessMax: round(late[late.length - 1] ?? 0),
    maxInFlight,
    failures,
    stalls: stalls.slice(0, MAX_STALLS_LISTED),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Runs the generator in a process of its own, so its work does not delay its own starts; each
 * window is handed to `onWindow` as it finishes. Killed if it outlives the job by `graceSeconds`.
 */
export async function spawnOpenLoop(
  job: OpenLoopJob,
  {
    onWindow = () => {},
    graceSeconds = 30,
  }: { onWindow?: (window: OpenLoopWindow) => void; graceSeconds?: number } = {},
): Promise<OpenLoopResult> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "openLoop.ts")], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(JSON.stringify(job));
  let result: OpenLoopResult | undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    const parsed = JSON.parse(line) as OpenLoopWindow | OpenLoopResult;
    if ("window" in parsed) onWindow(parsed);
    else result = parsed;
  });
  const limit = setTimeout(
    () => child.kill("SIGKILL"),
    (job.warmUpSeconds + job.durationSeconds + graceSeconds) * 1000,
  );
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  clearTimeout(limit);
  if (code !== 0 || !result) throw new Error(`the open-loop generator exited with ${code ?? "a signal"}`);
  return result;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

if (process.argv[1] === import.meta.filename) {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as OpenLoopJob;
  const result = await runOpenLoop(job, (window) => process.stdout.write(`${JSON.stringify(window)}\n`));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
