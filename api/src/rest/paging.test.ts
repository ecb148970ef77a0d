import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor } from "../../test/rows.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";

// Every REST list pages with ?limit= and ?after=: walking the Link rel="next" headers with a small
// limit gives the whole list once, in order, and the last page has no link. Rows are bulk-inserted
// with SQL so the lists that used to stop at 500 rows have more.

const REFERRALS = 620;
const PURCHASED = 560;

interface Seeded {
  customer: TestClient;
  customerId: number;
}

let seeded: Promise<Seeded> | undefined;

/** One customer with 620 referrals (560 purchased, verification times tied in groups) and 620 activities; more customers, emails, audit entries and payout requests. */
function seed(app: TestApp, customer: { client: TestClient; customerId: number }): Promise<Seeded> {
  seeded ??= (async () => {
    const actorId = await insertActor(app.db);
    const c = customer.customerId;
    const run = (statement: string) => app.db.$executeRawUnsafe(statement);
    await run(`INSERT INTO "Referral" ("customerId", name, phone, status, "createdAt", "expiresAt", "updatedAt")
      SELECT ${c}, 'Friend ' || i, '+447400' || lpad(i::text, 6, '0'), CASE WHEN i <= ${PURCHASED} THEN 'PURCHASED' ELSE 'PENDING' END::"ReferralStatus",
        now() - (i % 40) * interval '1 minute', now() + interval '80 days', now()
      FROM generate_series(1, ${REFERRALS}) i`);
    await run(`INSERT INTO "ReferralPurchase" ("referralId", "liveReferralId", "amountPence", "verifiedById", "verifiedAt")
      SELECT id, id, 10000, ${actorId}, now() - (id % 30) * interval '1 minute' FROM "Referral"
      WHERE "customerId" = ${c} AND status = 'PURCHASED'`);
    await run(`INSERT INTO "CreditLedgerEntry" ("customerId", "referralId", "purchaseId", kind, "amountPence", "rateBasisPoints", "actorId")
      SELECT ${c}, "referralId", id, 'CREDIT', 1100, 1100, ${actorId} FROM "ReferralPurchase"`);
    await run(`INSERT INTO "Activity" ("customerId", type, description, "createdAt")
      SELECT ${c}, 'REFERRAL_ADDED', 'Added friend ' || i, now() - (i % 25) * interval '1 minute' FROM generate_series(1, ${REFERRALS}) i`);
    // Seven more customers: four pending review, three verified with credits (top performers, ready milestones).
    await run(`INSERT INTO "User" (username, email, "passwordHash", "updatedAt")
      SELECT 'paged' || i, 'paged' || i || '@example.com', 'unused', now() FROM generate_series(1, 7) i`);
    await run(`INSERT INTO "CustomerProfile" ("userId", "originalPurchaseAmountPence", postcode, "contractNumber", status, "termsAcceptedAt", "verifiedAt", "createdAt", "updatedAt")
      SELECT u.id, 100000, 'SW1A 1AA', 'HNG-' || u.username, CASE WHEN u.username IN ('paged1','paged2','paged3','paged4') THEN 'PENDING' ELSE 'VERIFIED' END::"CustomerStatus",
        now(), now(), now() - interval '1 hour', now()
      FROM "User" u WHERE u.username LIKE 'paged%'`);
    await run(`INSERT INTO "Referral" ("customerId", name, phone, status, "expiresAt", "updatedAt")
      SELECT c.id, 'Buyer', '+447411' || lpad(c.id::text, 6, '0'), 'PURCHASED', now() + interval '80 days', now()
      FROM "CustomerProfile" c WHERE c.status = 'VERIFIED' AND c.id <> ${c}`);
    await run(`INSERT INTO "ReferralPurchase" ("referralId", "liveReferralId", "amountPence", "verifiedById")
      SELECT r.id, r.id, 500000, ${actorId} FROM "Referral" r WHERE r.name = 'Buyer'`);
    await run(`INSERT INTO "CreditLedgerEntry" ("customerId", "referralId", "purchaseId", kind, "amountPence", "rateBasisPoints", "actorId")
      SELECT r."customerId", r.id, p.id, 'CREDIT', 40000 + r."customerId", 1100, ${actorId}
      FROM "ReferralPurchase" p JOIN "Referral" r ON r.id = p."referralId" WHERE r.name = 'Buyer'`);
    await run(`INSERT INTO "PayoutRequest" ("customerId", milestone, "amountPence", "pendingCustomerId", "requestedById")
      SELECT c.id, m, 33000, c.id, ${actorId} FROM "CustomerProfile" c, unnest(ARRAY['M33','M66']::"Milestone"[]) m
      WHERE c.status = 'VERIFIED' AND c.id <> ${c}`);
    await run(`INSERT INTO "Email" (type, "toAddress", subject, "textBody", "htmlBody", status, "createdAt")
      SELECT 'PASSWORD_RESET', 'a' || i || '@example.com', 'Subject ' || i, 't', 'h',
        CASE WHEN i % 3 = 0 THEN 'FAILED' ELSE 'SENT' END::"EmailStatus", now() - (i % 7) * interval '1 minute'
      FROM generate_series(1, 45) i`);
    await run(`INSERT INTO "AuditEntry" (action, "resourceType", "resourceId", "actorId")
      SELECT 'test_action', 'customer', i::text, ${actorId} FROM generate_series(1, 130) i`);
    return { customer: customer.client, customerId: c };
  })();
  return seeded;
}

