// How the benchmark measures one request, shared by its sections (bench/sections/): the closed loop
// (autocannon, after a warm-up that lasts until the server's CPU per request is steady) with the
// server's and PostgreSQL's CPU per request, and the open loop (bench/openLoop.ts) at a fixed rate
// with its largest stall explained from the --trace logs (bench/traceLogs.ts) and the machine's
// samples (bench/machine.ts).
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { describeMachine, MachineSampler } from "./machine.ts";
import { type OpenLoopResult, spawnOpenLoop } from "./openLoop.ts";
import {
  autocannonOptions,
  type LoadOptions,
  openLoopRequest,
  postgresCpuMs,
  processCpuMs,
  type StartedServer,
  startServer,
} from "./stack.ts";
import { gcPauses, longest, postgresEvents, traceEvents } from "./traceLogs.ts";

/** One row of the printed table and of latest.json's `measured`. */
export interface Measured {
  name: string;
  group?: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds per request, read from /proc: steadier than req/s on a shared machine. */
  serverCpuMs?: number;
  postgresCpuMs?: number;
  /** Latency with requests started at evenly spaced times, at half of requestsPerSecond. */
  openLoop?: OpenLoopResult;
}

const WARM_UP_SECONDS = 3;
const FIRST_WARM_UP_SECONDS = 8;
const MAX_WARM_UP_SECONDS = 25;
export const OPEN_LOOP_WARM_UP_SECONDS = 2;

/** Server and PostgreSQL CPU milliseconds per request over one load (undefined where not read). */
export interface CpuPerRequest {
  serverCpuMs?: number;
  postgresCpuMs?: number;
}

export class Meter {
  /** Whose CPU time the measurements read: the server once started, PostgreSQL when the bench started it. */
  private serverPid?: number;
  private postgres: { postmasterPid?: string } | undefined;
  private serverWarmedUp = false;
  /** When the server was started: the open loop's stalls are printed as seconds since, as --trace-gc prints its times. */
  private serverStartedEpochMs = 0;
  /** With --trace: the whole machine sampled, to tell a stall of the server from one of the machine. */
  private machine?: MachineSampler;

  constructor(
    private readonly settings: {
      durationSeconds: number;
      /** --trace DIR: server.log and postgres.log are read there. */
      traceDir?: string;
      /** Each closed-loop measurement is added here. */
      rows: Measured[];
    },
  ) {}

  /** Where the server's output goes with --trace (--trace-gc's lines, the warnings), for reading beside the stalls. */
  get serverLog(): string | undefined {
    return this.settings.traceDir ? path.join(this.settings.traceDir, "server.log") : undefined;
  }

  private get postgresLog(): string | undefined {
    return this.settings.traceDir ? path.join(this.settings.traceDir, "postgres.log") : undefined;
  }

  /** Starts the measured server, traced; its CPU is read from now on (with --trace, the machine's too). */
  async startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<StartedServer> {
    const started = await startServer(env, baseUrl, { outputFile: this.serverLog });
    this.serverStartedEpochMs = started.startedEpochMs;
    this.serverPid = started.child.pid;
    if (this.settings.traceDir && this.serverPid !== undefined) {
      this.machine = new MachineSampler(this.serverPid, os.cpus().length);
      this.machine.start();
    }
    return started;
  }

  /** PostgreSQL's CPU is read too: the cluster of that postmaster (every postgres process's when not known). */
  readPostgres(postmasterPid: string | undefined) {
    this.postgres = { postmasterPid };
  }

  stop() {
    this.machine?.stop();
  }

  /** CPU time so far of the server and of PostgreSQL, for a load on the server. */
  private cpuSnapshot(onServer: boolean) {
    return {
      server: onServer && this.serverPid !== undefined ? processCpuMs(this.serverPid) : undefined,
      postgres: onServer && this.postgres ? postgresCpuMs(this.postgres.postmasterPid) : undefined,
    };
  }

