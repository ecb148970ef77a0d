// What a section of the benchmark is given (the seeded, started programme and the measuring tools)
// and what it gives back: its figures in `results` (bench/results/latest.json) and its budgets.
import type { ChildProcess } from "node:child_process";
import type { LighthouseFigures } from "../lighthouse.ts";
import type { LiveQueueDelay } from "../liveQueues.ts";
import type { Measured, Meter } from "../measure.ts";
import type { MeasuredTargets } from "../stack.ts";
import type { TokenVsCookie } from "./tokenVsCookie.ts";

/** latest.json beside the run's date, size and sections. */
export interface Results {
  measured: Measured[];
  facts: Record<string, number | string>;
  /** Each page's medians over the rounds, the floor page's first. */
  lighthouse?: LighthouseFigures[];
  /** Every round's figures, in the order the round ran them. */
  lighthouseRounds?: LighthouseFigures[][];
  liveQueues?: LiveQueueDelay;
  bearerVsCookie?: TokenVsCookie;
}

export interface Budget {
  budget: string;
  figure: string;
  met: boolean;
}

export interface Bench {
  customers: number;
  durationSeconds: number;
  /** --trace DIR, resolved. */
  traceDir?: string;
  meter: Meter;
  results: Results;
  baseUrl: string;
  databaseUrl: string;
  /** The measured server's environment, for a second instance of it. */
  serverEnv: NodeJS.ProcessEnv;
  server: ChildProcess;
  cookies: { customer: string; admin: string; staff: string };
  /** The deep page and the customer page the measured reads ask for, looked up on first use. */
  targets(): Promise<MeasuredTargets>;
  /** Something a section started that lives until the run ends (stopped before the measured server). */
  stopAtEnd(stop: () => Promise<unknown>): void;
}

export interface Section {
  /** What `--only` takes (the README's letters). */
  letter: string;
  /** The same, named for what it measures (the module's name); `--only` takes it too. */
  name: string;
  /** Printed before it runs. */
  title: string;
  run(bench: Bench): Promise<void>;
  /** Its budgets from `bench.results`, after every section ran (none where its figures are missing). */
  budgets?(bench: Bench): Budget[];
}
