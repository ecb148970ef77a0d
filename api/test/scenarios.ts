// A test's data declared by name, as Redwood's scenarios do: `scenario(app, { customers: { alice: {...} } })`
// builds the customers, their referrals, purchases and milestone payments, and the administrators, and
// hands back each by its name. Customers register and sign in through the API (the product writes their
// rows); what the admin API would write for them (purchases, payments) is inserted as rows.ts writes it.
// Test-only.
import type { CustomerStatus, Milestone, Referral, ReferralStatus } from "../src/generated/prisma/client.ts";
import { insertActor, insertMilestonePayment, insertPurchase, insertReferral } from "./rows.ts";
import { signedInAdmin, signedInCustomer, type TestApp, type TestClient } from "./testApp.ts";

/** One referral of a customer; with `creditPence` it is purchased (for ten times that unless `amountPence`). */
export interface ReferralSpec {
  name?: string;
  phone?: string;
  email?: string | null;
  status?: ReferralStatus;
  createdAt?: Date;
  creditPence?: number;
  amountPence?: number;
  verifiedAt?: Date;
}

export interface PaymentSpec {
  milestone: Milestone;
  amountPence: number;
  paidAt?: Date;
}

export interface CustomerSpec {
  /** The user name: by default the scenario's name for the customer, or with `customer()` that name and a number no other customer here has. */
  username?: string;
  /** The original purchase as the customer types it ("1,250.50"), or in pence; £1,000 by default. */
  purchase?: string;
  purchasePence?: number;
  postcode?: string;
  contractNumber?: string;
  /** Verified unless false (a signed-in customer then waits for review). */
  verified?: boolean;
  /**
   * Written as rows instead of registered through the API, for what registration does not let a test
   * choose: names, email, status, dates. Such a customer has no client.
   */
  rows?: {
    firstName?: string | null;
    lastName?: string | null;
    email?: string;
    status?: CustomerStatus;
    createdAt?: Date;
    emailConfirmed?: boolean;
  };
  /** Credit earned: one purchased referral for each amount (the purchase ten times the credit). */
  credits?: number | number[];
  referrals?: ReferralSpec[];
  payments?: PaymentSpec[];
}

export interface AdminSpec {
  /** The user name; by default the scenario's name for the administrator. */
  username?: string;
}

export interface Scenario {
  customers?: Record<string, CustomerSpec>;
  admins?: Record<string, AdminSpec>;
}

export interface CustomerHandle {
  username: string;
  userId: number;
  customerId: number;
  /** Signed in as the customer (a `rows` customer has none). */
  client: TestClient;
  /** Each referral of `credits` then of `referrals`, in order, as inserted (with its purchase's id). */
  referrals: (Referral & { purchaseId?: number })[];
  payments: number[];
}

export interface AdminHandle {
  username: string;
  userId: number;
  client: TestClient;
}

export interface Built<S extends Scenario> {
  customers: { [K in keyof S["customers"]]: CustomerHandle };
  admins: { [K in keyof S["admins"]]: AdminHandle };
}

const actors = new WeakMap<TestApp, Promise<number>>();
const counters = new WeakMap<TestApp, number>();

/** The administrator row that signs the purchases and payments a scenario inserts (it never signs in). */
export function scenarioActor(app: TestApp): Promise<number> {
  let actor = actors.get(app);
  if (!actor) {
    actor = insertActor(app.db, `scenario-actor-${Date.now()}`);
    actors.set(app, actor);
  }
  return actor;
}

function uniqueUsername(app: TestApp, name: string): string {
  const next = (counters.get(app) ?? 0) + 1;
  counters.set(app, next);
  return `${name}${next}`;
}

const noClient = new Proxy({} as TestClient, {
  get() {
    throw new Error("a customer written as rows has no client: leave out `rows` to sign one in");
  },
});

/**
 * What verifying a purchase of the referral leaves behind, earning `creditPence` (the purchase ten times that),
 * signed by `actorId` or else the scenario's administrator.
 */
export async function addPurchase(
  app: TestApp,
  input: {
    referralId: number;
    customerId: number;
    creditPence: number;
    amountPence?: number;
    verifiedAt?: Date;
    actorId?: number;
  },
): Promise<number> {
  const { purchaseId } = await insertPurchase(app.db, {
    ...input,
    amountPence: input.amountPence ?? input.creditPence * 10,
    actorId: input.actorId ?? (await scenarioActor(app)),
  });
  return purchaseId;
}

