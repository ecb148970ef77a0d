import type { MockResolver, MockResolvers } from "relay-test-utils";

/*
 * Mock resolvers for relay-test-utils' MockPayloadGenerator: one customer in a given state, with
 * the figures, referrals, activities and milestones a test names. Money is pence, as the API sends it.
 */

type MilestoneState = "LOCKED" | "READY" | "PAID";

export interface MockReferral {
  name: string | null;
  status?: "PENDING" | "PURCHASED" | "EXPIRED" | "WITHDRAWN";
  phone?: string;
  /** The server's text for `phone` (api/src/lib/phoneDisplay.ts). */
  phoneDisplay?: string;
  email?: string | null;
  address?: string | null;
  ageDisplay?: string;
  expiryDisplay?: string;
  /** How it was added: typed by the customer unless said. */
  channel?: "TYPED" | "SHARE_LINK" | "STAFF";
  /** Who recorded it, when a member of staff did ("Sam K."). */
  recordedByName?: string | null;
  creditEarnedPence?: number | null;
  /** Pending again after a cancelled purchase: what the row explains. */
  cancellation?: { cancelledAt: string; categoryDisplay: string; creditReversedPence: number } | null;
}

export interface MockActivity {
  type: string;
  description: string;
  createdAt: string;
  amountPence?: number | null;
}

export interface MockMilestone {
  state: MilestoneState;
  paidAt?: string | null;
  paymentRequestedAt?: string | null;
}

/** The programme's contact as the administrators set it; none by default. */
export interface MockContact {
  email?: string | null;
  phone?: string | null;
  phoneDisplay?: string | null;
  hours?: string | null;
}

export interface CustomerScenario {
  status: "PENDING" | "VERIFIED" | "REJECTED";
  firstName?: string | null;
  lastName?: string | null;
  role?: "CUSTOMER" | "STAFF" | "ADMIN";
  rejectionReason?: string | null;
  purchasePence?: number;
  creditsPence?: number;
  paidPence?: number;
  postcode?: string;
  contractNumber?: string;
  referrals?: MockReferral[];
  hasMoreReferrals?: boolean;
  activities?: MockActivity[];
  /** 33%, 66% and 100%, in that order. */
  milestones?: [MockMilestone, MockMilestone, MockMilestone];
  payments?: { milestoneType: string; amountPence: number; paidAt: string }[];
  contact?: MockContact;
  /** The customer's share link; a fresh one (no opens, no sign-ups) unless said, none with null. */
  shareLink?: MockShareLink | null;
}

export interface MockShareLink {
  code?: string;
  paused?: boolean;
  opens?: number;
  signUps?: number;
}

const STATUS_DISPLAY = {
  PENDING: "Pending",
  PURCHASED: "Purchased",
  EXPIRED: "Expired",
  WITHDRAWN: "Withdrawn",
} as const;
const KEYS = ["M33", "M66", "M100"] as const;
const PERCENTS = [33, 66, 100] as const;
const TITLES = ["33% Milestone", "66% Milestone", "100% Milestone (Full Refund)"] as const;

/**
 * Resolvers keyed by GraphQL type name. Written as pairs, because the linter takes a capitalised
 * function defined inside a function for a React component.
 */
export function typeResolvers(pairs: [typeName: string, resolve: MockResolver][]): MockResolvers {
  return Object.fromEntries(pairs) as MockResolvers;
}

/** 410000 → "4100.00", as the Money type's `pounds`. */
function pounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** The tranches the API computes: round(33% P), round(66% P) − round(33% P), P − round(66% P). */
function tranches(purchasePence: number): [number, number, number] {
  const at33 = Math.round((purchasePence * 33) / 100);
  const at66 = Math.round((purchasePence * 66) / 100);
  return [at33, at66 - at33, purchasePence - at66];
}

/** The ShareLink the API would answer for a scenario's link. */
function shareLinkOf(link: MockShareLink | null | undefined) {
  if (link === null) return null;
  const code = link?.code ?? "K7PQ2XMA";
  const url = `https://refer.example.com/r/${code}`;
  return {
    id: `share-link-${code}`,
    code,
    url,
    paused: link?.paused ?? false,
    opens: link?.opens ?? 0,
    signUps: link?.signUps ?? 0,
    createdAt: "2025-05-02T09:30:00.000Z",
    shareMessage: `Sarah thinks you'd like a quote: add your details here ${url}`,
  };
}

