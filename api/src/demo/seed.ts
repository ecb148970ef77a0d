import type { Logger } from "pino";
import { hashPassword } from "../auth/index.ts";
import { activityDescriptions } from "../customers/index.ts";
import { lockUntilCommit } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import type { Milestone } from "../generated/prisma/client.ts";
import { mulDivRoundHalfUp } from "../lib/money.ts";
import { milestoneTranches } from "../milestones/index.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";

const DAY = 24 * 60 * 60 * 1000;
const DEMO_RATE_BASIS_POINTS = 1100;
const SEED_LOCK_KEY = 7_301_220_520;

interface DemoReferral {
  name: string;
  phone: string;
  email?: string;
  daysAgo: number;
  purchasePounds?: number;
}

interface DemoCustomer {
  username: string;
  firstName: string;
  lastName: string;
  status: "PENDING" | "VERIFIED" | "REJECTED";
  rejectionReason?: string;
  purchasePounds: number;
  postcode: string;
  contractNumber: string;
  daysAgo: number;
  referrals: DemoReferral[];
  paid: Milestone[];
}

/**
 * Customers in every state the product knows. One customer's friends' phones are 11 apart: phones a
 * digit apart are a fraud signal (docs/rules/fraud.md), and the demo's referrals are meant to be clean.
 */
const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    username: "sarah",
    firstName: "Sarah",
    lastName: "Johnson",
    status: "VERIFIED",
    purchasePounds: 12_000,
    postcode: "SW1A 1AA",
    contractNumber: "HNG-2025-0147",
    daysAgo: 60,
    paid: [],
    referrals: [
      {
        name: "Tom Baker",
        phone: "+447700900110",
        email: "tom.baker@example.com",
        daysAgo: 50,
        purchasePounds: 15_000,
      },
      { name: "Priya Shah", phone: "+447700900121", daysAgo: 40, purchasePounds: 12_000 },
      {
        name: "Daniel Evans",
        phone: "+447700900132",
        email: "dan.evans@example.com",
        daysAgo: 30,
        purchasePounds: 9_000,
      },
      { name: "Grace Lee", phone: "+447700900143", daysAgo: 6 },
      { name: "Henry Wood", phone: "+447700900154", email: "h.wood@example.com", daysAgo: 1 },
    ],
  },
  {
    username: "james",
    firstName: "James",
    lastName: "Miller",
    status: "VERIFIED",
    purchasePounds: 8_000,
    postcode: "M1 1AE",
    contractNumber: "HNG-2025-0201",
    daysAgo: 80,
    paid: ["M33"],
    referrals: [
      { name: "Olivia Brown", phone: "+447700900210", daysAgo: 70, purchasePounds: 25_000 },
      { name: "Noah Clark", phone: "+447700900221", daysAgo: 12 },
    ],
  },
  {
    username: "emma",
    firstName: "Emma",
    lastName: "Wilson",
    status: "VERIFIED",
    purchasePounds: 5_000,
    postcode: "EH1 1YZ",
    contractNumber: "HNG-2025-0099",
    daysAgo: 85,
    paid: ["M33", "M66", "M100"],
    referrals: [
      { name: "Ava Turner", phone: "+447700900310", daysAgo: 80, purchasePounds: 30_000 },
      { name: "Jack Hughes", phone: "+447700900321", daysAgo: 75, purchasePounds: 20_000 },
    ],
  },
  {
    username: "mia",
    firstName: "Mia",
    lastName: "Roberts",
    status: "VERIFIED",
    purchasePounds: 3_200,
    postcode: "CF10 1EP",
    contractNumber: "HNG-2025-0310",
    daysAgo: 3,
    paid: [],
    referrals: [],
  },
  {
    username: "oliver",
    firstName: "Oliver",
    lastName: "Davies",
    status: "PENDING",
    purchasePounds: 6_500,
    postcode: "B1 1BB",
    contractNumber: "HNG-2025-0412",
    daysAgo: 1,
    paid: [],
    referrals: [],
  },
  {
    username: "liam",
    firstName: "Liam",
    lastName: "Patel",
    status: "REJECTED",
    purchasePounds: 4_100,
    rejectionReason: "We could not find contract number HNG-2025-9999. Please check it against your paperwork.",
    postcode: "LS1 1UR",
    contractNumber: "HNG-2025-9999",
    daysAgo: 2,
    paid: [],
    referrals: [],
  },
];

/**
 * Seeds the demo installation once: an administrator and customers in every state.
 * Runs under a lock and inside one transaction, so concurrent starts seed exactly once.
 */
