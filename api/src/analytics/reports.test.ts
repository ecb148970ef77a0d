import { describe, expect } from "vitest";
import { csvRecords } from "../../test/csv.ts";
import { it } from "../../test/fixtures.ts";
import { scenario } from "../../test/scenarios.ts";
import { seedDemoData } from "../demo/seed.ts";
import { csvLine } from "../lib/csv.ts";
import { REPORTS } from "./reports.ts";

// Before any test signs in the administrator, as the reports below are the demo data's alone.
it.beforeAll(async ({ app }) => {
  await seedDemoData(app.db);
});

describe("report downloads", () => {
  it("downloads the customers report as an RFC 4180 CSV file named with the date", async ({ admin }) => {
    const response = await admin.get("/api/admin/reports/customers");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="customers-${day}.csv"`);
    expect(response.text).toContain("\r\n");
    const records = csvRecords(response.text);
    expect(records).toHaveLength(6);
    const sarah = records.find((r) => r.userName === "sarah");
    expect(sarah).toMatchObject({
      originalPurchaseAmount: "12000.00",
      currentCredits: "3960.00",
      creditsPaid: "0.00",
      progressPercentage: "33",
      totalReferrals: "5",
      purchasedReferrals: "3",
      status: "verified",
      segment: "Medium Progress",
      milestone33Paid: "false",
    });
    const emma = records.find((r) => r.userName === "emma");
    // The full refund: issued, its milestone paid, and all of it counted.
    expect(emma).toMatchObject({ refundIssued: "true", milestone100Paid: "true" });
    expect(emma).toMatchObject({ creditsPaid: "5000.00", progressPercentage: "100" });
  });

  it("gives JSON with ?format=json and applies the status and date filters", async ({ admin }) => {
    const pending = await admin.get("/api/admin/reports/referral-details?format=json&status=pending");
    expect(pending.headers.get("content-type")).toMatch(/^application\/json/);
    expect(pending.body).toHaveLength(3);
    expect(pending.body.every((r: any) => r.status === "pending" && r.daysRemaining > 0)).toBe(true);
    const purchased = await admin.get("/api/admin/reports/referral-details?format=json&status=purchased");
    expect(purchased.body).toHaveLength(6);
    expect(purchased.body.every((r: any) => r.purchaseAmount && r.creditEarned && r.daysRemaining === null)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await admin.get(`/api/admin/reports/referral-details?format=json&from=${today}&to=${today}`);
    expect(recent.body).toHaveLength(0);
    const payments = await admin.get("/api/admin/reports/milestone-payments?format=json");
    expect(payments.body.map((p: any) => p.milestoneType).sort()).toEqual([
      "milestone_100",
      "milestone_33",
      "milestone_33",
      "milestone_66",
    ]);
    const purchases = csvRecords((await admin.get("/api/admin/reports/purchased-referrals")).text);
    expect(purchases).toHaveLength(6);
    expect(purchases.every((p) => p.creditRate === "11%")).toBe(true);
    const audit = await admin.get("/api/admin/reports/audit-log?format=json");
    expect(Array.isArray(audit.body)).toBe(true);
  });

  it("writes every cell with the shared rule: formulas defused, semicolons and commas quoted (OWASP payloads)", async ({
    app,
    admin,
  }) => {
    const payloads = {
      firstName: '=HYPERLINK("http://evil","Click, here")',
      lastName: ";=1+1",
      postcode: "@SUM(1+1)*cmd|' /C calc'!A0",
      contractNumber: "-2+3+cmd|' /C calc'!A0",
    };
    const { firstName, lastName, postcode, contractNumber } = payloads;
    await scenario(app, {
      customers: {
        formula: { purchasePence: 100_00, postcode, contractNumber, rows: { firstName, lastName, status: "PENDING" } },
      },
    });
    const response = await admin.get("/api/admin/reports/customers?status=pending");
    const line = response.text.split("\r\n").find((l) => l.includes(",formula,"))!;
    // The raw bytes a spreadsheet reads: each payload is one text cell starting with an apostrophe.
    expect(line).toContain(
      `,formula,"'=HYPERLINK(""http://evil"",""Click, here"")",";=1+1",formula@example.com,100.00,'@SUM(1+1)*cmd|' /C calc'!A0,'-2+3+cmd|' /C calc'!A0,`,
    );
    // The line is exactly what the shared module writes for that row (the browser's exports use it too).
    const record = csvRecords(response.text).find((r) => r.userName === "formula")!;
    const columns = REPORTS.customers!.columns;
    const [header] = response.text.split("\r\n");
    expect(header).toBe(columns.join(","));
    expect(`${line}\r\n`).toBe(csvLine(columns, { ...record, ...payloads }));
  });

  it("answers 404 for an unknown report and 400 for bad filters", async ({ admin }) => {
    const unknown = await admin.get("/api/admin/reports/salaries");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/No report named "salaries"/);
    expect((await admin.get("/api/admin/reports/customers?status=gold")).status).toBe(400);
    expect((await admin.get("/api/admin/reports/customers?from=2025-13-01")).status).toBe(400);
    expect((await admin.get("/api/admin/reports/customers?format=xml")).status).toBe(400);
  });

  it("is refused to customers and signed-out callers", async ({ app }) => {
    const customer = app.client();
    await customer.post("/api/login", { username: "sarah", password: "demo123" });
    expect((await customer.get("/api/admin/reports/customers")).status).toBe(403);
    expect((await app.client().get("/api/admin/reports/customers")).status).toBe(401);
  });
});
