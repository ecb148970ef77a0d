import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { CLEARED_EMAIL_BODY, clearOldEmailBodies } from "./retention.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("email body retention", () => {
  it("clears the text of sent and failed emails older than 90 days, and nothing else", async ({ app }) => {
    const make = (status: "PENDING" | "SENT" | "FAILED", daysAgo: number) =>
      app.db.email.create({
        data: {
          type: "NEW_REFERRAL_ALERT",
          toAddress: "someone@example.com",
          subject: "Referral added",
          textBody: "Tom Baker has been added to your referrals.",
          htmlBody: "<p>Tom Baker has been added to your referrals.</p>",
          status,
          createdAt: new Date(Date.now() - daysAgo * DAY),
        },
      });
    const oldSent = await make("SENT", 91);
    const oldFailed = await make("FAILED", 120);
    const recentSent = await make("SENT", 89);
    const oldPending = await make("PENDING", 95);
    expect(await clearOldEmailBodies(app.db)).toBe(2);
    const byId = async (id: number) => app.db.email.findUniqueOrThrow({ where: { id } });
    for (const cleared of [oldSent, oldFailed]) {
      const row = await byId(cleared.id);
      expect(row.textBody).toBe(CLEARED_EMAIL_BODY);
      expect(row.htmlBody).not.toContain("Tom Baker");
      expect(row.subject).toBe("Referral added");
    }
    for (const kept of [recentSent, oldPending]) expect((await byId(kept.id)).textBody).toContain("Tom Baker");
    expect(await clearOldEmailBodies(app.db)).toBe(0);
  });
});
