import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { signedInCustomer, type TestApp } from "../../test/testApp.ts";
import { PROJECT_ROOT } from "../db/prismaCli.ts";

const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;

function runWithStdin(
  app: TestApp,
  args: string[],
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: app.databaseUrl },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe("administrator commands", () => {
  it("admin:create makes an administrator (password on stdin) who can sign in while the server runs", async ({
    app,
  }) => {
    const result = await runWithStdin(
      app,
      ["api/src/cli/adminCreate.ts", "--username", "Root", "--email", "root@example.com"],
      "root-password\n",
    );
    expect(result.stdout).toContain('Administrator "Root" created.');
    expect(result.code).toBe(0);
    const client = app.client();
    const login = await client.post("/api/login", { username: "root", password: "root-password" });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe("ADMIN");
  });

  it("admin:create refuses a short password, a common one and a taken username, creating nothing", async ({ app }) => {
    const refusals: [username: string, email: string, password: string, message: string][] = [
      ["shorty", "s@example.com", "123", "Password must be at least 8 characters"],
      ["commoner", "c@example.com", "password123", "This password is one of the most common ones."],
      ["ROOT", "r2@example.com", "another-pass", "Username already exists"],
    ];
    for (const [username, email, password, message] of refusals) {
      const refused = await runWithStdin(
        app,
        ["api/src/cli/adminCreate.ts", "--username", username, "--email", email, "--password", password],
        "",
      );
      expect(refused.code, username).toBe(1);
      expect(refused.stderr, username).toContain(message);
    }
    expect(await app.db.user.count({ where: { role: "ADMIN" } })).toBe(1);
  });

  it("admin:promote makes an existing customer an administrator", async ({ app }) => {
    await app.client().register("Promoted");
    const { stdout } = await run("npx", ["tsx", "api/src/cli/adminPromote.ts", "promoted"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: app.databaseUrl },
    });
    expect(stdout).toContain('"Promoted" is now an administrator.');
    const user = await app.db.user.findUniqueOrThrow({ where: { username: "Promoted" } });
    expect(user.role).toBe("ADMIN");
    const audit = await app.db.auditEntry.findFirst({
      where: { action: "role_changed", resourceId: String(user.id) },
    });
    expect(audit?.after).toEqual({ role: "ADMIN" });
  });
});

describe("referrals:expire", () => {
  it("runs the expiry job once now: the overdue referral expired, the one in its last 10 days warned", async ({
    app,
  }) => {
    const { customerId, userId } = await signedInCustomer(app, "ExpiryOperator");
    const overdue = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 95 * DAY_MS) });
    const ending = await insertReferral(app.db, customerId, { createdAt: new Date(Date.now() - 85 * DAY_MS) });
    const { stdout } = await run("npx", ["tsx", "api/src/cli/referralsExpire.ts"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: app.databaseUrl, PUBLIC_URL: "https://rewards.example.com" },
    });
    expect(stdout).toContain("Expired and erased: 1. Warned: 1.");
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: overdue.id } })).status).toBe("EXPIRED");
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: ending.id } })).expiryWarnedAt).not.toBeNull();
    const warning = await app.db.email.findFirstOrThrow({ where: { userId, type: "REFERRAL_EXPIRY_WARNING" } });
    expect(warning.textBody).toContain("https://rewards.example.com/home?tab=referrals");
  });
});
