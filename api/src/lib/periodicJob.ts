/**
 * Runs `run` now and then again `intervalMs` after each run ends: never two at once, and the
 * timer does not keep the process alive. `run` handles its own errors (a failed run must not stop
 * the schedule). Returns `stop`, which resolves once a run in progress has finished.
 */
export function startPeriodicJob(run: () => Promise<void>, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
