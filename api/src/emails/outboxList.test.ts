// The email outbox list: what an administrator sees when looking for the emails that failed and why.
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { TestApp } from "../../test/testApp.ts";
import type { EmailStatus } from "../generated/prisma/client.ts";

const OUTBOX = `query Outbox($first: Int, $after: String, $status: EmailStatus, $type: EmailType) {
  emailOutbox(first: $first, after: $after, status: $status, type: $type) {
    edges { node { databaseId type toAddress subject status attempts lastError createdAt sentAt nextAttemptAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** Emails one second apart, the last two at the same instant (ties are broken by id, newest first). */
async function seedOutbox(app: TestApp, prefix: string) {
  const start = Date.UTC(2026, 10, 20, 9, 0, 0);
  const statuses: EmailStatus[] = ["SENT", "FAILED", "PENDING", "FAILED", "SENT", "FAILED"];
  const ids: number[] = [];
  for (const [index, status] of statuses.entries()) {
    const email = await app.db.email.create({
      data: {
        type: "PASSWORD_RESET",
        toAddress: `${prefix}${index}@example.com`,
        subject: `Subject ${index}`,
        textBody: `secret link ${index}`,
        htmlBody: `<p>secret link ${index}</p>`,
        status,
        attempts: status === "FAILED" ? 5 : 1,
        lastError: status === "FAILED" ? `550 mailbox ${index} unavailable` : null,
        createdAt: new Date(start + Math.min(index, 4) * 1000),
      },
    });
    ids.push(email.id);
  }
  return ids;
}

describe("the email outbox list", () => {
  it("pages every email newest first, ties by id, and filters failed ones with why they failed", async ({
    app,
    admin,
    uniqueName,
  }) => {
    await app.db.email.deleteMany();
    const ids = await seedOutbox(app, uniqueName("outbox"));
    const newestFirst = [ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]];

    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const result: any = await admin.graphql(OUTBOX, { first: 4, after });
      expect(result.errors).toBeUndefined();
      seen.push(...result.data.emailOutbox.edges.map((edge: any) => edge.node.databaseId));
      if (!result.data.emailOutbox.pageInfo.hasNextPage) break;
      after = result.data.emailOutbox.pageInfo.endCursor;
    }
    expect(seen).toEqual(newestFirst);

    const failed = await admin.graphql(OUTBOX, { status: "FAILED" });
    expect(failed.data.emailOutbox.edges.map((edge: any) => edge.node)).toEqual([
      expect.objectContaining({
        databaseId: ids[5],
        status: "FAILED",
        attempts: 5,
        lastError: "550 mailbox 5 unavailable",
      }),
      expect.objectContaining({ databaseId: ids[3], lastError: "550 mailbox 3 unavailable" }),
      expect.objectContaining({ databaseId: ids[1], lastError: "550 mailbox 1 unavailable" }),
    ]);

    const rest = await admin.get("/api/admin/emails?status=failed&limit=2");
    expect(rest.status).toBe(200);
    expect(rest.body.map((email: any) => [email.id, email.status, email.lastError])).toEqual([
      [ids[5], "failed", "550 mailbox 5 unavailable"],
      [ids[3], "failed", "550 mailbox 3 unavailable"],
    ]);
    // The bodies hold sign-in and reset links: the list never shows them.
    expect(JSON.stringify(rest.body)).not.toContain("secret link");
    expect((await admin.get("/api/admin/emails")).body).toHaveLength(6);
  });

  it("filters by type, every type included, alone or with a status, on GraphQL and REST", async ({ app, admin }) => {
    await app.db.email.deleteMany();
    const types = [
      ["ACCOUNT_REJECTION", "SENT"],
      ["MILESTONE_PAID", "FAILED"],
      ["PASSWORD_RESET", "SENT"],
      ["PASSWORD_RESET", "FAILED"],
      ["MILESTONE_PAID", "SENT"],
      ["PASSWORD_RESET", "PENDING"],
    ] as const;
    const ids: number[] = [];
    for (const [index, [type, status]] of types.entries()) {
      const email = await app.db.email.create({
        data: {
          type,
          status,
          toAddress: `type${index}@example.com`,
          subject: type,
          textBody: "body",
          htmlBody: "<p>body</p>",
          createdAt: new Date(Date.UTC(2026, 10, 21, 9, 0, index)),
        },
      });
      ids.push(email.id);
    }
    const idsOf = (result: any) => result.data.emailOutbox.edges.map((edge: any) => edge.node.databaseId);

    // Paged one at a time, so the cursor of the filtered shape is used too.
    const resets: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const result: any = await admin.graphql(OUTBOX, { type: "PASSWORD_RESET", first: 1, after });
      resets.push(...idsOf(result));
      if (!result.data.emailOutbox.pageInfo.hasNextPage) break;
      after = result.data.emailOutbox.pageInfo.endCursor;
    }
    expect(resets).toEqual([ids[5], ids[3], ids[2]]);
    expect(idsOf(await admin.graphql(OUTBOX, { type: "PASSWORD_RESET", status: "SENT" }))).toEqual([ids[2]]);
    expect(idsOf(await admin.graphql(OUTBOX, { type: "ACCOUNT_REJECTION" }))).toEqual([ids[0]]);
    const paid = await admin.graphql(OUTBOX, { type: "MILESTONE_PAID", status: "FAILED" });
    expect(paid.data.emailOutbox.edges[0].node).toMatchObject({ databaseId: ids[1], type: "MILESTONE_PAID" });

    const rest = await admin.get("/api/admin/emails?type=milestone-paid");
    expect(rest.body.map((email: any) => [email.id, email.type, email.status])).toEqual([
      [ids[4], "MILESTONE_PAID", "sent"],
      [ids[1], "MILESTONE_PAID", "failed"],
    ]);
    expect(Object.keys(rest.body[0]).sort()).toEqual(
      ["attempts", "createdAt", "id", "lastError", "nextAttemptAt", "sentAt", "status", "subject", "to", "type"].sort(),
    );
    const both = await admin.get("/api/admin/emails?type=password_reset&status=pending");
    expect(both.body.map((email: any) => email.id)).toEqual([ids[5]]);
    const badType = await admin.get("/api/admin/emails?type=birthday");
    expect(badType.status).toBe(400);
    expect(String(badType.body)).toMatch(/type must be one of: registration_confirmation, .*email_confirmation/);
  });

  it("refuses other callers and bad input with a clear error", async ({ app, admin, customer }) => {
    expect((await app.client().get("/api/admin/emails")).status).toBe(401);
    expect((await customer.client.get("/api/admin/emails")).status).toBe(403);
    const asCustomer = await customer.client.graphql(OUTBOX, {});
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const badStatus = await admin.get("/api/admin/emails?status=lost");
    expect(badStatus.status).toBe(400);
    expect(String(badStatus.body)).toMatch(/status must be one of: pending, sent, failed/);
    const badCursor = await admin.graphql(OUTBOX, { after: "not-a-cursor" });
    expect(badCursor.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  });
});
