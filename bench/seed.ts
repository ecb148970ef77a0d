import pg from "pg";
import { hashPassword } from "../api/src/auth/passwords.ts";

export const BENCH_PASSWORD = "bench-password";

/**
 * Friends' names as a live programme has them (40 first names by 145 surnames, each pair ~34 times
 * at 20,000 customers), not one word repeated on every row, so the admin search's trigram index
 * reads what it would in use.
 */
const FRIEND_FIRST_NAMES = [
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Harry",
  "Mia",
  "Noah",
  "Grace",
  "Leo",
  "Freya",
  "Arthur",
  "Lily",
  "Oscar",
  "Ella",
  "Jack",
  "Sophie",
  "Charlie",
  "Evie",
  "Henry",
  "Poppy",
  "Thomas",
  "Ruby",
  "Alfie",
  "Daisy",
  "Jacob",
  "Rosie",
  "Theo",
  "Phoebe",
  "Archie",
  "Matilda",
  "Joshua",
  "Esme",
  "William",
  "Harriet",
  "Samuel",
  "Alice",
  "Edward",
  "Imogen",
  "Daniel",
];
const FRIEND_SURNAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mason",
  "Mitchell",
  "Rose",
  "Davis",
  "Rodriguez",
  "Cox",
  "Alexander",
  "Morris",
  "Harrison",
  "Cooper",
  "Ward",
  "Hughes",
  "Turner",
  "Hill",
  "Moore",
  "Kelly",
  "Bennett",
  "Baker",
  "Carter",
  "Shaw",
  "Lee",
  "Price",
  "Murphy",
  "Bailey",
  "Bell",
  "Holmes",
  "Martin",
  "Marshall",
  "Edwards",
  "Harris",
  "Allen",
  "Young",
  "King",
  "Scott",
  "Adams",
  "Campbell",
  "Anderson",
  "Parker",
  "Morgan",
  "Stewart",
  "Cook",
  "Knight",
  "Chapman",
  "Ellis",
  "Hunt",
  "Palmer",
  "Butler",
  "Barnes",
  "Webb",
  "Fisher",
  "Gray",
  "Mills",
  "Russell",
  "Fox",
  "Lloyd",
  "Graham",
  "Reid",
  "Owen",
  "Kennedy",
  "Dixon",
  "Burton",
  "Fletcher",
  "Pearson",
  "Gibson",
  "Harvey",
  "Ross",
  "Armstrong",
  "Hamilton",
  "Watson",
  "Atkinson",
  "Hudson",
  "Pearce",
  "Ford",
  "Collins",
  "Stevens",
  "Dawson",
  "Lawson",
  "Sutton",
  "Fowler",
  "Thornton",
  "Whitehead",
  "Sharp",
  "Payne",
  "Barker",
  "Lambert",
  "Woodward",
  "Holland",
  "Hart",
  "Hopkins",
  "Spencer",
  "Pope",
  "Gardner",
  "Newman",
  "Hawkins",
  "Barrett",
  "Lucas",
  "Chambers",
  "Doyle",
  "Lowe",
  "Porter",
  "Day",
  "Cunningham",
  "Berry",
  "Hobbs",
  "Ashworth",
  "Nolan",
  "Quinn",
  "Dale",
  "Everett",
  "Gill",
  "Hurst",
  "Kirby",
  "Lamb",
  "Norris",
  "Oakley",
  "Pritchard",
  "Rowe",
  "Sheppard",
  "Stanley",
  "Townsend",
];

/** The seeded name of the `r`th referral (1-based, in insertion order). */
export function friendName(r: number): string {
  return `${FRIEND_FIRST_NAMES[r % FRIEND_FIRST_NAMES.length]} ${FRIEND_SURNAMES[Math.floor(r / FRIEND_FIRST_NAMES.length) % FRIEND_SURNAMES.length]}`;
}

export interface SeedSize {
  customers: number;
  referralsPerCustomer: number;
  auditEntries: number;
}

/**
 * Fills an empty, migrated database with a programme of realistic size in a few set-based SQL
 * statements: customers (90% verified), referrals (30% purchased) with their purchases, CREDIT
 * ledger entries, 33% payouts for half of those who reached it, activities and audit entries.
 * Every user's password is BENCH_PASSWORD; `bench_admin` is an administrator, and `bench_admin_2` a second one
 * (a raised setting waits for another administrator's approval); `bench_staff` is a staff member.
 */
