// Setting the scene through the app's REST API (docs/api.md), so each journey starts with its
// own users in the state it needs without walking through screens other journeys already cover.
import { expect, test } from "@playwright/test";
import { lastEmailSequence, linkIn, waitForEmail } from "./mailbox.ts";

/** A signed-in API caller with its own cookie jar (Node's fetch keeps none). */
export class ApiSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  static async signIn(baseUrl: string, username: string, password: string): Promise<ApiSession> {
    const session = new ApiSession(baseUrl);
    await session.post("/api/login", { username, password });
    return session;
  }

  /** The session's cookies, to hand to a browser context (context.addCookies). */
  browserCookies(): {
    name: string;
    value: string;
    domain: string;
    path: string;
    httpOnly: boolean;
    sameSite: "Lax";
    secure: boolean;
  }[] {
    // The production server's cookies are `__Host-` prefixed, which a browser takes only as Secure
    // (Playwright's `url` form would mark them not Secure on http://127.0.0.1, a secure context).
    const domain = new URL(this.baseUrl).hostname;
    return [...this.cookies].map(([name, value]) => ({
      name,
      value,
      domain,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: name.startsWith("__Host-"),
    }));
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.request<T>("GET", path);
  }

  post<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    return this.request<T>("POST", path, body);
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** The project's server (journeys and older specs run against different ones). */
export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("The project has no baseURL: e2e/globalSetup.ts sets E2E_JOURNEY_BASE_URL");
  return url;
}

export const DEMO_ADMIN = { username: "admin", password: "admin123" } as const;

const adminSessions = new Map<string, Promise<ApiSession>>();

/**
 * The demo administrator's API session, signed in once per worker and server (argon2 on every
 * set-up step was work each journey repeated). No journey signs the demo administrator out on the
 * journeys' server: that would end this session too.
 */
export function signedInAdminApi(): Promise<ApiSession> {
  const url = baseUrl();
  let session = adminSessions.get(url);
  if (!session) {
    session = ApiSession.signIn(url, DEMO_ADMIN.username, DEMO_ADMIN.password);
    session.catch(() => adminSessions.delete(url));
    adminSessions.set(url, session);
  }
  return session;
}

/*
 * Unique names: each project (viewport) and each journey makes its own people, so nothing depends
 * on what another journey or project did. A short tag keeps the names readable in screenshots.
 */

let sequence = 0;

const isDesktop = () => test.info().project.name.includes("desktop");

/**
 * "p" or "d" (the project), the worker's slot, then base-36 time and a counter: unique within a
 * run (two workers may run the same project's journeys at once), and short.
 */
export function uniqueTag(): string {
  sequence += 1;
  return `${isDesktop() ? "d" : "p"}${test.info().parallelIndex}${Date.now().toString(36).slice(-5)}${sequence.toString(36)}`;
}

/**
 * A valid UK mobile number, different every call within a run: 07123, a digit per project, one
 * per worker slot, then four from a counter. Not in Ofcom's drama range (07700 900xxx), which the
 * app refuses.
 */
let phoneCounter = Math.floor(Math.random() * 10_000);
export function uniqueUkMobile(): string {
  // Steps of 11 (coprime with 10,000: every number once): two numbers in a row differ in two digits,
  // so a customer's friends are never "one digit away" from each other (docs/rules/fraud.md, REFERRER_PHONE).
  phoneCounter = (phoneCounter + 11) % 10_000;
  const slot = test.info().parallelIndex % 10;
  // 11 apart: one customer's friends are never one digit apart, which is a fraud signal (docs/rules/fraud.md).
  const digits = (phoneCounter * 11) % 10_000;
  return `07123 ${isDesktop() ? "5" : "4"}${slot}${String(digits).padStart(4, "0")}`;
}

export interface Person {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  /** "First Last", as the admin screens name a customer. */
  fullName: string;
}

export interface Customer extends Person {
  /** The customer profile's id (REST `id`). */
  customerId: number;
  purchase: string;
  postcode: string;
  contractNumber: string;
}

