import pino from "pino";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { readRawMessage, type SmtpTestServer } from "../../test/smtpServer.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { queueReferralEmail } from "../emails/outbox.ts";
import { CLEARED_LINK_BODY, sendPendingEmails } from "../emails/sender.ts";
import { CONFIRMATION_RESEND_LIMIT } from "./throttle.ts";

it.override("appOptions", { smtp: true });

it.beforeEach(({ smtp }) => {
  smtp.received.length = 0;
});

const send = (app: TestApp) =>
  sendPendingEmails({ prisma: app.db, config: app.deps.config, log: pino({ level: "silent" }) });

/** Subjects delivered to this address over SMTP so far. */
function subjectsTo(smtp: SmtpTestServer, address: string): string[] {
  return smtp.received
    .filter((message) => message.envelopeTo.includes(address))
    .map((message) => readRawMessage(message.raw).header("subject") ?? "");
}

/** The token of the newest link with this path delivered to this address. */
function tokenDelivered(smtp: SmtpTestServer, address: string, path: string): string {
  const message = smtp.received.filter((m) => m.envelopeTo.includes(address)).at(-1);
  const text = message ? readRawMessage(message.raw).parts.get("text/plain") : undefined;
  const token = text ? new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1] : undefined;
  if (!token) throw new Error(`no ${path} link delivered to ${address}`);
  return token;
}

/** A new account, plus an email about it queued as the app would (a referral alert). */
async function newAccountWithHeldEmail(
  app: TestApp,
  username: string,
): Promise<{ client: TestClient; address: string }> {
  const client = app.client();
  const user = await client.register(username);
  const address = `${username.toLowerCase()}@example.com`;
  await queueReferralEmail(app.db, {
    type: "NEW_REFERRAL_ALERT",
    to: address,
    userId: user.id,
    referralId: 0,
    data: { firstName: username },
  });
  return { client, address };
}

