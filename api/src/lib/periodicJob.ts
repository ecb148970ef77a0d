export interface PeriodicJob {
  /** Resolves once a run in progress has finished; no run starts after. */
  stop(): Promise<void>;
  /** Runs again as soon as possible: now when idle, right after the run in progress otherwise. */
  wake(): void;
}

/**
 * Runs `run` now and then again `intervalMs` after each run ends: never two at once, and the
 * timer does not keep the process alive. `run` handles its own errors (a failed run must not stop
 * the schedule).
 */
export function startPeriodicJob(run: () => Promise<void>, intervalMs: number): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(wokenWhileRunning ? 0 : intervalMs);
        wokenWhileRunning = false;
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    wake() {
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
  };
}
