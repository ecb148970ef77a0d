// Roles on the running server: staff refused on administrators' paths (403, a message, audited);
// administrators change roles, deactivate and invite staff, on GraphQL and REST (docs/rules/roles.md).
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin, type TestApp, type TestClient } from "../../test/testApp.ts";
import { waitFor } from "../../test/waitFor.ts";
import { createApiToken } from "../apiTokens/service.ts";
import { STAFF_REFUSAL_MESSAGE } from "../graphql/access.ts";
import { ROLE_MESSAGES, setUserRole } from "./service.ts";

const PASSWORD = "staff-password-1";

/** A staff member made the way administrators make one: invited, and their link used. */
async function invitedStaff(app: TestApp, admin: TestClient, name: string) {
  const email = `${name.toLowerCase()}@example.com`;
  const invited = await admin.post("/api/admin/staff", { email, firstName: name, lastName: "Staff" });
  expect(invited.status, invited.text).toBe(200);
  const mail = await app.db.email.findFirst({
    where: { toAddress: email, type: "STAFF_INVITATION" },
    orderBy: { id: "desc" },
  });
  const token = /token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
  expect(token, "the invitation carries a link").toBeDefined();
  const set = await app.client().post("/api/reset-password/confirm", { token, newPassword: PASSWORD });
  expect(set.status, set.text).toBe(200);
  const client = app.client();
  const signedIn = await client.post("/api/login", { username: invited.body.username, password: PASSWORD });
  expect(signedIn.status, signedIn.text).toBe(200);
  return { client, id: invited.body.id as number, username: invited.body.username as string, email, mail: mail! };
}

it.override("secondAppOptions", { env: { REQUIRE_STAFF_MFA: "1" } });