export async function seedDemoData(db: Db, log?: Logger): Promise<boolean> {
  const adminAccount = DEMO_ACCOUNTS.find((account) => account.role === "Administrator");
  if (!adminAccount) throw new Error("no demo administrator defined");
  const customerPassword = DEMO_ACCOUNTS.find((account) => account.role === "Customer")?.password ?? "demo123";
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(adminAccount.password),
    hashPassword(customerPassword),
  ]);

  const seeded = await db.$transaction(
    async (tx) => {
      await lockUntilCommit(tx, SEED_LOCK_KEY);
      if (await tx.user.findUnique({ where: { username: adminAccount.username } })) return false;
      const admin = await tx.user.create({
        data: {
          username: adminAccount.username,
          email: "admin@hng-referrals.local",
          firstName: "Alex",
          lastName: "Admin",
          passwordHash: adminHash,
          role: "ADMIN",
          emailConfirmedAt: new Date(),
        },
      });
      for (const customer of DEMO_CUSTOMERS) await seedCustomer(tx, customer, customerHash, admin.id);
      return true;
    },
    { timeout: 30_000 },
  );
  if (seeded) log?.info("demo data seeded");
  return seeded;
}

async function seedCustomer(tx: Tx, demo: DemoCustomer, passwordHash: string, adminId: number) {
  const createdAt = new Date(Date.now() - demo.daysAgo * DAY);
  const user = await tx.user.create({
    data: {
      username: demo.username,
      email: `${demo.username}@example.com`,
      firstName: demo.firstName,
      lastName: demo.lastName,
      passwordHash,
      // Demo accounts start confirmed: their emails go out at once.
      emailConfirmedAt: createdAt,
      createdAt,
    },
  });
  const purchasePence = demo.purchasePounds * 100;
  const customer = await tx.customerProfile.create({
    data: {
      userId: user.id,
      originalPurchaseAmountPence: purchasePence,
      postcode: demo.postcode,
      contractNumber: demo.contractNumber,
      status: demo.status,
      rejectionReason: demo.rejectionReason ?? null,
      termsAcceptedAt: createdAt,
      verifiedAt: demo.status === "VERIFIED" ? new Date(createdAt.getTime() + DAY) : null,
      createdAt,
    },
  });
  await tx.activity.create({
    data: {
      customerId: customer.id,
      type: "REGISTRATION",
      description: activityDescriptions.registered(purchasePence),
      createdAt,
    },
  });

  for (const referral of demo.referrals) {
    const addedAt = new Date(Date.now() - referral.daysAgo * DAY);
    const row = await tx.referral.create({
      data: {
        customerId: customer.id,
        name: referral.name,
        phone: referral.phone,
        email: referral.email ?? null,
        status: referral.purchasePounds ? "PURCHASED" : "PENDING",
        createdAt: addedAt,
        expiresAt: new Date(addedAt.getTime() + 90 * DAY),
      },
    });
    await tx.activity.create({
      data: {
        customerId: customer.id,
        type: "REFERRAL_ADDED",
        description: activityDescriptions.referralAdded(),
        referralId: row.id,
        createdAt: addedAt,
      },
    });
    if (!referral.purchasePounds) continue;
    const purchasedAt = new Date(addedAt.getTime() + 2 * DAY);
    const amountPence = referral.purchasePounds * 100;
    const credit = mulDivRoundHalfUp(amountPence, DEMO_RATE_BASIS_POINTS, 10_000);
    const purchase = await tx.referralPurchase.create({
      data: { referralId: row.id, liveReferralId: row.id, amountPence, verifiedById: adminId, verifiedAt: purchasedAt },
    });
    await tx.creditLedgerEntry.create({
      data: {
        customerId: customer.id,
        referralId: row.id,
        purchaseId: purchase.id,
        kind: "CREDIT",
        amountPence: credit,
        rateBasisPoints: DEMO_RATE_BASIS_POINTS,
        actorId: adminId,
        createdAt: purchasedAt,
      },
    });
    await tx.activity.create({
      data: {
        customerId: customer.id,
        type: "REFERRAL_PURCHASED",
        description: activityDescriptions.referralPurchased(credit),
        amountPence: credit,
        referralId: row.id,
        createdAt: purchasedAt,
      },
    });
  }

  const tranches = milestoneTranches(purchasePence);
  for (const [index, milestone] of demo.paid.entries()) {
    const paidAt = new Date(Date.now() - (10 - index) * DAY);
    await tx.milestonePayment.create({
      data: { customerId: customer.id, milestone, amountPence: tranches[milestone], paidById: adminId, paidAt },
    });
    await tx.activity.create({
      data: {
        customerId: customer.id,
        type: "MILESTONE_PAID",
        description: activityDescriptions.milestonePaid(milestone),
        amountPence: tranches[milestone],
        createdAt: paidAt,
      },
    });
  }
}