export function customerResolvers(scenario: CustomerScenario): MockResolvers {
  const purchase = scenario.purchasePence ?? 1_200_000;
  const credits = scenario.creditsPence ?? 0;
  const progress = Math.min(100, Math.floor((credits * 100) / purchase));
  const moneyByField: Record<string, number> = {
    originalPurchaseAmount: purchase,
    currentCredits: credits,
    creditsPaid: scenario.paidPence ?? 0,
    remainingToTarget: Math.max(0, purchase - credits),
  };
  const split = tranches(purchase);
  const milestones = scenario.milestones ?? [{ state: "LOCKED" }, { state: "LOCKED" }, { state: "LOCKED" }];
  let referralId = 0;
  let activityId = 0;
  return typeResolvers([
    [
      "User",
      () => ({
        id: "VXNlcjoy",
        firstName: scenario.firstName === undefined ? "Sarah" : scenario.firstName,
        lastName: scenario.lastName === undefined ? "Johnson" : scenario.lastName,
        email: "sarah@example.com",
        role: scenario.role ?? "CUSTOMER",
        profileImageUrl: null,
      }),
    ],
    [
      "Programme",
      () => ({
        contactEmail: scenario.contact?.email ?? null,
        contactPhone: scenario.contact?.phone ?? null,
        contactPhoneDisplay: scenario.contact?.phoneDisplay ?? null,
        contactHours: scenario.contact?.hours ?? null,
      }),
    ],
    [
      "Customer",
      () => ({
        id: "Q3VzdG9tZXI6MQ==",
        status: scenario.status,
        isVerified: scenario.status === "VERIFIED",
        rejectionReason: scenario.rejectionReason ?? null,
        postcode: scenario.postcode ?? "SW1A 1AA",
        contractNumber: scenario.contractNumber ?? "HNG-2025-0147",
        createdAt: "2025-05-01T09:30:00.000Z",
        progressPercentage: progress,
        originalPurchaseAmount: { pence: purchase, pounds: pounds(purchase) },
        milestones: milestones.map((milestone, index) => {
          const percent = PERCENTS[index] ?? 100;
          return {
            key: KEYS[index],
            percent,
            title: TITLES[index],
            state: milestone.state,
            paidAt: milestone.paidAt ?? null,
            paymentRequestedAt: milestone.paymentRequestedAt ?? null,
            threshold: { pence: Math.round((purchase * percent) / 100) },
            tranche: { pence: split[index] ?? 0 },
          };
        }),
        shareLink: shareLinkOf(scenario.shareLink),
        milestonePayments: (scenario.payments ?? []).map((payment, index) => ({
          id: `TWlsZXN0b25lUGF5bWVudDo${index}`,
          milestoneType: payment.milestoneType,
          paidAt: payment.paidAt,
          amount: { pence: payment.amountPence },
        })),
      }),
    ],
    // Only the customer's own figures; amounts inside referrals, activities and milestones are given with them.
    [
      "Money",
      (context) => {
        const pence = moneyByField[context?.name ?? ""];
        return pence === undefined ? undefined : { pence, pounds: pounds(pence) };
      },
    ],
    [
      "CustomerReferralsConnection",
      () => ({
        edges: (scenario.referrals ?? []).map((referral) => ({
          cursor: `r${++referralId}`,
          node: {
            id: `UmVmZXJyYWw6${referralId}`,
            name: referral.name,
            phone: referral.phone ?? "+447400123456",
            phoneDisplay: referral.phoneDisplay ?? (referral.phone ? referral.phone : "07400 123456"),
            email: referral.email ?? null,
            address: referral.address ?? null,
            status: referral.status ?? "PENDING",
            statusDisplay: STATUS_DISPLAY[referral.status ?? "PENDING"],
            ageDisplay: referral.ageDisplay ?? "Today",
            channel: referral.channel ?? "TYPED",
            recordedByName: referral.recordedByName ?? null,
            createdAt: "2025-07-01T10:00:00.000Z",
            daysRemaining: (referral.status ?? "PENDING") === "PENDING" ? 90 : null,
            expiryDisplay:
              referral.expiryDisplay ??
              (
                {
                  PENDING: "90 days left",
                  EXPIRED: "Expired after 90 days without a purchase · details erased",
                } as const
              )[(referral.status ?? "PENDING") as "PENDING" | "EXPIRED"] ??
              null,
            creditEarned: referral.creditEarnedPence == null ? null : { pence: referral.creditEarnedPence },
            cancellation: referral.cancellation
              ? {
                  cancelledAt: referral.cancellation.cancelledAt,
                  category: "OTHER",
                  categoryDisplay: referral.cancellation.categoryDisplay,
                  creditReversed: { pence: referral.cancellation.creditReversedPence },
                }
              : null,
          },
        })),
        pageInfo: { hasNextPage: scenario.hasMoreReferrals ?? false, endCursor: referralId ? `r${referralId}` : null },
      }),
    ],
    [
      "CustomerActivitiesConnection",
      () => ({
        edges: (scenario.activities ?? []).map((activity) => ({
          cursor: `a${++activityId}`,
          node: {
            id: `QWN0aXZpdHk6${activityId}`,
            type: activity.type,
            description: activity.description,
            createdAt: activity.createdAt,
            amount: activity.amountPence == null ? null : { pence: activity.amountPence },
          },
        })),
        pageInfo: { hasNextPage: false, endCursor: null },
      }),
    ],
  ]);
}
