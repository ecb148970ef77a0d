// e. Writes at their maximum: an administrator verifying purchases, each on a different pending
// referral; then friends sending their details on share link pages, each a new friend.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { readConfig } from "../../api/src/config.ts";
import { friendName } from "../seed.ts";
import { ACCEPT_COMPRESSED, type LoadOptions, raiseReferralDailyLimit, signIn, withClient } from "../stack.ts";
import type { Bench, Section } from "./section.ts";

const VERIFY_QUERY = `mutation BenchVerify($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename } }`;

/** Links the submissions go round: enough that no referrer nears the daily referral limit in a run. */
const SHARE_LINKS = 500;
/** The codes' alphabet (api/src/shareLinks/service.ts): a code the page does not know fails the stamp fetch below. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;
/** The highest daily referral limit the settings take (api/src/settings/service.ts). */
const DAILY_LIMIT = 1000;

export const writes: Section = {
  letter: "e",
  name: "writes",
  title:
    "e. verifyPurchase (10 connections, a different pending referral each time); a friend's submission on a share link page (10 connections, a new friend each time)",
  async run(bench) {
    await verifyPurchases(bench);
    await shareLinkSubmissions(bench);
  },
};

async function verifyPurchases(bench: Bench) {
  await bench.meter.measure(VERIFY_PURCHASE, await verifyPurchaseLoad(bench));
}

/** The two writes by name, as `npm run bench:profile -- --request` takes them too. */
export const VERIFY_PURCHASE = "verifyPurchase (GraphQL)";
export const SHARE_LINK_SUBMISSION = "share link submission (POST /r/<code>)";