  /** Runs `load` and reads the CPU it cost per request (to the microsecond), `requestsOf` its result counting the requests. */
  private async withCpu<T>(
    onServer: boolean,
    load: () => Promise<T>,
    requestsOf: (result: T) => number,
  ): Promise<{ result: T } & CpuPerRequest> {
    const before = this.cpuSnapshot(onServer);
    const result = await load();
    const after = this.cpuSnapshot(onServer);
    const requests = requestsOf(result);
    const perRequest = (from?: number, to?: number) =>
      from === undefined || to === undefined || requests === 0
        ? undefined
        : Math.round(((to - from) / requests) * 1000) / 1000;
    return {
      result,
      serverCpuMs: perRequest(before.server, after.server),
      postgresCpuMs: perRequest(before.postgres, after.postgres),
    };
  }

  /** The closed loop: `request` at its `connections`, warmed up, then measured for the run's duration and printed. */
  async measure(name: string, request: LoadOptions, { onServer = true } = {}): Promise<Measured> {
    const load = (duration: number) => autocannon(autocannonOptions(request, duration));
    // The same load first, not counted: V8 compiles a request's hot code over its first seconds under
    // load. A fresh server answered { __typename } at 420, 790, 1,140, 1,780, then ~2,500 req/s in
    // five consecutive seconds, so an unwarmed ceiling was low; the dashboard's server CPU a request
    // still fell by a fifth between its 5th and 15th second. A live server runs warm: the warm-up
    // goes on, a second at a time, until a second's CPU per request is within 5% of the one before.
    if (onServer) await this.warmUntilSteady(load, this.serverWarmedUp ? WARM_UP_SECONDS : FIRST_WARM_UP_SECONDS);
    else await load(1);
    this.serverWarmedUp ||= onServer;
    const { result, serverCpuMs, postgresCpuMs } = await this.withCpu(
      onServer,
      () => load(this.settings.durationSeconds),
      (done) => done.requests.total,
    );
    const row: Measured = {
      name,
      connections: request.connections,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      serverCpuMs,
      postgresCpuMs,
    };
    this.settings.rows.push(row);
    const cpu =
      row.serverCpuMs === undefined
        ? ""
        : `  CPU/request: server ${row.serverCpuMs.toFixed(2)} ms${row.postgresCpuMs === undefined ? "" : `, PostgreSQL ${row.postgresCpuMs.toFixed(2)} ms`}`;
    console.log(
      `  ${name.padEnd(44)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms${cpu}${row.errors + row.non2xx ? `  (${row.errors} errors, ${row.non2xx} non-2xx)` : ""}`,
    );
    return row;
  }

  /** Loads for `seconds`, then a second at a time until the server's CPU per request settles (at most MAX_WARM_UP_SECONDS). */
  private async warmUntilSteady(load: (seconds: number) => Promise<autocannon.Result>, seconds: number) {
    await load(seconds);
    let previous: number | undefined;
    for (let second = seconds; second < MAX_WARM_UP_SECONDS; second++) {
      // The server's CPU only: PostgreSQL's is read by walking /proc, work not worth doing each second here.
      if (this.serverPid === undefined) return;
      const before = processCpuMs(this.serverPid);
      const result = await load(1);
      const after = processCpuMs(this.serverPid);
      if (result.requests.total === 0) return;
      const perRequest = (after - before) / result.requests.total;
      if (previous !== undefined && Math.abs(perRequest - previous) <= previous * 0.05) return;
      previous = perRequest;
    }
  }

  /** The open-loop generator in a process of its own (bench/openLoop.ts), so its work does not delay its own starts. */
  openLoop(request: LoadOptions, rate: number, slowMs: number): Promise<OpenLoopResult> {
    return spawnOpenLoop({
      requests: [openLoopRequest(request)],
      rate,
      durationSeconds: this.settings.durationSeconds,
      warmUpSeconds: OPEN_LOOP_WARM_UP_SECONDS,
      timeoutMs: 10_000,
      slowMs,
    });
  }