describe("email confirmation", () => {
  it("emails a new account a link; its other emails wait until the link is opened, then go out", async ({
    app,
    smtp,
  }) => {
    const { client, address } = await newAccountWithHeldEmail(app, "Nora");
    expect((await client.get("/api/user")).body.emailConfirmed).toBe(false);
    await send(app);
    expect(subjectsTo(smtp, address)).toEqual(["Confirm your email address"]);
    expect(
      await app.db.email.count({ where: { toAddress: address, type: "NEW_REFERRAL_ALERT", status: "PENDING" } }),
    ).toBe(1);

    // The link's body is no longer kept in the outbox once sent.
    const sentLink = await app.db.email.findFirstOrThrow({ where: { toAddress: address, type: "EMAIL_CONFIRMATION" } });
    expect(sentLink.status).toBe("SENT");
    expect(sentLink.textBody).toBe(CLEARED_LINK_BODY);
    expect(sentLink.htmlBody).not.toContain("token=");

    const token = tokenDelivered(smtp, address, "/confirm-email");
    const confirmed = await app.client().post("/api/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: "Your email address is confirmed." });
    expect((await client.get("/api/user")).body.emailConfirmed).toBe(true);
    await send(app);
    expect(subjectsTo(smtp, address)).toEqual(["Confirm your email address", "Referral added"]);
    // Opening the link again says the same and changes nothing.
    expect((await app.client().post("/api/confirm-email", { token })).body).toEqual({
      message: "Your email address is confirmed.",
    });
    expect(await app.db.auditEntry.count({ where: { action: "email_confirmed" } })).toBe(1);
  });

  it("sends reset links to an unconfirmed address, and completing the reset confirms it", async ({ app, smtp }) => {
    const { client, address } = await newAccountWithHeldEmail(app, "Otto");
    await app.client().post("/api/reset-password", { username: "Otto" });
    await send(app);
    expect(subjectsTo(smtp, address).sort()).toEqual(["Choose a new password", "Confirm your email address"]);
    const token = tokenDelivered(smtp, address, "/reset-password");
    const resetEmail = await app.db.email.findFirstOrThrow({ where: { toAddress: address, type: "PASSWORD_RESET" } });
    expect(resetEmail.textBody).not.toContain(token);
    expect(
      (await app.client().post("/api/reset-password/confirm", { token, newPassword: "otto-chose-this" })).status,
    ).toBe(200);
    expect((await client.get("/api/user")).status).toBe(401);
    await send(app);
    expect(subjectsTo(smtp, address)).toContain("Referral added");
  });

  it("refuses an unknown or expired link", async ({ app, smtp }) => {
    const unknown = await app.client().post("/api/confirm-email", { token: "no-such-link" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe("This confirmation link is invalid.");
    const client = app.client();
    const user = await client.register("Pia");
    await app.db.emailConfirmationToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await send(app);
    const expired = await app
      .client()
      .post("/api/confirm-email", { token: tokenDelivered(smtp, "pia@example.com", "/confirm-email") });
    expect(expired.status).toBe(400);
    expect(expired.text).toBe("This confirmation link has expired. Sign in and ask for a new one.");
    expect((await client.get("/api/user")).body.emailConfirmed).toBe(false);
  });

  it("sends a new link to the signed-in user on request, throttled, and only when signed in", async ({ app, smtp }) => {
    expect((await app.client().post("/api/confirm-email/resend")).status).toBe(401);
    const client = app.client();
    await client.register("Quinn");
    const limit = CONFIRMATION_RESEND_LIMIT.points;
    const answers = await Promise.all(
      Array.from({ length: limit + 2 }, () => client.post("/api/confirm-email/resend")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
    expect(answers.find((answer) => answer.status === 200)?.body).toEqual({
      message: "We have sent you a new confirmation link. Please check your email.",
    });
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.text).toMatch(/^Too many confirmation emails asked for\. Please try again in \d+ minutes?\.$/);
    expect(await app.db.email.count({ where: { toAddress: "quinn@example.com", type: "EMAIL_CONFIRMATION" } })).toBe(
      1 + limit,
    );

    // The newest link works; through GraphQL the same.
    await send(app);
    const result = await app
      .client()
      .graphql(
        `mutation($input: ConfirmEmailInput!) { confirmEmail(input: $input) { __typename ... on MutationConfirmEmailSuccess { data { message } } } }`,
        { input: { token: tokenDelivered(smtp, "quinn@example.com", "/confirm-email") } },
      );
    expect(result.data.confirmEmail.data.message).toBe("Your email address is confirmed.");
    const viewer = await client.graphql("{ viewer { emailConfirmed } }");
    expect(viewer.data.viewer.emailConfirmed).toBe(true);
  });

  it("starts administrators made from the command line confirmed", async ({ app }) => {
    const admin = await signedInAdmin(app, "cli-admin");
    expect((await admin.get("/api/user")).body.emailConfirmed).toBe(true);
  });
});

describe("administrators", () => {
  it("see whether a customer's email is confirmed, on GraphQL and REST", async ({ app }) => {
    const admin = await signedInAdmin(app, "confirm-admin");
    const customer = app.client();
    const user = await customer.register("Rosa");
    await customer.post("/api/customer/register", {
      originalPurchaseAmount: "500.00",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-ROSA",
    });
    const read = async () => {
      const list = await admin.graphql(
        `{ customers(first: 50) { edges { node { userName emailConfirmed } } } pendingCustomers(first: 50) { edges { node { user { username emailConfirmed } } } } }`,
      );
      const pending = await admin.get("/api/admin/pending-customers");
      const all = await admin.get("/api/admin/customers");
      return {
        list: list.data.customers.edges.find((edge: any) => edge.node.userName === "Rosa")?.node.emailConfirmed,
        card: list.data.pendingCustomers.edges.find((edge: any) => edge.node.user.username === "Rosa")?.node.user
          .emailConfirmed,
        restPending: pending.body.find((row: any) => row.userName === "Rosa")?.emailConfirmed,
        restAll: all.body.find((row: any) => row.userName === "Rosa")?.emailConfirmed,
      };
    };
    expect(await read()).toEqual({ list: false, card: false, restPending: false, restAll: false });
    await app.db.user.update({ where: { id: user.id }, data: { emailConfirmedAt: new Date() } });
    expect(await read()).toEqual({ list: true, card: true, restPending: true, restAll: true });
  });
});
