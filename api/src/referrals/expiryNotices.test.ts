// What the customer is told about expiry and cancellations: the warning 10 days before a referral
// expires, the notice at expiry, the row's text, and the cancellation email over real SMTP.
import pino from "pino";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertActor, insertPurchase, insertReferral } from "../../test/rows.ts";
import { readRawMessage, type SmtpTestServer } from "../../test/smtpServer.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { sendPendingEmails } from "../emails/sender.ts";
import { fillReferralName } from "../emails/templates.ts";
import { expireReferrals, runReferralExpiry, warnExpiringReferrals } from "./expiry.ts";
import { expiryDisplay } from "./service.ts";

const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = "http://localhost:3000";

let app: TestApp;
let admin: TestClient;
let smtp: SmtpTestServer;
it.override("appOptions", { smtp: true, env: { MAIL_FROM: "HNG Referral Scheme <rewards@hng.test>" } });
it.beforeAll(async ({ app: started, admin: signedIn, smtp: sentTo }) => {
  app = started;
  admin = signedIn;
  smtp = sentTo;
});

let counter = 0;
const nextName = (prefix: string) => `${prefix}${++counter}`;

/** A pending referral that expires at `expiresAt` (added 90 days before). */
function referralExpiringAt(customerId: number, expiresAt: Date, name: string) {
  return insertReferral(app.db, customerId, { name, createdAt: new Date(expiresAt.getTime() - 90 * DAY) });
}

const warn = (now: Date, batchSize?: number) =>
  warnExpiringReferrals(app.db, now, { publicUrl: PUBLIC_URL, batchSize });

const emailsOf = (userId: number, type: "REFERRAL_EXPIRY_WARNING" | "REFERRAL_EXPIRED") =>
  app.db.email.findMany({ where: { userId, type }, orderBy: { id: "asc" } });