export function newPerson(firstName: string, surname: string): Person {
  const tag = uniqueTag();
  const lastName = `${surname}-${tag}`;
  const username = `${firstName.toLowerCase()}.${tag}`;
  return {
    username,
    password: "correct-horse-1",
    email: `${username}@example.com`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
  };
}

/**
 * A user account without a customer profile (signed up, registration not completed), whose email
 * address is confirmed through the emailed link as the person would, so the app's other emails
 * reach them. `confirmed` resolves once it is; createUser waits for it unless told not to.
 */
export async function createUser(
  person: Person,
  { waitForConfirmation = true } = {},
): Promise<ApiSession & { confirmed: Promise<void> }> {
  const session = new ApiSession(baseUrl());
  const before = await lastEmailSequenceIfCaught();
  await session.post("/api/register", {
    username: person.username,
    password: person.password,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
  });
  const confirmed = confirmEmailThroughLink(person, before);
  // Caught here too, so a failure shows even when the caller has not awaited it yet.
  confirmed.catch(() => undefined);
  if (waitForConfirmation) await confirmed;
  return Object.assign(session, { confirmed });
}

/** Only the journeys' server sends email (to the catcher); the other server's accounts stay unconfirmed. */
const sendsEmail = () => baseUrl() === process.env.E2E_JOURNEY_BASE_URL;

async function lastEmailSequenceIfCaught(): Promise<number> {
  return sendsEmail() ? lastEmailSequence() : 0;
}

/** Opens the confirmation link from the person's email: the page posts its token, as this does. */
async function confirmEmailThroughLink(person: Person, afterSequence: number): Promise<void> {
  if (!sendsEmail()) return;
  const email = await waitForEmail(person.email, "Confirm your email address", { afterSequence });
  const token = new URL(linkIn(email, `${baseUrl()}/confirm-email?token=`)).searchParams.get("token");
  await new ApiSession(baseUrl()).post("/api/confirm-email", { token });
}

export type CustomerState = "pending" | "verified" | "rejected";

/** A customer whose registration is pending, verified by the demo administrator, or rejected. */
export async function createCustomer(
  firstName: string,
  surname: string,
  {
    state = "verified",
    purchase = "1000.00",
    rejectionReason = "We could not match the contract number.",
  }: { state?: CustomerState; purchase?: string; rejectionReason?: string } = {},
): Promise<{ customer: Customer; session: ApiSession }> {
  const person = newPerson(firstName, surname);
  // The address is confirmed while the registration goes through; both are done before returning.
  const session = await createUser(person, { waitForConfirmation: false });
  const contractNumber = `HNG-E2E-${person.username.split(".")[1]?.toUpperCase()}`;
  const postcode = "LS1 4AP";
  const profile = await session.post<{ id: number; status: string }>("/api/customer/register", {
    originalPurchaseAmount: purchase,
    postcode,
    contractNumber,
  });
  expect(profile.status).toBe("pending");
  if (state !== "pending") {
    const admin = await signedInAdminApi();
    if (state === "verified") await admin.post(`/api/admin/approve-customer/${profile.id}`);
    else await admin.post(`/api/admin/reject-customer/${profile.id}`, { reason: rejectionReason });
  }
  await session.confirmed;
  return { customer: { ...person, customerId: profile.id, purchase, postcode, contractNumber }, session };
}

/** Adds a referral as the customer; returns its id. */
export async function addReferral(
  customer: ApiSession,
  referral: { name: string; phone: string; email?: string },
): Promise<number> {
  const created = await customer.post<{ id: number }>("/api/referrals", referral);
  return created.id;
}

/** The demo administrator verifies a referral's purchase of `amount` pounds. */
export async function verifyPurchase(referralId: number, amount: string, notes?: string): Promise<void> {
  const admin = await signedInAdminApi();
  await admin.post(`/api/admin/referrals/${referralId}/purchase`, { amount, notes });
}