/** An administrator verifying purchases over 10 connections, each request a different pending referral. */
export async function verifyPurchaseLoad({
  baseUrl,
  databaseUrl,
  cookies,
}: Pick<Bench, "baseUrl" | "databaseUrl" | "cookies">): Promise<LoadOptions> {
  const pending = await withClient(databaseUrl, async (db) =>
    (
      await db.query<{ id: number }>(`SELECT id FROM "Referral" WHERE status = 'PENDING' ORDER BY id LIMIT 50000`)
    ).rows.map((r) => r.id),
  );
  let next = 0;
  return {
    url: `${baseUrl}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", ...ACCEPT_COMPRESSED, cookie: cookies.admin },
    connections: 10,
    setupRequest: (req: any) => ({
      ...req,
      body: JSON.stringify({
        query: VERIFY_QUERY,
        variables: {
          input: {
            referralId: encodeGlobalID("Referral", pending[next++ % pending.length] ?? 0),
            amount: "250.00",
            // A referral with fraud signals is verified only with a note (docs/rules/fraud.md): every one gets one.
            notes: "Bench invoice",
          },
        },
      }),
    }),
  };
}

/** Friends sending their details on share link pages; every one should be an add. */
async function shareLinkSubmissions(bench: Bench) {
  const { load, sent } = await shareLinkSubmissionLoad(bench);
  const addedBefore = await shareLinkReferrals(bench.databaseUrl);
  await bench.meter.measure(SHARE_LINK_SUBMISSION, load);
  // Every submission should have been an add: a refusal answers the same page, so count the referrals.
  const added = (await shareLinkReferrals(bench.databaseUrl)) - addedBefore;
  bench.results.facts.shareLinkSubmissionsSent = sent();
  bench.results.facts.shareLinkSubmissionsAdded = added;
  console.log(`  (${added} of the ${sent()} share link submissions sent added a referral)`);
}

/**
 * The friend's form as the page posts it (a plain urlencoded form, no JavaScript): each submission a
 * new friend with their own phone number, sent past the form's minimum fill time with the hidden
 * field empty, so every one is an add (docs/rules/share-links.md). They go round SHARE_LINKS links of
 * different customers, with the daily referral limit raised as an administrator and a second one
 * approve it; the server's per-link and per-address throttles must be lifted (BENCH_SERVER_ENV):
 * every request comes from 127.0.0.1.
 */
export async function shareLinkSubmissionLoad({
  baseUrl,
  databaseUrl,
  serverEnv,
}: Pick<Bench, "baseUrl" | "databaseUrl" | "serverEnv">): Promise<{ load: LoadOptions; sent: () => number }> {
  await raiseReferralDailyLimit(
    baseUrl,
    await signIn(baseUrl, "bench_admin"),
    await signIn(baseUrl, "bench_admin_2"),
    DAILY_LIMIT,
  );
  const codes = await withClient(databaseUrl, async (db) => {
    // The links verified customers would have: one current link each (random codes, as the app makes them).
    await db.query(
      `INSERT INTO "ShareLink" ("customerId", code)
       SELECT c.id, (SELECT string_agg(substr($2, 1 + floor(random() * length($2))::int, 1), '')
                     FROM generate_series(1, $3::int) WHERE c.id IS NOT NULL)
       FROM "CustomerProfile" c
       WHERE c.status = 'VERIFIED'
         AND NOT EXISTS (SELECT 1 FROM "ShareLink" s WHERE s."customerId" = c.id AND s."retiredAt" IS NULL)
       ORDER BY c.id LIMIT $1::int
       ON CONFLICT (code) DO NOTHING`,
      [SHARE_LINKS, CODE_ALPHABET, CODE_LENGTH],
    );
    return (
      await db.query<{ code: string }>(
        `SELECT s.code FROM "ShareLink" s JOIN "CustomerProfile" c ON c.id = s."customerId"
         WHERE s."retiredAt" IS NULL AND NOT s.paused AND c.status = 'VERIFIED' ORDER BY s.id LIMIT $1::int`,
        [SHARE_LINKS],
      )
    ).rows.map((row) => row.code);
  });

  // Each link's page, as the friend opens it: its form carries the signed time it was served and the consent wording's version.
  const stamps = new Map<string, string>();
  let wording = "";
  for (let from = 0; from < codes.length; from += 10)
    await Promise.all(
      codes.slice(from, from + 10).map(async (code) => {
        const response = await fetch(`${baseUrl}/r/${code}`);
        const html = await response.text();
        const stamp = /name="stamp" value="([^"]+)"/.exec(html)?.[1];
        wording = /name="wording" value="([^"]+)"/.exec(html)?.[1] ?? wording;
        if (!response.ok || !stamp) throw new Error(`the share link page /r/${code} answered ${response.status}`);
        stamps.set(code, stamp);
      }),
    );
  // A form sent back within the minimum fill time is taken for a bot's and stores nothing.
  const minFillMs = readConfig(serverEnv).shareLinkLimits.minFillSeconds * 1000;
  const lastServed = Math.max(...[...stamps.values()].map((stamp) => Number(stamp.split(".")[0])));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastServed + minFillMs + 250 - Date.now())));

  let sent = 0;
  const formOf = (n: number, code: string) =>
    new URLSearchParams({
      name: friendName(n),
      // 07800 100000 onwards: mobiles no seeded friend has (they are 07000 ...).
      phone: `07800 ${100_000 + n}`,
      email: "",
      postcode: "SW1A 1AA",
      website: "",
      stamp: stamps.get(code) ?? "",
      wording,
      consent: "yes",
    }).toString();
  return {
    load: {
      url: `${baseUrl}/r/${codes[0]}`,
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: baseUrl,
        ...ACCEPT_COMPRESSED,
      },
      connections: 10,
      setupRequest: (req: any) => {
        const n = sent++;
        const code = codes[n % codes.length] ?? "";
        return { ...req, path: `/r/${code}`, body: formOf(n, code) };
      },
    },
    sent: () => sent,
  };
}

async function shareLinkReferrals(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ count: string }>(
      `SELECT count(*) AS count FROM "Referral" WHERE channel = 'SHARE_LINK'`,
    );
    return Number(rows[0]?.count ?? 0);
  });
}