describe("staff", () => {
  it("an invitation makes a STAFF account whose emailed link (7 days) sets the password and confirms the address", async ({
    app,
    admin,
  }) => {
    const before = Date.now();
    const staff = await invitedStaff(app, admin, "Sarah");
    expect(staff.mail.textBody).toContain("7 days");
    expect(staff.mail.textBody).toContain(`Your username is ${staff.username}.`);
    const link = await app.db.passwordResetToken.findFirstOrThrow({ where: { userId: staff.id } });
    const days = (link.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const me = await staff.client.get("/api/user");
    expect(me.body).toMatchObject({ role: "STAFF", emailConfirmed: true });
    const graph = await staff.client.graphql("{ viewer { role mustEnrolSecondFactor } }");
    expect(graph.data.viewer).toEqual({ role: "STAFF", mustEnrolSecondFactor: false });
    const listed = await admin.get("/api/admin/staff");
    expect(listed.body.map((user: { id: number }) => user.id)).toContain(staff.id);
    const audit = await app.db.auditEntry.findFirst({
      where: { action: "staff_invited", resourceId: String(staff.id) },
    });
    expect(audit).not.toBeNull();
  });

  it("before the link is used nobody signs in; an address another account has is a conflict; bad input changes nothing", async ({
    app,
    admin,
    customer,
  }) => {
    const invited = await admin.post("/api/admin/staff", {
      email: "tom@example.com",
      firstName: "Tom",
      lastName: "Lee",
    });
    expect(invited.status).toBe(200);
    for (const password of ["!", "", "anything-at-all"]) {
      const refused = await app.client().post("/api/login", { username: invited.body.username, password });
      expect([400, 401]).toContain(refused.status);
    }
    const taken = await app.db.user.findUniqueOrThrow({ where: { id: customer.userId } });
    const conflict = await admin.post("/api/admin/staff", { email: taken.email, firstName: "A", lastName: "B" });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error ?? conflict.text).toContain(ROLE_MESSAGES.emailTaken);
    const users = await app.db.user.count();
    for (const body of [
      { email: "not-an-address", firstName: "A", lastName: "B" },
      { email: "ok@example.com", firstName: "", lastName: "B" },
      { email: "ok@example.com", firstName: "A", lastName: "  " },
    ]) {
      const bad = await admin.post("/api/admin/staff", body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await app.db.user.count()).toBe(users);
  });

  it("a staff member is refused on every administrator path, GraphQL and REST, with 403 and a message, audited", async ({
    app,
    admin,
  }) => {
    const staff = await invitedStaff(app, admin, "Refused");
    const paths = ["/api/admin/customers", "/api/admin/audit-logs", "/api/admin/api-tokens", "/api/admin/staff"];
    for (const path of paths) {
      const refused = await staff.client.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.text, path).toContain(STAFF_REFUSAL_MESSAGE);
    }
    const posted = await staff.client.post(`/api/admin/users/${staff.id}/role`, { role: "ADMIN" });
    expect(posted.status).toBe(403);
    for (const query of [
      "{ auditLogs(first: 1) { edges { node { id } } } }",
      "{ apiTokens { name } }",
      `mutation { setUserRole(input: { userId: ${staff.id}, role: ADMIN }) { __typename } }`,
      'mutation { createApiToken(input: { name: "x", scopes: [READ] }) { __typename } }',
    ]) {
      const answer = await staff.client.graphql(query);
      expect(answer.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
      expect(answer.errors?.[0]?.message, query).toBe(STAFF_REFUSAL_MESSAGE);
    }
    expect((await app.db.user.findUniqueOrThrow({ where: { id: staff.id } })).role).toBe("STAFF");
    // One entry per refused request.
    await waitFor(
      "the refusals' audit entries",
      async () => (await app.db.auditEntry.count({ where: { action: "access_refused", actorId: staff.id } })) === 9,
      5_000,
    );
    // A customer's refusal stays as it was: not a staff member's message.
    const customer = app.client();
    await customer.register("PlainCustomer");
    expect((await customer.get("/api/admin/customers")).text).not.toContain(STAFF_REFUSAL_MESSAGE);
  });
});

describe("roles", () => {
  it("setUserRole changes a role (GraphQL and REST), ends that user's sessions at once, and is audited", async ({
    app,
    admin,
  }) => {
    const staff = await invitedStaff(app, admin, "Promoted");
    const promoted = await admin.graphql(
      `mutation ($input: SetUserRoleInput!) { setUserRole(input: $input) { __typename ... on MutationSetUserRoleSuccess { data { role } } } }`,
      { input: { userId: staff.id, role: "ADMIN" } },
    );
    expect(promoted.data.setUserRole.data.role).toBe("ADMIN");
    expect((await staff.client.get("/api/user")).status).toBe(401);
    const again = app.client();
    await again.post("/api/login", { username: staff.username, password: PASSWORD });
    expect((await again.get("/api/admin/customers")).status).toBe(200);
    const demoted = await admin.post(`/api/admin/users/${staff.id}/role`, { role: "customer" });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.role).toBe("CUSTOMER");
    expect((await again.get("/api/user")).status).toBe(401);
    const entries = await app.db.auditEntry.findMany({
      where: { action: "role_changed", resourceId: String(staff.id) },
      orderBy: { id: "asc" },
    });
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ role: "STAFF" }, { role: "ADMIN" }],
      [{ role: "ADMIN" }, { role: "CUSTOMER" }],
    ]);
    const bad = await admin.post(`/api/admin/users/${staff.id}/role`, { role: "OWNER" });
    expect(bad.status).toBe(400);
    expect((await admin.post("/api/admin/users/999999/role", { role: "STAFF" })).status).toBe(404);
  });

  it("the last active administrator cannot be demoted, even by two administrators demoting each other at once", async ({
    secondApp: lone,
  }) => {
    {
      const only = await signedInAdmin(lone, "onlyadmin");
      const me = (await only.get("/api/user")).body;
      const self = await only.post(`/api/admin/users/${me.id}/role`, { role: "STAFF" });
      expect(self.status).toBe(409);
      expect(self.text).toContain(ROLE_MESSAGES.lastAdministrator);
      expect((await only.get("/api/user")).body.role).toBe("ADMIN");
      // Two administrators demoting each other at the same moment: one stays.
      const second = await signedInAdmin(lone, "secondadmin");
      const other = (await second.get("/api/user")).body;
      const answers = await Promise.all([
        only.post(`/api/admin/users/${other.id}/role`, { role: "CUSTOMER" }),
        second.post(`/api/admin/users/${me.id}/role`, { role: "CUSTOMER" }),
      ]);
      // The second is refused: as the last administrator (409), or because the first ended its session (401).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await lone.db.user.count({ where: { role: "ADMIN" } })).toBe(1);
    }
  });

  it("deactivateUser: sign-in refused with a message, sessions and API tokens end at once; not one's own account", async ({
    app,
    admin,
    adminId,
  }) => {
    const staff = await invitedStaff(app, admin, "Leaving");
    const deactivated = await admin.post(`/api/admin/users/${staff.id}/deactivate`);
    expect(deactivated.status, deactivated.text).toBe(200);
    expect(deactivated.body.deactivatedAt).not.toBeNull();
    expect((await staff.client.get("/api/user")).status).toBe(401);
    const again = await app.client().post("/api/login", { username: staff.username, password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.text).toContain("deactivated");
    const own = await admin.post(`/api/admin/users/${adminId}/deactivate`);
    expect(own.status).toBe(409);
    expect(own.text).toContain(ROLE_MESSAGES.deactivateSelf);
    // An administrator's token stops with their deactivation.
    await setUserRole(app.db, { userId: staff.id, role: "ADMIN" }, null);
    const other = await app.db.user.update({ where: { id: staff.id }, data: { deactivatedAt: null } });
    const { secret } = await createApiToken(app.db, { name: "leaving", scopes: ["read"] }, { id: other.id });
    const withToken = () =>
      app.client().request("GET", "/api/admin/customers", { headers: { authorization: `Bearer ${secret}` } });
    expect((await withToken()).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${staff.id}/deactivate`)).status).toBe(200);
    await waitFor("the token to stop", async () => (await withToken()).status === 401, 10_000);
    const audit = await app.db.auditEntry.count({
      where: { action: "user_deactivated", resourceId: String(staff.id) },
    });
    expect(audit).toBe(2);
  });

  it("role management is never a token's: an admin token is refused setUserRole, deactivateUser and inviteStaff", async ({
    app,
    adminId,
  }) => {
    const { secret } = await createApiToken(app.db, { name: "roles", scopes: ["admin"] }, { id: adminId });
    for (const [path, body] of [
      [`/api/admin/users/${adminId}/role`, { role: "STAFF" }],
      [`/api/admin/users/${adminId}/deactivate`, {}],
      ["/api/admin/staff", { email: "t@example.com", firstName: "T", lastName: "T" }],
    ] as const) {
      const refused = await app.client().request("POST", path, {
        json: body,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(refused.status, path).toBe(403);
    }
    expect((await app.db.user.findUniqueOrThrow({ where: { id: adminId } })).role).toBe("ADMIN");
  });
});

describe("REQUIRE_STAFF_MFA", () => {
  it("a staff member without a second factor must enrol, and may (the administrators' enrolment)", async ({
    secondApp: app,
  }) => {
    const admin = await signedInAdmin(app, "mfaadmin");
    const staff = await invitedStaff(app, admin, "Careful");
    const viewer = await staff.client.graphql("{ viewer { role mustEnrolSecondFactor } }");
    expect(viewer.data.viewer).toEqual({ role: "STAFF", mustEnrolSecondFactor: true });
    const status = await staff.client.get("/api/account/second-factor");
    expect(status.body).toMatchObject({ required: true, mustEnrol: true });
    const start = await staff.client.post("/api/account/second-factor", { currentPassword: PASSWORD });
    expect(start.status, start.text).toBe(200);
    // Administrators are not held back by the staff setting.
    expect((await admin.get("/api/admin/customers")).status).toBe(200);
  });
});