/** A purchased referral of the customer earning `creditPence`; `referral` names what the referral row holds. */
export async function addCredit(
  app: TestApp,
  customerId: number,
  creditPence: number,
  options: {
    amountPence?: number;
    verifiedAt?: Date;
    actorId?: number;
    referral?: Parameters<typeof insertReferral>[2];
  } = {},
): Promise<Referral & { purchaseId: number }> {
  const { referral: row, ...purchase } = options;
  const referral = await insertReferral(app.db, customerId, row);
  return {
    ...referral,
    purchaseId: await addPurchase(app, { referralId: referral.id, customerId, creditPence, ...purchase }),
  };
}

/** A milestone payment made to the customer, as processing one writes it. */
export async function addPayment(app: TestApp, customerId: number, payment: PaymentSpec): Promise<number> {
  return insertMilestonePayment(app.db, { customerId, ...payment, actorId: await scenarioActor(app) });
}

async function customerRows(
  app: TestApp,
  username: string,
  spec: CustomerSpec,
  rows: NonNullable<CustomerSpec["rows"]>,
): Promise<{ userId: number; customerId: number }> {
  const createdAt = rows.createdAt ?? new Date();
  const status = rows.status ?? (spec.verified === false ? "PENDING" : "VERIFIED");
  const user = await app.db.user.create({
    data: {
      username,
      email: rows.email ?? `${username.toLowerCase()}@example.com`,
      passwordHash: "unused",
      firstName: rows.firstName ?? null,
      lastName: rows.lastName ?? null,
      emailConfirmedAt: rows.emailConfirmed ? createdAt : null,
    },
  });
  const profile = await app.db.customerProfile.create({
    data: {
      userId: user.id,
      originalPurchaseAmountPence: spec.purchasePence ?? 1000_00,
      postcode: spec.postcode ?? "SW1A 1AA",
      contractNumber: spec.contractNumber ?? `HNG-${username}`,
      status,
      rejectionReason: status === "REJECTED" ? "Contract not found" : null,
      termsAcceptedAt: createdAt,
      verifiedAt: status === "VERIFIED" ? createdAt : null,
      createdAt,
    },
  });
  return { userId: user.id, customerId: profile.id };
}

/** One customer of a scenario, built as `scenario` builds it. */
export async function customer(app: TestApp, name: string, spec: CustomerSpec = {}): Promise<CustomerHandle> {
  const username = spec.username ?? uniqueUsername(app, name);
  let handle: Pick<CustomerHandle, "userId" | "customerId" | "client">;
  if (spec.rows) {
    handle = { ...(await customerRows(app, username, spec, spec.rows)), client: noClient };
  } else {
    const purchase =
      spec.purchase ?? (spec.purchasePence === undefined ? undefined : (spec.purchasePence / 100).toFixed(2));
    handle = await signedInCustomer(app, username, {
      verified: spec.verified,
      originalPurchaseAmount: purchase,
      postcode: spec.postcode,
      contractNumber: spec.contractNumber,
    });
  }
  const referrals: CustomerHandle["referrals"] = [];
  const credits = spec.credits === undefined ? [] : [spec.credits].flat();
  const referralSpecs: ReferralSpec[] = [
    ...credits.filter((creditPence) => creditPence > 0).map((creditPence) => ({ creditPence })),
    ...(spec.referrals ?? []),
  ];
  for (const { creditPence, amountPence, verifiedAt, ...row } of referralSpecs) {
    const referral = await insertReferral(app.db, handle.customerId, row);
    if (creditPence === undefined) {
      referrals.push(referral);
      continue;
    }
    const purchaseId = await addPurchase(app, {
      referralId: referral.id,
      customerId: handle.customerId,
      creditPence,
      amountPence,
      verifiedAt,
    });
    referrals.push({ ...referral, purchaseId });
  }
  const payments: number[] = [];
  for (const payment of spec.payments ?? []) payments.push(await addPayment(app, handle.customerId, payment));
  return { username, ...handle, referrals, payments };
}

/** A signed-in administrator of a scenario. */
export async function admin(app: TestApp, name: string, spec: AdminSpec = {}): Promise<AdminHandle> {
  const username = spec.username ?? name;
  const client = await signedInAdmin(app, username);
  const { id } = await app.db.user.findUniqueOrThrow({ where: { username }, select: { id: true } });
  return { username, userId: id, client };
}

/** Builds every customer and administrator the scenario names, in the order written, and returns them by name. */
export async function scenario<S extends Scenario>(app: TestApp, spec: S): Promise<Built<S>> {
  const customers: Record<string, CustomerHandle> = {};
  const admins: Record<string, AdminHandle> = {};
  for (const [name, adminSpec] of Object.entries(spec.admins ?? {})) admins[name] = await admin(app, name, adminSpec);
  for (const [name, customerSpec] of Object.entries(spec.customers ?? {}))
    customers[name] = await customer(app, name, { username: name, ...customerSpec });
  return { customers, admins } as Built<S>;
}
