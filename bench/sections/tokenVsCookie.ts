// i. One admin read with the administrator's cookie and with a `read` Bearer token, each at its
// ceiling (10 connections), then both at the same offered rate (half the cookie's ceiling, open
// loop) with the CPU they cost; side by side, with bearer's ratio to cookie.
import { ACCEPT_COMPRESSED, graphql, type LoadOptions } from "../stack.ts";
import { p99BudgetMs } from "./reads.ts";
import type { Section } from "./section.ts";

/** latest.json's `bearerVsCookie`. */
export interface TokenVsCookie {
  path: string;
  offeredRate: number;
  cookie: Credential;
  bearer: Credential;
  /** Bearer's server + PostgreSQL CPU per request over cookie's, open loop. */
  cpuRatio: number;
  p50Ratio: number;
  withinTenPercent: boolean;
}

interface Credential {
  maxRequestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  failed: number;
}

/** The admin read sent both ways: the customer list the admin lists (c) measure. */
const COMPARED_PATH = "/api/admin/customers?limit=50";
const ROUNDS = 3;

function ratioText(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

export const tokenVsCookie: Section = {
  letter: "i",
  name: "tokenVsCookie",
  title:
    "i. Bearer token vs cookie, one admin read (10 connections; then both at half the cookie's maximum, open loop)",
  async run({ meter, results, baseUrl, cookies, customers, durationSeconds }) {
    const created = await graphql(
      baseUrl,
      cookies.admin,
      `mutation BenchToken($input: CreateApiTokenInput!) {
        createApiToken(input: $input) { __typename ... on MutationCreateApiTokenSuccess { data { secret } } }
      }`,
      { input: { name: `bench ${Date.now()}`, scopes: ["READ"] } },
    );
    const secret = created.createApiToken.data?.secret as string | undefined;
    if (!secret) throw new Error(`the bench could not make an API token: ${JSON.stringify(created)}`);
    const url = `${baseUrl}${COMPARED_PATH}`;
    const loads = {
      cookie: { url, headers: { cookie: cookies.admin, ...ACCEPT_COMPRESSED }, connections: 10 },
      bearer: { url, headers: { authorization: `Bearer ${secret}`, ...ACCEPT_COMPRESSED }, connections: 10 },
    } satisfies Record<string, LoadOptions>;
    const ceilings = {
      cookie: await meter.measure(`cookie  GET ${COMPARED_PATH}`, loads.cookie),
      bearer: await meter.measure(`bearer  GET ${COMPARED_PATH}`, loads.bearer),
    };
    const rate = Math.max(1, Math.round(ceilings.cookie.requestsPerSecond / 2));
    const slowMs = (p99BudgetMs("c", customers) ?? 50) / 2;
    // Alternated rounds, medians: on a shared machine one round of each can land on a busy moment.
    type Round = Awaited<ReturnType<typeof meter.openLoopWithCpu>>;
    const rounds: Record<"cookie" | "bearer", Round[]> = { cookie: [], bearer: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["cookie", "bearer"] as const) : (["bearer", "cookie"] as const);
      for (const how of order) rounds[how].push(await meter.openLoopWithCpu(loads[how], rate, slowMs));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const figures = {} as Record<"cookie" | "bearer", Credential>;
    for (const how of ["cookie", "bearer"] as const) {
      const runsOf = rounds[how];
      figures[how] = {
        maxRequestsPerSecond: ceilings[how].requestsPerSecond,
        p50: median(runsOf.map((r) => r.result.p50)),
        p99: median(runsOf.map((r) => r.result.p99)),
        serverCpuMs: median(runsOf.map((r) => r.serverCpuMs ?? 0)),
        postgresCpuMs: median(runsOf.map((r) => r.postgresCpuMs ?? 0)),
        failed: runsOf.reduce((sum, r) => sum + r.result.errors + r.result.non2xx, 0),
      };
    }
    const { cookie, bearer } = figures;
    const cpuRatio = (bearer.serverCpuMs + bearer.postgresCpuMs) / (cookie.serverCpuMs + cookie.postgresCpuMs);
    const p50Ratio = bearer.p50 / cookie.p50;
    const ratio = (a: number, b: number) => (b === 0 ? "-" : ratioText(a / b));
    const line = (name: string, a: number | string, b: number | string, r: string) =>
      console.log(`    ${name.padEnd(30)} ${String(a).padStart(10)} ${String(b).padStart(10)} ${r.padStart(8)}`);
    console.log(
      `  open loop at ${rate} req/s for both, ${ROUNDS} alternated rounds of ${durationSeconds} s each (medians):`,
    );
    line("", "cookie", "bearer", "bearer/cookie");
    line(
      "max req/s (10 connections)",
      cookie.maxRequestsPerSecond,
      bearer.maxRequestsPerSecond,
      ratio(bearer.maxRequestsPerSecond, cookie.maxRequestsPerSecond),
    );
    line("p50 ms", cookie.p50, bearer.p50, ratio(bearer.p50, cookie.p50));
    line("p99 ms", cookie.p99, bearer.p99, ratio(bearer.p99, cookie.p99));
    line(
      "server CPU ms/request",
      cookie.serverCpuMs.toFixed(2),
      bearer.serverCpuMs.toFixed(2),
      ratio(bearer.serverCpuMs, cookie.serverCpuMs),
    );
    line(
      "PostgreSQL CPU ms/request",
      cookie.postgresCpuMs.toFixed(2),
      bearer.postgresCpuMs.toFixed(2),
      ratio(bearer.postgresCpuMs, cookie.postgresCpuMs),
    );
    line(
      "server + PostgreSQL",
      (cookie.serverCpuMs + cookie.postgresCpuMs).toFixed(2),
      (bearer.serverCpuMs + bearer.postgresCpuMs).toFixed(2),
      ratioText(cpuRatio),
    );
    if (cookie.failed + bearer.failed > 0) console.log(`    failed: cookie ${cookie.failed}, bearer ${bearer.failed}`);
    // Cost is CPU per request, the server's and PostgreSQL's: latency on a shared machine says more about the neighbours.
    const withinTenPercent = cpuRatio <= 1.1 && cookie.failed + bearer.failed === 0;
    console.log(
      `  bearer is ${withinTenPercent ? "" : "NOT "}within 10% of cookie: server + PostgreSQL CPU per request ${ratioText(cpuRatio)} (p50 ${ratioText(p50Ratio)})`,
    );
    results.bearerVsCookie = {
      path: COMPARED_PATH,
      offeredRate: rate,
      cookie,
      bearer,
      cpuRatio: Math.round(cpuRatio * 100) / 100,
      p50Ratio: Math.round(p50Ratio * 100) / 100,
      withinTenPercent,
    };
  },
  budgets({ results }) {
    const row = results.bearerVsCookie;
    if (!row) return [];
    return [
      {
        budget: `bearer within 10% of cookie (${row.path}, server + PostgreSQL CPU per request at ${row.offeredRate} req/s, open loop)`,
        figure: `${ratioText(row.cpuRatio)} (p50 ${ratioText(row.p50Ratio)})`,
        met: row.withinTenPercent,
      },
    ];
  },
};