  /** The open loop with the server's and PostgreSQL's CPU per request over it, its warm-up included. */
  openLoopWithCpu(request: LoadOptions, rate: number, slowMs: number) {
    // The warm-up's requests are in the CPU figures too: divide by every request sent.
    return this.withCpu(
      true,
      () => this.openLoop(request, rate, slowMs),
      (result) => result.sent + Math.round(rate * OPEN_LOOP_WARM_UP_SECONDS),
    );
  }

  /** The open loop's line, its failures and, for its largest stall, what the server, PostgreSQL and the machine did then. */
  printOpenLoop(result: OpenLoopResult, slowMs: number) {
    const failed = result.errors + result.non2xx;
    console.log(
      `    open loop at half: offered ${result.offeredRate} req/s, achieved ${result.achievedRate}  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms` +
        `${failed ? `  (${result.errors} errors, ${result.non2xx} non-2xx)` : ""}${result.startLatenessMax > 10 ? `  (the generator started requests up to ${result.startLatenessMax} ms late)` : ""}`,
    );
    if (failed) {
      const reasons = Object.entries(result.failures ?? {}).sort((a, b) => b[1] - a[1]);
      console.log(`    failed: ${reasons.map(([reason, count]) => `${count} ${reason}`).join(", ")}`);
    }
    const sinceStart = (epochMs: number) => epochMs - this.serverStartedEpochMs;
    const serverLog = this.serverLog;
    const postgresLog = this.postgresLog;
    const pauses = serverLog ? gcPauses(serverLog) : undefined;
    const worst = result.stalls[0];
    if (worst && worst.requests > 1) {
      // A pause delays the requests due during it and the ones queued behind them.
      const during = pauses?.filter(
        (pause) =>
          pause.atMs + pause.pauseMs >= sinceStart(worst.fromEpochMs) && pause.atMs <= sinceStart(worst.toEpochMs),
      );
      console.log(
        `    largest stall: ${worst.requests} requests over ${slowMs} ms due within ${worst.toEpochMs - worst.fromEpochMs} ms, ` +
          `${(sinceStart(worst.fromEpochMs) / 1000).toFixed(2)} s after the server started (worst ${worst.worstMs} ms)` +
          `${during ? `; GC then: ${longest(during)}` : ""}`,
      );
      if (this.machine) {
        console.log(
          `      the machine then: ${describeMachine(this.machine.during(worst.fromEpochMs, worst.toEpochMs + worst.worstMs))}`,
        );
        console.log(
          `      the machine over the loop: ${describeMachine(this.machine.during(result.fromEpochMs, result.toEpochMs))}`,
        );
      }
      if (serverLog && postgresLog) {
        // What else the server and PostgreSQL logged from just before the stall to the end of its worst request.
        const from = worst.fromEpochMs - 100;
        const to = worst.toEpochMs + worst.worstMs;
        const server = traceEvents(serverLog).filter(
          (event) => event.atMs >= sinceStart(from) && event.atMs <= sinceStart(to),
        );
        const postgres = postgresEvents(postgresLog).filter((event) => event.epochMs >= from && event.epochMs <= to);
        for (const event of server) console.log(`      server at ${(event.atMs / 1000).toFixed(2)} s: ${event.text}`);
        for (const event of postgres)
          console.log(`      PostgreSQL at ${(sinceStart(event.epochMs) / 1000).toFixed(2)} s: ${event.text}`);
        if (server.length + postgres.length === 0)
          console.log("      nothing else traced then (no blocked event loop, slow callback or slow statement)");
      }
    }
    if (pauses) {
      const inLoop = pauses.filter(
        (pause) => pause.atMs >= sinceStart(result.fromEpochMs) && pause.atMs <= sinceStart(result.toEpochMs),
      );
      const major = inLoop.filter((pause) => pause.kind.startsWith("Mark"));
      const longestMinor = Math.max(
        0,
        ...inLoop.filter((pause) => !pause.kind.startsWith("Mark")).map((p) => p.pauseMs),
      );
      console.log(
        `    GC meanwhile: ${inLoop.length - major.length} scavenges (longest ${longestMinor} ms), ` +
          `${major.length} major${major.length ? ` (${longest(major)})` : ""}`,
      );
    }
  }
}