interface Page {
  items: unknown[];
  link: string | null;
  nextAfter: string | null;
}

async function getPage(client: TestClient, path: string, pick: (body: any) => unknown[]): Promise<Page> {
  const response = await client.get(path);
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return {
    items: pick(response.body),
    link: response.headers.get("link"),
    nextAfter: response.headers.get("x-next-after"),
  };
}

/** Every item reached by following the next links from `path`, and the number of calls it took. */
async function walk(
  client: TestClient,
  path: string,
  options: { pick?: (body: any) => unknown[]; idOf?: (item: any) => number } = {},
) {
  const pick = options.pick ?? ((body) => body);
  const idOf = options.idOf ?? ((item) => item.id);
  const items: unknown[] = [];
  let next: string | null = path;
  let calls = 0;
  while (next) {
    const page = await getPage(client, next, pick);
    calls += 1;
    items.push(...page.items);
    if (page.link === null) {
      expect(page.nextAfter, `${next}: X-Next-After without a link`).toBeNull();
      break;
    }
    const match = /^<([^>]+)>; rel="next"$/.exec(page.link);
    expect(match, page.link).not.toBeNull();
    const lastId = String(idOf(page.items.at(-1)));
    expect(page.nextAfter).toBe(lastId);
    const url = new URL(match?.[1] ?? "", "http://x");
    expect(url.searchParams.get("after")).toBe(lastId);
    next = `${url.pathname}${url.search}`;
    expect(calls, `${path}: too many pages`).toBeLessThan(100);
  }
  return { items, calls };
}

/** A small limit's walk equals the whole list read at the largest limit: nothing missing, nothing twice, in order. */
async function expectPagedLike(
  client: TestClient,
  path: string,
  limit: number,
  largest: number,
  options: Parameters<typeof walk>[2] = {},
) {
  const sep = path.includes("?") ? "&" : "?";
  const whole = await walk(client, `${path}${sep}limit=${largest}`, options);
  const paged = await walk(client, `${path}${sep}limit=${limit}`, options);
  expect(paged.items).toEqual(whole.items);
  const idOf = options.idOf ?? ((item: any) => item.id);
  expect(new Set(paged.items.map(idOf)).size).toBe(paged.items.length);
  expect(paged.calls).toBe(Math.max(1, Math.ceil(paged.items.length / limit)));
  return paged.items;
}

