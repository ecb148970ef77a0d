// Preloaded into the server by `npm run bench -- --trace DIR` (NODE_OPTIONS=--import): what the
// process was doing when requests stalled. Node refuses --trace-gc in NODE_OPTIONS, and
// api/start.sh's command line stays what production runs. Each line starts with the milliseconds
// since the process started, as --trace-gc's do, so bench/measure.ts reads them beside the stalls:
//   --trace-gc's lines (every scavenge and mark-compact, with its pause);
//   "event loop blocked": each 50 ms window in which the loop was held up over 20 ms
//     (perf_hooks.monitorEventLoopDelay, 5 ms resolution);
//   "slow callback": a timer or immediate callback (the job runner's polling, cron, any interval)
//     that ran 10 ms or more without yielding, with the start of its source.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import v8 from "node:v8";

v8.setFlagsFromString("--trace-gc");

const print = (text) => process.stdout.write(`[trace] ${Math.round(performance.now())} ms: ${text}\n`);

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
setInterval(() => {
  const worstMs = delay.max / 1e6;
  if (worstMs > 20) print(`event loop blocked ${worstMs.toFixed(1)} ms`);
  delay.reset();
}, 50).unref();

/** The callback as one line of its source: enough to find it (a stack per timer would slow every request). */
const sourceOf = (callback) =>
  `${callback.name || "anonymous"}: ${String(callback).replace(/\s+/g, " ").slice(0, 120)}`;

function timed(callback) {
  if (typeof callback !== "function") return callback;
  return function traced(...args) {
    const started = performance.now();
    try {
      return callback.apply(this, args);
    } finally {
      const tookMs = performance.now() - started;
      if (tookMs >= 10) print(`slow callback ${tookMs.toFixed(1)} ms (${sourceOf(callback)})`);
    }
  };
}

for (const name of ["setTimeout", "setInterval", "setImmediate"]) {
  const original = globalThis[name];
  const traced = function tracedTimer(callback, ...rest) {
    return original.call(this, timed(callback), ...rest);
  };
  // util.promisify(setTimeout) and the like read properties of the original.
  Object.defineProperties(traced, Object.getOwnPropertyDescriptors(original));
  globalThis[name] = traced;
}
