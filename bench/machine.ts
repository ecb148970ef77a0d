// What the whole machine did while an open loop ran (`--trace`): every 25 ms, the CPU time all
// its processes used (/proc/stat), the time the hypervisor gave to other guests (steal), the time
// the server itself used, and how late this sampler's own timer fired. A stall the server caused
// shows as the server busy; one the machine caused shows as steal, the cores busy with processes
// that are not ours, or every process (this sampler included) starting late.
import { readFileSync } from "node:fs";
import { threadsCpuMs } from "./stack.ts";

const SAMPLE_EVERY_MS = 25;
/** /proc/stat counts in USER_HZ ticks, 100 a second on Linux. */
const TICK_MS = 10;

interface Sample {
  epochMs: number;
  /** Cumulative milliseconds since boot, all cores: user+nice+system+irq+softirq, steal, iowait. */
  busyMs: number;
  stealMs: number;
  iowaitMs: number;
  /** The server's own threads, cumulative. */
  serverMs: number;
  /** How much later than due this sample was taken. */
  lateMs: number;
}

function readStat(): { busyMs: number; stealMs: number; iowaitMs: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
  const [user, nice, system, , iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return {
    busyMs: ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS,
    stealMs: (steal ?? 0) * TICK_MS,
    iowaitMs: (iowait ?? 0) * TICK_MS,
  };
}

export interface MachineDuring {
  /** All processes' CPU as a share of the machine's cores, 0-100%. */
  busyPercent: number;
  /** The server's share of the machine's cores. */
  serverPercent: number;
  /** What the hypervisor ran elsewhere instead of this machine, per core-second, 0-100%. */
  stealPercent: number;
  iowaitPercent: number;
  /** The sampler's own worst lateness: the whole machine's scheduling delay. */
  samplerLateMs: number;
}

export class MachineSampler {
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly cores: number;

  constructor(
    private readonly serverPid: number,
    cores: number,
  ) {
    this.cores = cores;
  }

  start() {
    let due = Date.now();
    const take = () => {
      const now = Date.now();
      this.samples.push({ epochMs: now, ...readStat(), serverMs: threadsCpuMs(this.serverPid), lateMs: now - due });
      due = now + SAMPLE_EVERY_MS;
    };
    take();
    this.timer = setInterval(take, SAMPLE_EVERY_MS);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** The machine between two instants (epoch milliseconds), from the samples that bracket them. */
  during(fromEpochMs: number, toEpochMs: number): MachineDuring | undefined {
    const first = this.samples.findLast((sample) => sample.epochMs <= fromEpochMs) ?? this.samples[0];
    const last = this.samples.find((sample) => sample.epochMs >= toEpochMs) ?? this.samples.at(-1);
    if (!first || !last || last.epochMs <= first.epochMs) return undefined;
    const span = (last.epochMs - first.epochMs) * this.cores;
    const share = (value: number) => Math.round((value * 1000) / span) / 10;
    const inside = this.samples.filter((sample) => sample.epochMs > first.epochMs && sample.epochMs <= last.epochMs);
    return {
      busyPercent: share(last.busyMs - first.busyMs),
      serverPercent: share(last.serverMs - first.serverMs),
      stealPercent: share(last.stealMs - first.stealMs),
      iowaitPercent: share(last.iowaitMs - first.iowaitMs),
      samplerLateMs: Math.max(0, ...inside.map((sample) => sample.lateMs)),
    };
  }
}

export function describeMachine(during: MachineDuring | undefined): string {
  if (!during) return "not sampled";
  return (
    `cores ${during.busyPercent}% busy (the server ${during.serverPercent}%), steal ${during.stealPercent}%, ` +
    `iowait ${during.iowaitPercent}%, sampler up to ${during.samplerLateMs} ms late`
  );
}