describe("the warning ten days before a referral expires (warnExpiringReferrals)", () => {
  it("warns once, inside the last 10 days only, naming the London day; never a purchased or expired referral", async () => {
    const now = new Date();
    await warn(now); // Other tests' referrals, warned now, so what follows counts only this test's.
    const { client, userId, customerId } = await signedInCustomer(app, nextName("Warned"));
    const inWindow = await referralExpiringAt(customerId, new Date(now.getTime() + 9.5 * DAY), "Anna Cole");
    const edge = await referralExpiringAt(customerId, new Date(now.getTime() + 10 * DAY), "Eddie Edge");
    const notYet = await referralExpiringAt(customerId, new Date(now.getTime() + 10 * DAY + 60_000), "Nora Later");
    const bought = await referralExpiringAt(customerId, new Date(now.getTime() + 5 * DAY), "Bianca Bought");
    await insertPurchase(app.db, {
      referralId: bought.id,
      customerId,
      amountPence: 10_000,
      creditPence: 1_100,
      actorId: await insertActor(app.db),
    });
    const gone = await insertReferral(app.db, customerId, { name: "Gail Gone", status: "EXPIRED" });
    const overdue = await referralExpiringAt(customerId, new Date(now.getTime() - 60_000), "Otto Overdue");

    const result = await warn(now);
    expect(result).toEqual({ warned: 2, referralIds: [inWindow.id, edge.id] });
    const warned = await app.db.referral.findMany({ where: { customerId, expiryWarnedAt: { not: null } } });
    expect(warned.map((r) => r.id).sort((a, b) => a - b)).toEqual([inWindow.id, edge.id]);
    for (const id of [notYet.id, bought.id, gone.id, overdue.id]) expect(warned.some((r) => r.id === id)).toBe(false);

    const emails = await emailsOf(userId, "REFERRAL_EXPIRY_WARNING");
    expect(emails).toHaveLength(2);
    const anna = emails.find((e) => e.referralId === inWindow.id)!;
    // Stored with a placeholder, never the name: it is filled in when sent (docs/rules/privacy.md).
    expect(anna.textBody).not.toContain("Anna Cole");
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long" }).format(
      inWindow.expiresAt,
    );
    expect(anna.subject).toBe(`A referral expires on ${day}`);
    expect(fillReferralName(anna.textBody, "Anna Cole", false)).toContain(
      `Anna Cole's referral expires on ${day}: if they are planning a purchase, let us know.`,
    );
    expect(anna.textBody).toContain(`${PUBLIC_URL}/home?tab=referrals`);

    // The feed puts the name first while the referral has one; the stored text holds none.
    const feed = (await client.get("/api/activities")).body;
    expect(feed.filter((a: any) => a.type === "referral_expiring").map((a: any) => a.description)).toContain(
      `Anna Cole's referral expires on ${day}: if they are planning a purchase, let us know`,
    );
    const stored = await app.db.activity.findFirstOrThrow({
      where: { referralId: inWindow.id, type: "REFERRAL_EXPIRING" },
    });
    expect(stored.description).toBe(`Referral expires on ${day}: if they are planning a purchase, let us know`);

    // A second run warns nobody again; a later one warns only the referral whose 10 days have begun.
    expect(await warn(now)).toEqual({ warned: 0, referralIds: [] });
    expect(await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).toHaveLength(2);
    expect((await warn(new Date(now.getTime() + 2 * DAY))).referralIds).toEqual([notYet.id]);
    expect(await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).toHaveLength(3);
  });

  it("writes the day in London time: 23:30 UTC is already the next day in summer, not in winter", async () => {
    const { customerId, userId } = await signedInCustomer(app, nextName("London"));
    // Far enough ahead that no other test's referral is in these windows.
    const winter = await referralExpiringAt(customerId, new Date("2031-03-02T23:30:00Z"), "Wynn Winter");
    const summer = await referralExpiringAt(customerId, new Date("2031-06-02T23:30:00Z"), "Sunny Summer");
    await warn(new Date("2031-02-25T12:00:00Z"));
    await warn(new Date("2031-05-28T12:00:00Z"));
    const subjects = (await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).map((e) => e.subject);
    expect(subjects).toEqual(["A referral expires on 2 March", "A referral expires on 3 June"]);
    expect(expiryDisplay(winter, new Date("2031-02-25T12:00:00Z"))).toBe("Expires on 2 March");
    expect(expiryDisplay(summer, new Date("2031-05-28T12:00:00Z"))).toBe("Expires on 3 June");
  });

  it("warns each referral once when several instances run at the same moment", async () => {
    const now = new Date(Date.now() + 20 * DAY);
    await warn(now);
    const { customerId, userId } = await signedInCustomer(app, nextName("Parallel"));
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push((await referralExpiringAt(customerId, new Date(now.getTime() + 5 * DAY + i * 1000), `Friend ${i}`)).id);
    const runs = await Promise.all(Array.from({ length: 4 }, () => warn(now, 4)));
    expect(runs.flatMap((run) => run.referralIds).sort((a, b) => a - b)).toEqual(ids);
    expect(await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).toHaveLength(30);
    const activities = await app.db.activity.findMany({ where: { customerId, type: "REFERRAL_EXPIRING" } });
    expect(activities.map((a) => a.referralId).sort((a, b) => a! - b!)).toEqual(ids);
  });

  it("warns a referral already inside the window when it appears (a data fix) once, and not again after a cancelled purchase", async () => {
    const now = new Date(Date.now() + 40 * DAY);
    await warn(now);
    const { customerId, userId } = await signedInCustomer(app, nextName("Late"));
    const late = await referralExpiringAt(customerId, new Date(now.getTime() + 2 * DAY), "Lara Late");
    expect((await warn(now)).referralIds).toEqual([late.id]);
    expect((await warn(new Date(now.getTime() + DAY))).referralIds).toEqual([]);
    // Bought, then the purchase cancelled: pending again, already warned.
    await app.db.referral.update({ where: { id: late.id }, data: { status: "PURCHASED" } });
    await app.db.referral.update({ where: { id: late.id }, data: { status: "PENDING" } });
    expect((await warn(new Date(now.getTime() + DAY))).referralIds).toEqual([]);
    expect(await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).toHaveLength(1);
  });
});

