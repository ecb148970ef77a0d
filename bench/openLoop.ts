// An open-loop load generator, run by bench/run.ts in a process of its own:
//   node --import tsx bench/openLoop.ts '<OpenLoopJob as JSON>'
// Requests start at evenly spaced times whatever the answers do (a slow answer never delays the next
// start: each start takes a free keep-alive socket or opens one), and each latency is counted from
// the request's scheduled start, so a stall shows in every request it delayed (no coordinated
// omission). autocannon's rate limit starts its connections in bursts instead: at half the
// dashboard's maximum it showed p99 176 ms where even starts showed 16 ms on the same server.
// Prints one line of JSON, an OpenLoopResult.
import http from "node:http";

export interface OpenLoopJob {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Requests started per second. */
  rate: number;
  durationSeconds: number;
  /** Run at the same rate first, not counted: opens the sockets and warms this process's code. */
  warmUpSeconds: number;
  /** A request not answered by then counts as an error. */
  timeoutMs: number;
  /** Requests slower than this are listed (grouped into stalls) with the time they were due. */
  slowMs: number;
}

/** Requests slowed together: their scheduled starts lie within STALL_GAP_MS of each other. */
export interface Stall {
  /** Epoch milliseconds of the first and last slow request's scheduled start. */
  fromEpochMs: number;
  toEpochMs: number;
  requests: number;
  worstMs: number;
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
  stalls: Stall[];
}

const STALL_GAP_MS = 300;
const MAX_STALLS_LISTED = 50;

export async function runOpenLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  // fifo: the sockets take turns, so none sits idle long enough to be closed under us.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2000, scheduling: "fifo" });
  const intervalMs = 1000 / job.rate;
  const warmUpCount = Math.round(job.rate * job.warmUpSeconds);
  const total = warmUpCount + Math.max(1, Math.round(job.rate * job.durationSeconds));
  const latency = new Float64Array(total).fill(Number.NaN);
  const lateness = new Float64Array(total);
  const status = new Int16Array(total);
  const body = job.body === undefined ? undefined : Buffer.from(job.body);
  const headers = body ? { ...job.headers, "content-length": String(body.length) } : job.headers;
  const target = new URL(job.url);
  let inFlight = 0;
  let maxInFlight = 0;
  let lastAnswerAt = 0;

  const start = performance.now() + 20;
  const due = (index: number) => start + index * intervalMs;

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
    if (++answered === total) finished();
  };

  const fire = (index: number) => {
    lateness[index] = performance.now() - due(index);
    inFlight++;
    if (inFlight > maxInFlight) maxInFlight = inFlight;
    let settled = false;
    const once = (code: number) => {
      if (settled) return;
      settled = true;
      settle(index, code);
    };
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: job.method,
        headers,
        agent,
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => once(response.statusCode ?? 0));
        response.on("error", () => once(-1));
      },
    );
    request.setTimeout(job.timeoutMs, () => request.destroy(new Error("timeout")));
    request.on("error", () => once(-1));
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
  for (const code of codes) {
    if (code === -1) errors++;
    else if (code >= 200 && code < 300) ok++;
    else non2xx++;
  }
  const sorted = Float64Array.from(counted).sort();
  const late = Float64Array.from(lateness.subarray(warmUpCount)).sort();
  const measuredFrom = due(warmUpCount);
  const round = (value: number) => Math.round(value * 10) / 10;

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
    stalls: stalls.slice(0, MAX_STALLS_LISTED),
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

if (process.argv[1] === import.meta.filename) {
  const job = JSON.parse(process.argv[2] ?? "") as OpenLoopJob;
  process.stdout.write(`${JSON.stringify(await runOpenLoop(job))}\n`);
}
