// The shared set-up of the API's test files as Vitest fixtures: a test names what it needs ({ app, admin,
// customer, uniqueName, smtp }) and gets it, instead of each file copying a beforeAll. A file that
// needs a different server says so once with `it.override("appOptions", {...})` (or "secondAppOptions").
import { test as base, beforeEach } from "vitest";
import { captureLogs, type LogCapture } from "./logCapture.ts";
import { type SmtpTestServer, startSmtpTestServer } from "./smtpServer.ts";
import {
  type AppStartOptions,
  signedInAdmin,
  signedInCustomer,
  startTestApp,
  type TestApp,
  type TestClient,
} from "./testApp.ts";

/** The administrator fixture's user name: not "admin", which the demo data has. */
export const ADMIN_USERNAME = "test-admin";

/** What a file asks of its server: environment on top of the test defaults, and where its parts go. */
export interface AppOptions extends Omit<AppStartOptions, "logDestination"> {
  env?: Record<string, string>;
  /** Start an SMTP test server (the `smtp` fixture) and send the app's emails to it. */
  smtp?: boolean;
  /** Keep every line the app logs (the `logs` fixture). */
  logs?: boolean;
}

interface StartedApp {
  app: TestApp;
  smtp?: SmtpTestServer;
  logs?: LogCapture;
}

async function startApp(options: AppOptions, onCleanup: (cleanup: () => Promise<void>) => void): Promise<StartedApp> {
  const smtp = options.smtp ? await startSmtpTestServer() : undefined;
  const env = { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env };
  const logs = options.logs ? captureLogs() : undefined;
  const app = await startTestApp(env, { webDir: options.webDir, logDestination: logs?.destination }).catch(
    async (error: unknown) => {
      await smtp?.close();
      throw error;
    },
  );
  // Vitest takes one clean-up per fixture: the server first, then what it sent to.
  onCleanup(async () => {
    await app.close();
    await smtp?.close();
  });
  return { app, smtp, logs };
}

export const test = base
  // The file's server options; none by default.
  .extend("appOptions", { scope: "file" }, {} as AppOptions)
  .extend("secondAppOptions", { scope: "file" }, {} as AppOptions)
  // One server and one fresh database per file, as the copied beforeAll gave; closed after the file.
  .extend("started", { scope: "file" }, async ({ appOptions }, { onCleanup }) => startApp(appOptions, onCleanup))
  .extend("app", { scope: "file" }, ({ started }) => started.app)
  // A second server with its own database, for files that compare two configurations.
  .extend("secondApp", { scope: "file" }, async ({ secondAppOptions }, { onCleanup }) => {
    return (await startApp(secondAppOptions, onCleanup)).app;
  })
  // The SMTP server the app sends to (appOptions.smtp).
  .extend("smtp", { scope: "file" }, ({ started }) => {
    if (!started.smtp) throw new Error('the smtp fixture needs it.override("appOptions", { smtp: true })');
    return started.smtp;
  })
  // What the app logged (appOptions.logs).
  .extend("logs", { scope: "file" }, ({ started }) => {
    if (!started.logs) throw new Error('the logs fixture needs it.override("appOptions", { logs: true })');
    return started.logs;
  })
  // Names that no other test in the file has used: users and contract numbers must be unique.
  .extend("uniqueName", { scope: "file" }, () => {
    let counter = 0;
    return (prefix: string) => `${prefix}${++counter}`;
  })
  // One administrator per file, signed in on its own client.
  .extend("admin", { scope: "file" }, async ({ app }) => signedInAdmin(app, ADMIN_USERNAME))
  // That administrator's user id, for the rows and service calls that name who acted.
  .extend("adminId", { scope: "file" }, async ({ app, admin: _signedIn }) => {
    return (await app.db.user.findUniqueOrThrow({ where: { username: ADMIN_USERNAME } })).id;
  })
  // A fresh verified customer for each test that asks for one.
  .extend("customer", async ({ app, uniqueName }) => signedInCustomer(app, uniqueName("Customer")));

export const it = test;

/**
 * For a file whose helpers live outside its tests: hands them the file's server, administrator and that
 * administrator's id before the first test, as in `fileFixtures((f) => ({ app, admin, adminId } = f))`.
 */
export function fileFixtures(assign: (fixtures: { app: TestApp; admin: TestClient; adminId: number }) => void): void {
  test.beforeAll(async ({ app, admin, adminId }) => assign({ app, admin, adminId }));
}

/**
 * For a file whose tests send email: its server sends to the `smtp` fixture, and each test starts with no
 * emails and a server that accepts at once. Hands the file's server and SMTP server to `assign` first.
 */
export function emailFixtures(assign: (fixtures: { app: TestApp; smtp: SmtpTestServer }) => void): void {
  test.override("appOptions", { smtp: true });
  let started: { app: TestApp; smtp: SmtpTestServer };
  test.beforeAll(async ({ app, smtp }) => {
    started = { app, smtp };
    assign(started);
  });
  beforeEach(async () => {
    await started.app.db.email.deleteMany();
    started.smtp.received.length = 0;
    started.smtp.behaviour = "accept";
    started.smtp.delayMs = 0;
  });
}
