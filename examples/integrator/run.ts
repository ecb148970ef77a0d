// The integrator's first calls: list the referrals waiting for a purchase (GraphQL), then verify one
// purchase (REST) with an Idempotency-Key and retry it with the same key, as a client would after a
// timeout: the retry gets the first answer and nothing happens twice.
//
//   npx tsx examples/integrator/run.ts                       # list only
//   npx tsx examples/integrator/run.ts <referralId> <amount> # list, then verify that purchase (e.g. 42 4000.00)
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { type Client, createClient } from "./client.ts";

export interface PendingReferral {
  databaseId: number;
  customerDatabaseId: number;
  createdAt: string;
  daysRemaining: number | null;
}

const PENDING_REFERRALS = `query PendingReferrals($first: Int!) {
  pendingReferrals(first: $first) {
    edges { node { databaseId customerDatabaseId createdAt daysRemaining } }
  }
}`;

/** The oldest referrals still waiting for a purchase (closest to expiry first). Needs the `read` scope. */
export async function pendingReferrals(client: Client, first = 5): Promise<PendingReferral[]> {
  const data = await client.graphql(PENDING_REFERRALS, { first });
  return data.pendingReferrals.edges.map((edge: { node: PendingReferral }) => edge.node);
}

/** What `POST /api/admin/referrals/:id/purchase` answers (the fields this example prints). */
export interface VerifiedPurchase {
  id: number;
  purchaseId: number;
  customerId: number;
  purchaseAmount: string;
  creditEarned: string;
  currentCredits: string;
  milestonesReached: string[];
  [field: string]: unknown;
}

/**
 * Verifies a referral's purchase. The key makes the call safe to repeat: the same key and body give
 * the first answer again. Needs the `purchases:write` scope. Refusals throw `HttpError`
 * (404 unknown referral, 409 already purchased, 400 bad amount, 422 key reused with other input).
 */
export async function verifyPurchase(
  client: Client,
  referralId: number,
  amount: string,
  idempotencyKey: string,
): Promise<VerifiedPurchase> {
  const answer = await client.rest<VerifiedPurchase>(
    "POST",
    `/api/admin/referrals/${referralId}/purchase`,
    { amount },
    { "Idempotency-Key": idempotencyKey },
  );
  return answer.body;
}

/** Verifies once, then again with the same key (a retry): both answers, and whether they are the same. */
export async function verifyAndRetry(client: Client, referralId: number, amount: string) {
  // One key per intended write; keep it with the job so a retry after a crash sends it again.
  const idempotencyKey = `verify-${referralId}-${randomUUID()}`;
  const first = await verifyPurchase(client, referralId, amount, idempotencyKey);
  const retry = await verifyPurchase(client, referralId, amount, idempotencyKey);
  return { idempotencyKey, first, retry, same: isDeepStrictEqual(first, retry) };
}

async function main(args: string[]) {
  const client = createClient();
  const pending = await pendingReferrals(client);
  console.log(`${pending.length} referral(s) waiting for a purchase (oldest first):`);
  for (const referral of pending)
    console.log(
      `  referral ${referral.databaseId} of customer ${referral.customerDatabaseId}, ${referral.daysRemaining} days left`,
    );

  const [referralId, amount] = args;
  if (!referralId || !amount) {
    console.log("To verify one: npx tsx examples/integrator/run.ts <referralId> <amount>");
    return;
  }
  const { idempotencyKey, first, retry, same } = await verifyAndRetry(client, Number(referralId), amount);
  console.log(`Verified referral ${first.id} (Idempotency-Key ${idempotencyKey}):`);
  console.log(`  purchase ${first.purchaseId}, £${first.purchaseAmount}, credit earned £${first.creditEarned}`);
  console.log(`  customer ${first.customerId} now has £${first.currentCredits} credit`);
  if (first.milestonesReached.length > 0) console.log(`  milestones reached: ${first.milestonesReached.join(", ")}`);
  console.log(
    same
      ? "Retried with the same key: the same answer, and nothing was done twice."
      : `Retried with the same key: a different answer (${JSON.stringify(retry)})`,
  );
}

// Run only when started as a script (`npx tsx examples/integrator/run.ts`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
