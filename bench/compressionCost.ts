// CPU per answer and size of compressing a dashboard-sized JSON answer on the fly, by algorithm and
// level, sync and async, and through CompressionStream: `npx tsx bench/compressionCost.ts`.
// The answers have the shapes of the dashboard (bench/requests.ts, 10 referrals and 10 activities)
// and of an admin list page; their values are made up here, so no database is needed.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

const FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Leo", "Grace", "Arthur"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Evans", "Thomas", "Roberts", "Walker"];
const id = (type: string, n: number) => Buffer.from(`${type}:${n}`).toString("base64");
const at = (n: number) =>
  new Date(Date.UTC(2026, 2, 1 + n, 9 + (n % 8), (n * 7) % 60, (n * 13) % 60, n * 37)).toISOString();
const pence = (n: number) => ({ pence: n });

const answer = JSON.stringify({
  data: {
    viewer: {
      firstName: "Sarah",
      customer: {
        databaseId: 4211,
        status: "VERIFIED",
        originalPurchaseAmount: pence(120_000),
        currentCredits: pence(48_180),
        creditsPaid: pence(39_600),
        progressPercentage: 40.15,
        remainingToTarget: pence(71_820),
        milestone33Paid: true,
        milestone66Paid: false,
        milestone100Paid: false,
        refundIssued: false,
        referrals: {
          edges: Array.from({ length: 10 }, (_, i) => ({
            node: {
              id: id("Referral", 90_311 + i * 17),
              name: `${FIRST[i]} ${LAST[(i * 3) % 10]}`,
              status: i % 3 === 0 ? "PENDING" : "PURCHASED",
              statusDisplay: i % 3 === 0 ? "Waiting for purchase" : "Purchased",
              daysRemaining: i % 3 === 0 ? 30 - i * 2 : null,
              purchaseAmount: i % 3 === 0 ? null : pence(30_000 + i * 2_150),
              creditEarned: i % 3 === 0 ? null : pence(Math.round((30_000 + i * 2_150) * 0.11)),
            },
          })),
          pageInfo: { hasNextPage: true, endCursor: id("cursor", 90_464) },
        },
        activities: {
          edges: Array.from({ length: 10 }, (_, i) => ({
            node: {
              id: id("Activity", 310_442 + i * 29),
              type: i % 2 === 0 ? "CREDIT_EARNED" : "REFERRAL_ADDED",
              description:
                i % 2 === 0
                  ? `Credit earned from ${FIRST[i]} ${LAST[(i * 3) % 10]}'s purchase`
                  : `You referred ${FIRST[i]} ${LAST[(i * 3) % 10]}`,
              amount: i % 2 === 0 ? pence(3_300 + i * 236) : null,
              createdAt: at(i),
            },
          })),
        },
        milestones: ["M33", "M66", "M100"].map((key, i) => ({
          key,
          state: i === 0 ? "PAID" : i === 1 ? "REACHABLE" : "LOCKED",
          threshold: pence([39_600, 79_200, 120_000][i]!),
          tranche: pence([39_600, 39_600, 40_800][i]!),
          paidAt: i === 0 ? at(3) : null,
        })),
        milestonePayments: [{ milestoneType: "M33", amount: pence(39_600), paidAt: at(3) }],
      },
    },
  },
});

// An admin list page: 50 customers (bench/requests.ts's ADMIN_CUSTOMERS_QUERY), about 16 KB.
const adminPage = JSON.stringify({
  data: {
    customers: {
      edges: Array.from({ length: 50 }, (_, i) => ({
        cursor: id("cursor", 7_000 + i),
        node: {
          databaseId: 7_000 + i,
          userName: `${FIRST[i % 10]!.toLowerCase()}.${LAST[(i * 7) % 10]!.toLowerCase()}${i}`,
          email: `${FIRST[i % 10]!.toLowerCase()}.${LAST[(i * 7) % 10]!.toLowerCase()}${i}@example.com`,
          status: i % 5 === 0 ? "PENDING" : "VERIFIED",
          stage: ["NEW", "EARNING", "M33", "M66"][i % 4],
          segment: ["DORMANT", "ACTIVE", "CHAMPION"][i % 3],
          originalPurchaseAmount: pence(80_000 + i * 1_250),
          currentCredits: pence(i * 3_317),
          creditsPaid: pence(i % 4 >= 2 ? 26_400 : 0),
          progressPercentage: Math.round((i * 3_317 * 10_000) / (80_000 + i * 1_250)) / 100,
          totalReferrals: i % 9,
          purchasedReferrals: i % 5,
        },
      })),
      pageInfo: { hasNextPage: true, endCursor: id("cursor", 7_049) },
    },
  },
});

const brotliAt = (text: string, quality: number, window?: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    ...(window ? { [constants.BROTLI_PARAM_LGWIN]: window } : {}),
  },
});

/** CPU microseconds per call (user + system of the whole process, so thread-pool work counts too). */
async function cpuPerCall(run: () => unknown, rounds: number): Promise<number> {
  for (let i = 0; i < rounds / 10; i++) await run();
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / rounds;
}

async function viaCompressionStream(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

type Row = [name: string, run: (text: string) => unknown, size: (text: string) => Promise<number> | number];
const sync = (name: string, compress: (text: string) => Buffer): Row => [
  name,
  compress,
  (text) => compress(text).length,
];
const rows: Row[] = [
  ...[1, 4, 6, 9].map((level) => sync(`gzip level ${level}`, (text) => gzipSync(text, { level }))),
  ...[1, 3, 4, 5, 6, 8, 11].map((q) =>
    sync(`brotli quality ${q}`, (text) => brotliCompressSync(text, brotliAt(text, q))),
  ),
  sync("brotli quality 4, window 2^16", (text) => brotliCompressSync(text, brotliAt(text, 4, 16))),
  ["gzip level 6, async (thread pool)", (text) => promisify(gzip)(text, { level: 6 }), (text) => gzipSync(text).length],
  [
    "brotli quality 4, async (thread pool)",
    (text) => promisify(brotliCompress)(text, brotliAt(text, 4)),
    (text) => brotliCompressSync(text, brotliAt(text, 4)).length,
  ],
  ["gzip through CompressionStream", viaCompressionStream, viaCompressionStream],
];

// The least of three runs: other processes on the machine only ever add to a figure.
for (const [label, text, rounds] of [
  ["dashboard", answer, 5_000],
  ["admin page of 50 customers", adminPage, 1_000],
] as const) {
  console.log(`\n${label}: ${Buffer.byteLength(text)} bytes of JSON (node ${process.version})`);
  console.log(`${"".padEnd(40)} ${"bytes".padStart(7)} ${"µs CPU".padStart(8)}`);
  for (const [name, run, size] of rows) {
    if (name === "brotli quality 11" && text === adminPage) continue;
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await cpuPerCall(() => run(text), name.endsWith("11") ? 50 : rounds));
    console.log(
      `${name.padEnd(40)} ${String(await size(text)).padStart(7)} ${Math.min(...runs)
        .toFixed(1)
        .padStart(8)}`,
    );
  }
}