describe("at expiry (expireReferrals)", () => {
  it("tells the customer with an activity (no name) and an email (the name, read before the erasure)", async () => {
    await expireReferrals(app.db);
    const { client, userId, customerId } = await signedInCustomer(app, nextName("Expired"));
    const old = await insertReferral(app.db, customerId, {
      name: "Olive Old",
      createdAt: new Date(Date.now() - 91 * DAY),
    });
    expect((await expireReferrals(app.db)).referralIds).toEqual([old.id]);

    const [email, ...more] = await emailsOf(userId, "REFERRAL_EXPIRED");
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe("A referral has expired");
    // The friend's details are erased as the email is queued: it says which referral by the day it was added.
    expect(email!.textBody).not.toContain("Olive Old");
    expect(fillReferralName(email!.textBody, null, false)).toMatch(
      /Your friend's referral, added on \d{1,2} \w+, expired after 90 days without a purchase\./,
    );
    expect(email!.textBody).toContain("As our terms promise, their details have been erased.");

    const activity = (await client.get("/api/activities")).body.find((a: any) => a.type === "referral_expired");
    expect(activity.description).toBe(
      "Referral expired after 90 days without a purchase: its details were erased, as our terms promise",
    );
    const stored = await app.db.activity.findMany({ where: { customerId } });
    expect(JSON.stringify(stored)).not.toContain("Olive");
    expect((await client.get("/api/referrals")).body.find((r: any) => r.id === old.id)).toMatchObject({
      name: null,
      status: "expired",
      expiryDisplay: "Expired after 90 days without a purchase · details erased",
    });
    // A second run sends nothing more.
    await expireReferrals(app.db);
    expect(await emailsOf(userId, "REFERRAL_EXPIRED")).toHaveLength(1);
  });

  it("runs expiry before warnings, so a referral past its date is never warned (runReferralExpiry)", async () => {
    await runReferralExpiry(app.db, new Date(), { publicUrl: PUBLIC_URL });
    const { userId, customerId } = await signedInCustomer(app, nextName("Run"));
    const past = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 95 * DAY) });
    const soon = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 85 * DAY) });
    const result = await runReferralExpiry(app.db, new Date(), { publicUrl: PUBLIC_URL });
    expect(result).toMatchObject({ expired: 1, warned: 1 });
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: past.id } })).expiryWarnedAt).toBeNull();
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: soon.id } })).expiryWarnedAt).not.toBeNull();
    expect(await emailsOf(userId, "REFERRAL_EXPIRY_WARNING")).toHaveLength(1);
    expect(await emailsOf(userId, "REFERRAL_EXPIRED")).toHaveLength(1);
  });
});

describe("the row's expiry text (expiryDisplay, GET /api/referrals)", () => {
  it("counts days left, then names the day in the last 10 days (the warning's rule), and says nothing once purchased", async () => {
    const { client, customerId } = await signedInCustomer(app, nextName("Row"));
    const now = Date.now();
    const far = await insertReferral(app.db, customerId, { createdAt: new Date(now - 20 * DAY) });
    const near = await insertReferral(app.db, customerId, { createdAt: new Date(now - 81 * DAY) });
    const bought = await insertReferral(app.db, customerId, { status: "PURCHASED" });
    const rows = (await client.get("/api/referrals")).body;
    const text = (id: number) => rows.find((r: any) => r.id === id).expiryDisplay;
    expect(text(far.id)).toBe("70 days left");
    expect(text(near.id)).toMatch(/^Expires on \d{1,2} [A-Z][a-z]+$/);
    expect(text(bought.id)).toBeNull();
    expect(rows.find((r: any) => r.id === near.id).daysRemaining).toBe(9);
    // The boundary: 10 days left exactly is inside, 10 days and a millisecond is not.
    const at = new Date("2031-01-01T12:00:00Z");
    const pending = (ms: number) => ({ status: "PENDING" as const, expiresAt: new Date(at.getTime() + ms) });
    expect(expiryDisplay(pending(10 * DAY), at)).toBe("Expires on 11 January");
    expect(expiryDisplay(pending(10 * DAY + 1), at)).toBe("11 days left");
  });
});

describe("the cancellation email, delivered", () => {
  it("reaches the customer over SMTP with the amount, the reason and the total", async () => {
    const { userId, customerId } = await signedInCustomer(app, nextName("Cancelled"));
    const referral = await insertReferral(app.db, customerId, { name: "Carl Cancel" });
    await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "200.00" });
    const response = await admin.post(`/api/admin/cancel-referral/${referral.id}`, { reason: "Card payment reversed" });
    expect(response.status).toBe(200);
    const user = await app.db.user.findUniqueOrThrow({ where: { id: userId } });
    smtp.received.length = 0;
    await sendPendingEmails({ prisma: app.db, config: app.deps.config, log: pino({ level: "silent" }) });
    const mine = smtp.received.filter((r) => r.envelopeTo.includes(user.email));
    const messages = mine.map((r) => readRawMessage(r.raw));
    const cancelled = messages.find((m) => m.header("subject") === "A referral's purchase was cancelled");
    expect(cancelled, JSON.stringify(messages.map((m) => m.header("subject")))).toBeDefined();
    const text = cancelled!.parts.get("text/plain")!;
    expect(text).toContain(
      "Carl Cancel's purchase was cancelled, so the £22.00 in credits it earned you has been reversed.",
    );
    expect(text).toContain("Card payment reversed");
    expect(text).toContain("Your credits now total £0.00.");
    expect(cancelled!.parts.get("text/html")).toContain("Card payment reversed");
  });
});
