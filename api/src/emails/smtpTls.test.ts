// Mail leaves encrypted unless SMTP_URL says otherwise: against a real SMTP server that offers no
// STARTTLS, a plain smtp:// URL sends nothing; only ?tls=off sends in the clear.
import pino from "pino";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { type SmtpTestServer, startSmtpTestServer } from "../../test/smtpServer.ts";
import { queueEmail } from "./outbox.ts";
import { sendPendingEmails, smtpTransportOptions } from "./sender.ts";

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp?.close();
});

const log = pino({ level: "silent" });
const resetData = { firstName: "Tess", resetUrl: "http://localhost:3000/reset-password?token=t", expiresInMinutes: 30 };

describe("SMTP_URL and TLS", () => {
  it("requires STARTTLS on smtp://, TLS from the start on smtps://, and none only with ?tls=off", () => {
    expect(smtpTransportOptions("smtp://user:pass@mail.example.com:587")).toEqual({
      url: "smtp://user:pass@mail.example.com:587",
      requireTLS: true,
    });
    expect(smtpTransportOptions("smtps://mail.example.com:465")).toEqual({
      url: "smtps://mail.example.com:465",
      requireTLS: false,
    });
    expect(smtpTransportOptions("smtp://127.0.0.1:2525?tls=off")).toEqual({
      url: "smtp://127.0.0.1:2525",
      requireTLS: false,
    });
  });

  it("sends nothing to a server without TLS unless the URL says so", async ({ app }) => {
    const plainUrl = smtp.url.replace("?tls=off", "");
    await queueEmail(app.db, { type: "PASSWORD_RESET", to: "tess@example.com", data: resetData });
    const refused = await sendPendingEmails({
      prisma: app.db,
      config: { smtpUrl: plainUrl, mailFrom: "rewards@hng.test" },
      log,
    });
    expect(refused).toMatchObject({ processed: 1, sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const email = await app.db.email.findFirstOrThrow({ where: { toAddress: "tess@example.com" } });
    expect(email.lastError).toMatch(/STARTTLS|TLS/i);

    const sent = await sendPendingEmails(
      { prisma: app.db, config: { smtpUrl: smtp.url, mailFrom: "rewards@hng.test" }, log },
      { includeWaitingForRetry: true },
    );
    expect(sent).toMatchObject({ sent: 1 });
    expect(smtp.received.map((received) => received.envelopeTo)).toEqual([["tess@example.com"]]);
  });
});
