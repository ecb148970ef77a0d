// The shared set-up of the API's test files as Vitest fixtures: a test names what it needs ({ app, admin,
// customer, uniqueName }) and gets it, instead of each file copying a beforeAll.
import { test as base } from "vitest";
import { signedInAdmin, signedInCustomer, startTestApp } from "./testApp.ts";

/** The administrator fixture's user name: not "admin", which the demo data has. */
export const ADMIN_USERNAME = "test-admin";

export const test = base
  // One server and one fresh database per file, as the copied beforeAll gave; closed after the file.
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and app has none.
  .extend("app", { scope: "file" }, async ({}, { onCleanup }) => {
    const app = await startTestApp();
    onCleanup(() => app.close());
    return app;
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