export async function seedBenchData(databaseUrl: string, size: SeedSize): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const referrals = size.customers * size.referralsPerCustomer;
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "User" (username, email, "firstName", "lastName", "passwordHash", "role", "emailConfirmedAt", "updatedAt")
       VALUES ('bench_admin', 'bench_admin@example.com', 'Bench', 'Admin', $1, 'ADMIN', now(), now()),
              ('bench_admin_2', 'bench_admin_2@example.com', 'Bench', 'Approver', $1, 'ADMIN', now(), now()),
              ('bench_staff', 'bench_staff@example.com', 'Bench', 'Staff', $1, 'STAFF', now(), now())`,
      [passwordHash],
    );
    await client.query(
      `INSERT INTO "User" (username, email, "firstName", "lastName", "passwordHash", "emailConfirmedAt", "createdAt", "updatedAt")
       SELECT 'bench_customer_' || n, 'bench_customer_' || n || '@example.com', 'First' || n, 'Last' || n, $1,
              now() - ((n % 365) || ' days')::interval, now() - ((n % 365) || ' days')::interval, now()
       FROM generate_series(1, $2::int) AS n`,
      [passwordHash, size.customers],
    );
    await client.query(
      `INSERT INTO "CustomerProfile" ("userId", "originalPurchaseAmountPence", postcode, "contractNumber", status, "termsAcceptedAt", "verifiedAt", "createdAt", "updatedAt")
       SELECT u.id, 200000 + (n * 7919) % 1800000, 'SW1A 1AA', 'HNG-' || lpad(n::text, 6, '0'),
              (CASE WHEN n % 50 = 0 THEN 'REJECTED' WHEN n % 12 = 0 THEN 'PENDING' ELSE 'VERIFIED' END)::"CustomerStatus",
              u."createdAt", CASE WHEN n % 12 <> 0 AND n % 50 <> 0 THEN u."createdAt" + interval '1 day' END, u."createdAt", now()
       FROM generate_series(1, $1::int) AS n JOIN "User" u ON u.username = 'bench_customer_' || n`,
      [size.customers],
    );
    await client.query(
      `INSERT INTO "Referral" ("customerId", name, phone, email, address, status, "createdAt", "expiresAt", "expiryWarnedAt", "updatedAt")
       SELECT c.id, ($3::text[])[1 + r % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (r / cardinality($3::text[])) % cardinality($4::text[])],
              '+447' || lpad(r::text, 9, '0'), 'referral' || r || '@example.com', r || ' High Street',
              (CASE WHEN r % 10 < 3 THEN 'PURCHASED' ELSE 'PENDING' END)::"ReferralStatus",
              now() - ((r % 85) || ' days')::interval - ((r % 1440) || ' minutes')::interval,
              now() - ((r % 85) || ' days')::interval + interval '90 days',
              -- Those in their last 10 days were warned by an earlier run, as on a live programme.
              CASE WHEN r % 85 >= 80 THEN now() END, now()
       FROM generate_series(1, $1::int) AS r
       JOIN "CustomerProfile" c ON c.id = (SELECT min(id) FROM "CustomerProfile") + (r - 1) % $2::int`,
      [referrals, size.customers, FRIEND_FIRST_NAMES, FRIEND_SURNAMES],
    );
    await client.query(
      `INSERT INTO "ReferralPurchase" ("referralId", "liveReferralId", "amountPence", "verifiedById", "verifiedAt")
       SELECT r.id, r.id, 10000 + (r.id * 31) % 2000000, (SELECT id FROM "User" WHERE username = 'bench_admin'), r."createdAt" + interval '2 days'
       FROM "Referral" r WHERE r.status = 'PURCHASED'`,
    );
    await client.query(
      `INSERT INTO "CreditLedgerEntry" ("customerId", "referralId", "purchaseId", kind, "amountPence", "rateBasisPoints", "actorId", "createdAt")
       SELECT r."customerId", r.id, p.id, 'CREDIT', (p."amountPence"::bigint * 1100 + 5000) / 10000, 1100, p."verifiedById", p."verifiedAt"
       FROM "ReferralPurchase" p JOIN "Referral" r ON r.id = p."referralId"`,
    );
    await client.query(
      `INSERT INTO "MilestonePayment" ("customerId", milestone, "amountPence", "paidById", "paidAt")
       SELECT c.id, 'M33', (c."originalPurchaseAmountPence"::bigint * 33 + 50) / 100, (SELECT id FROM "User" WHERE username = 'bench_admin'), now() - interval '1 day'
       FROM "CustomerProfile" c
       JOIN (SELECT "customerId", sum("amountPence") AS credits FROM "CreditLedgerEntry" GROUP BY "customerId") l ON l."customerId" = c.id
       WHERE l.credits * 100 >= c."originalPurchaseAmountPence"::bigint * 33 AND c.id % 2 = 0`,
    );
    await client.query(
      `INSERT INTO "Activity" ("customerId", type, description, "createdAt")
       SELECT id, 'REGISTRATION', 'Registered for the referral scheme', "createdAt" FROM "CustomerProfile"`,
    );
    await client.query(
      `INSERT INTO "Activity" ("customerId", type, description, "referralId", "createdAt")
       SELECT "customerId", 'REFERRAL_ADDED', 'Referral added', id, "createdAt" FROM "Referral"`,
    );
    await client.query(
      `INSERT INTO "Activity" ("customerId", type, description, "amountPence", "referralId", "createdAt")
       SELECT e."customerId", 'REFERRAL_PURCHASED', 'Referral made a purchase', e."amountPence", e."referralId", e."createdAt"
       FROM "CreditLedgerEntry" e`,
    );
    await client.query(
      `INSERT INTO "AuditEntry" (action, "resourceType", "resourceId", "actorId", details, "ipAddress", "createdAt")
       SELECT (ARRAY['purchase_verified', 'customer_approved', 'milestone_paid', 'sign_in_failed'])[1 + n % 4], 'referral', n::text,
              (SELECT id FROM "User" WHERE username = 'bench_admin'), 'Seeded entry ' || n, '127.0.0.1', now() - (n || ' seconds')::interval
       FROM generate_series(1, $1::int) AS n`,
      [size.auditEntries],
    );
    await client.query("COMMIT");
    // VACUUM too: otherwise autovacuum takes a core for all these tables in the middle of a measurement.
    await client.query("VACUUM ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}
