// h. Live admin queues across instances: a referral added on the measured server, timed until a
// subscriber on a second instance hears it (bench/liveQueues.ts).
import { findFreePort } from "../../api/src/db/freePort.ts";
import { LIVE_QUEUE_BUDGET_MS, measureLiveQueueDelay } from "../liveQueues.ts";
import { raiseReferralDailyLimit, signIn, startServer, stopServer } from "../stack.ts";
import type { Section } from "./section.ts";

/** Referrals timed from one instance to a subscriber on another (at 400 ms apart, about 25 s). */
const LIVE_QUEUE_SAMPLES = 60;

export const liveQueues: Section = {
  letter: "h",
  name: "liveQueues",
  title: "h. Live admin queues (a referral added on this instance, heard by a subscriber on a second one)",
  async run(bench) {
    const { baseUrl, cookies, results, meter } = bench;
    const secondPort = await findFreePort();
    const secondUrl = `http://127.0.0.1:${secondPort}`;
    const second = (
      await startServer({ ...bench.serverEnv, PORT: String(secondPort) }, secondUrl, { outputFile: meter.serverLog })
    ).child;
    bench.stopAtEnd(() => stopServer(second));
    // Sixty referrals from four customers in a minute: past the daily limit otherwise.
    await raiseReferralDailyLimit(baseUrl, cookies.admin, await signIn(baseUrl, "bench_admin_2"), 1000);
    const customerCookies = await Promise.all([1, 2, 3, 4].map((n) => signIn(baseUrl, `bench_customer_${n}`)));
    results.liveQueues = await measureLiveQueueDelay({
      addOn: baseUrl,
      subscribeOn: secondUrl,
      adminCookie: cookies.admin,
      customerCookies,
      samples: LIVE_QUEUE_SAMPLES,
    });
    const live = results.liveQueues;
    console.log(
      `  ${live.samples} referrals, one every ${live.intervalMs} ms: p50 ${live.p50} ms, p95 ${live.p95} ms, p99 ${live.p99} ms, max ${live.max} ms` +
        `${live.missed ? `; ${live.missed} never arrived` : ""}`,
    );
  },
  budgets({ results }) {
    const live = results.liveQueues;
    if (!live) return [];
    return [
      {
        budget: `live admin queues: a referral reaches a subscriber on another instance within ${LIVE_QUEUE_BUDGET_MS} ms (max)`,
        figure: `${live.max} ms${live.missed ? ` (${live.missed} missed)` : ""}`,
        met: live.max < LIVE_QUEUE_BUDGET_MS && live.missed === 0,
      },
    ];
  },
};
