// A full garbage collection in the first quiet second after the heap grew (docs/performance.md,
// "Memory, start-up and background work"): V8 in Node never collects the old generation while
// idle, so a burst's promoted garbage stayed until the next load, whose requests then waited on
// that collection's pause, and the resident memory after a burst read its garbage.
import v8 from "node:v8";

export interface IdleCollection {
  /** Called at the start of every request: the second it falls in is not quiet. */
  requestStarted(): void;
  stop(): void;
}

export interface IdleCollectionOptions {
  /** How often the quiet check runs (a whole period with no new request is quiet). */
  everyMs?: number;
  /** Collect once the heap in use is this much above what the last collection left (bytes). */
  growthBytes?: number;
  /** The full collection: the `gc` that `--expose-gc` (api/start.sh) provides. */
  collect?: (() => void) | undefined;
  heapUsed?: () => number;
}

const NOTHING: IdleCollection = { requestStarted() {}, stop() {} };

export function startIdleCollection(options: IdleCollectionOptions = {}): IdleCollection {
  const collect = "collect" in options ? options.collect : (globalThis as { gc?: () => void }).gc;
  // Without --expose-gc (the tests' in-process servers, `tsx`) there is nothing to call.
  if (!collect) return NOTHING;
  const heapUsed = options.heapUsed ?? (() => v8.getHeapStatistics().used_heap_size);
  const growthBytes = options.growthBytes ?? 16 * 1024 * 1024;
  let requestSeen = false;
  // What the last full collection left, ours or V8's: the lowest reading since ours.
  let floor = heapUsed();
  const timer = setInterval(() => {
    const used = heapUsed();
    floor = Math.min(floor, used);
    if (requestSeen) {
      requestSeen = false;
      return;
    }
    if (used - floor < growthBytes) return;
    collect();
    floor = heapUsed();
  }, options.everyMs ?? 1000);
  timer.unref();
  return {
    requestStarted() {
      requestSeen = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