describe("paging REST lists", () => {
  it("reaches every one of a customer's referrals and activities beyond 500", async ({ app, customer }) => {
    const { customer: client, customerId } = await seed(app, customer);
    const first = await getPage(client, "/api/referrals", (body) => body);
    expect(first.items).toHaveLength(500);
    expect(first.link).toBe(`</api/referrals?after=${(first.items.at(-1) as any).id}&limit=500>; rel="next"`);
    const referrals = await expectPagedLike(client, "/api/referrals", 97, 500);
    expect(referrals).toHaveLength(REFERRALS);
    const activities = await expectPagedLike(client, "/api/activities", 97, 500);
    expect(activities).toHaveLength(await app.db.activity.count({ where: { customerId } }));
    expect(activities.length).toBeGreaterThan(REFERRALS);
  });

  it("reaches every purchased referral beyond 500, and every other admin list", async ({ app, admin, customer }) => {
    await seed(app, customer);
    const purchased = await expectPagedLike(admin, "/api/admin/purchased-referrals", 97, 500);
    expect(purchased).toHaveLength(await app.db.referralPurchase.count({ where: { liveReferralId: { not: null } } }));
    expect(purchased.length).toBeGreaterThan(500);
    const detailed = await expectPagedLike(admin, "/api/admin/referrals-detailed", 150, 500);
    expect(detailed).toHaveLength(await app.db.referral.count());
    expect(await expectPagedLike(admin, "/api/admin/referrals/pending", 7, 500)).toHaveLength(REFERRALS - PURCHASED);
    expect(
      await expectPagedLike(admin, "/api/admin/referrals-detailed?status=pending&order=created_at_asc", 9, 500),
    ).toHaveLength(REFERRALS - PURCHASED);
    const customers = await app.db.customerProfile.count();
    expect(await expectPagedLike(admin, "/api/admin/customers", 2, 500)).toHaveLength(customers);
    expect(await expectPagedLike(admin, "/api/admin/customers-detailed?order=name_asc", 3, 500)).toHaveLength(
      customers,
    );
    expect(await expectPagedLike(admin, "/api/admin/pending-customers", 3, 500)).toHaveLength(4);
    expect(await expectPagedLike(admin, "/api/admin/emails", 4, 500)).toHaveLength(await app.db.email.count());
    expect(await expectPagedLike(admin, "/api/admin/emails?status=failed", 4, 500)).toHaveLength(15);
    expect(await expectPagedLike(admin, "/api/admin/payout-requests", 4, 500)).toHaveLength(6);
    const ready = await expectPagedLike(admin, "/api/admin/pending-milestones", 2, 500);
    expect(ready.length).toBeGreaterThanOrEqual(3);
    const audit = await expectPagedLike(admin, "/api/admin/audit-logs", 7, 100);
    expect(audit).toHaveLength(await app.db.auditEntry.count());
    const topPerformers = await expectPagedLike(admin, "/api/admin/referral-metrics", 2, 100, {
      pick: (body) => body.topPerformers,
      idOf: (item) => item.customerId,
    });
    expect(topPerformers).toHaveLength(4);
    const trends = await expectPagedLike(admin, "/api/admin/revenue-trends", 60, 100);
    expect(trends).toHaveLength(purchased.length);
  });

  it("keeps the documented first answers (20 audit entries, 10 trends) and says nothing more on a last page", async ({
    app,
    admin,
    customer,
  }) => {
    await seed(app, customer);
    const audit = await getPage(admin, "/api/admin/audit-logs", (body) => body);
    expect(audit.items).toHaveLength(20);
    expect(audit.link).toBe(`</api/admin/audit-logs?after=${(audit.items.at(-1) as any).id}&limit=20>; rel="next"`);
    // The audit trail's ?before= still pages as before, and its next link uses ?after= in its place.
    const before = await getPage(
      admin,
      `/api/admin/audit-logs?before=${(audit.items.at(-1) as any).id}`,
      (body) => body,
    );
    const after = await getPage(admin, `/api/admin/audit-logs?after=${(audit.items.at(-1) as any).id}`, (body) => body);
    expect(before).toEqual(after);
    expect(before.link).not.toContain("before=");
    expect((await getPage(admin, "/api/admin/revenue-trends", (body) => body)).items).toHaveLength(10);
    const metrics = await getPage(admin, "/api/admin/referral-metrics", (body) => body.topPerformers);
    expect(metrics.items).toHaveLength(4);
    expect(metrics.link).toBeNull();
    // A last page says nothing more.
    const pending = await getPage(admin, "/api/admin/payout-requests", (body) => body);
    expect(pending.items).toHaveLength(6);
    expect(pending.link).toBeNull();
    expect(pending.nextAfter).toBeNull();
    // Other parameters are kept in the next link.
    const failed = await getPage(admin, "/api/admin/emails?status=failed&limit=2", (body) => body);
    expect(failed.link).toMatch(/^<\/api\/admin\/emails\?status=failed&limit=2&after=\d+>; rel="next"$/);
  });

  it("refuses a bad limit, after or query character with 400 and its message, changing nothing", async ({
    app,
    admin,
    customer,
  }) => {
    const { customer: client } = await seed(app, customer);
    const auditBefore = await app.db.auditEntry.count();
    const otherReferral = await app.db.referral.findFirstOrThrow({ where: { name: "Buyer" } });
    // The answers' wording, once: an id no list has, and a page size out of range.
    const unknown = (what: string) => `There is no ${what} 2000000000 to continue after.`;
    const limitUpTo = (most: number) => `limit must be a whole number from 1 to ${most}`;
    const A = "/api/admin/";
    const cases: [TestClient, string, string][] = [
      [client, "/api/referrals?limit=0", limitUpTo(500)],
      [client, "/api/referrals?limit=501", limitUpTo(500)],
      [client, "/api/activities?limit=ten", limitUpTo(500)],
      [client, "/api/referrals?after=abc", "after must be a whole number from 1 to 2147483647"],
      [client, "/api/referrals?after=-3", "after must be a whole number from 1 to 2147483647"],
      [
        client,
        `/api/referrals?after=${otherReferral.id}`,
        `There is no referral ${otherReferral.id} to continue after.`,
      ],
      [client, "/api/activities?after=2000000000", unknown("activity")],
      [admin, `${A}purchased-referrals?after=2000000000`, unknown("purchased referral")],
      [admin, `${A}emails?after=2000000000`, unknown("email")],
      [admin, `${A}payout-requests?after=2000000000`, unknown("payout request")],
      [admin, `${A}pending-milestones?after=2000000000`, unknown("customer")],
      [admin, `${A}pending-milestones?limit=501`, limitUpTo(500)],
      [admin, `${A}audit-logs?limit=101`, limitUpTo(100)],
      [admin, `${A}audit-logs?after=2000000000`, unknown("audit entry")],
      [admin, `${A}audit-logs?after=1&before=2`, "Give after or before, not both."],
      [admin, `${A}referral-metrics?limit=101`, limitUpTo(100)],
      [admin, `${A}referral-metrics?after=2000000000`, unknown("top performer")],
      [admin, `${A}revenue-trends?after=2000000000`, unknown("purchase")],
      [admin, `${A}customers?after=2000000000`, unknown("customer")],
      // Trimming must not hide a refused character at either end of a value, nor in a name.
      [admin, `${A}revenue-trends?limit=%0B1`, "limit contains characters that are not allowed"],
      [client, "/api/referrals?after=1%0C", "after contains characters that are not allowed"],
      [admin, `${A}audit-logs?resourceType=customer%E2%80%AE`, "resourceType contains characters that are not allowed"],
      [admin, `${A}customers?li%07mit=5`, "A query parameter's name contains characters that are not allowed"],
    ];
    for (const [who, path, message] of cases) {
      const response = await who.get(path);
      expect(response.status, path).toBe(400);
      expect(response.text, path).toBe(message);
      expect(response.headers.get("link"), path).toBeNull();
    }
    expect(await app.db.auditEntry.count()).toBe(auditBefore);
  });

  // Last in the file: its cancellations change the figures the tests above read.
  it("reaches every purchase cancellation with its reason", async ({ app, admin, customer }) => {
    await seed(app, customer);
    const purchased = (await getPage(admin, "/api/admin/purchased-referrals?limit=5", (body) => body)).items as {
      id: number;
    }[];
    for (const item of purchased) {
      const cancelled = await admin.post(`/api/admin/cancel-referral/${item.id}`, { reason: `Returned ${item.id}` });
      expect(cancelled.status, cancelled.text).toBe(200);
    }
    const cancellations = await expectPagedLike(admin, "/api/admin/purchase-cancellations", 2, 100, {
      idOf: (item) => item.purchaseId,
    });
    expect(cancellations.map((item: any) => item.reason).sort()).toEqual(
      purchased.map((item) => `Returned ${item.id}`).sort(),
    );
  });
});
