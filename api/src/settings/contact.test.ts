import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { signedInCustomer } from "../../test/testApp.ts";
import { readContactEmail } from "../config.ts";
import { CONTACT_MESSAGES, getProgrammeContact, setProgrammeContact } from "./service.ts";

const CONTACT_QUERY =
  "query { programme { contactEmail contactEmailIsDefault contactPhone contactPhoneDisplay contactHours } }";

// The installation's own address: customers always have a way to reach the programme.
it.override("appOptions", { env: { MAIL_FROM: "HNG Rewards <rewards@hng.example>" } });
it.override("secondAppOptions", {
  env: { MAIL_FROM: "HNG Rewards <no-reply@hng.example>", CONTACT_EMAIL: " care@hng.example " },
});
const SET_CONTACT = `mutation SetContact($input: SetProgrammeContactInput!) {
  setProgrammeContact(input: $input) {
    ... on MutationSetProgrammeContactSuccess { data { contactEmail contactPhone contactPhoneDisplay contactHours } }
    ... on Error { code message }
  }
}`;

// The tests below run in order: the contact starts unset, then changes.
describe("the programme's contact", () => {
  it("starts as the installation's address (MAIL_FROM's) until an administrator sets one, and anyone reads it", async ({
    app,
  }) => {
    const graphql = await app.client().graphql(CONTACT_QUERY);
    expect(graphql.data.programme).toEqual({
      contactEmail: "rewards@hng.example",
      contactEmailIsDefault: true,
      contactPhone: null,
      contactPhoneDisplay: null,
      contactHours: null,
    });
    const rest = await app.client().get("/api/settings");
    expect(rest.body).toMatchObject({
      contactEmail: "rewards@hng.example",
      contactEmailIsDefault: true,
      contactPhone: null,
      contactHours: null,
    });
    // Nothing is stored: the default is the configuration's, so a changed MAIL_FROM or CONTACT_EMAIL follows.
    expect(await getProgrammeContact(app.db)).toEqual({ email: null, phone: null, hours: null });
  });

  it("CONTACT_EMAIL, when set, is the installation's address instead; one that is not an address stops the start-up", async ({
    secondApp,
  }) => {
    const read = await secondApp.client().graphql(CONTACT_QUERY);
    expect(read.data.programme).toMatchObject({ contactEmail: "care@hng.example", contactEmailIsDefault: true });
    expect(readContactEmail(undefined, "plain@hng.example")).toBe("plain@hng.example");
    expect(() => readContactEmail("help desk", "x@y.io")).toThrow(
      'CONTACT_EMAIL must be one email address, like help@example.com, not "help desk".',
    );
  });

  it("an administrator sets it over REST: a UK phone as typed is stored in E.164, everyone reads it, audited with before and after", async ({
    app,
    admin,
    adminId,
  }) => {
    const typed = { contactEmail: "  help@hng.example ", contactPhone: "0300 123 4567" };
    const response = await admin.post("/api/admin/settings/contact", {
      ...typed,
      contactHours: " Monday to Friday, 9am to 5pm ",
    });
    expect(response.status).toBe(200);
    const stored = { contactEmail: "help@hng.example", contactPhone: "+443001234567" };
    expect(response.body).toEqual({
      ...stored,
      contactEmailIsDefault: false,
      contactHours: "Monday to Friday, 9am to 5pm",
    });
    const read = await app.client().graphql(CONTACT_QUERY);
    expect(read.data.programme).toEqual({
      contactEmail: "help@hng.example",
      contactEmailIsDefault: false,
      contactPhone: "+443001234567",
      contactPhoneDisplay: "0300 123 4567",
      contactHours: "Monday to Friday, 9am to 5pm",
    });
    const audits = await app.db.auditEntry.findMany({ where: { action: "programme_contact_changed" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: adminId,
      resourceType: "programme_settings",
      before: { contactEmail: null, contactPhone: null, contactHours: null },
      after: {
        contactEmail: "help@hng.example",
        contactPhone: "+443001234567",
        contactHours: "Monday to Friday, 9am to 5pm",
      },
      details: "Programme contact changed (email, phone, hours)",
    });
  });

  it("takes an international number with +, keeps a part left out, clears a blank part; an unchanged contact is not audited", async ({
    app,
    admin,
  }) => {
    const result = await admin.graphql(SET_CONTACT, { input: { phone: "+33 1 23 45 67 89", hours: "" } });
    expect(result.data.setProgrammeContact.data).toEqual({
      contactEmail: "help@hng.example",
      contactPhone: "+33123456789",
      contactPhoneDisplay: "+33 1 23 45 67 89",
      contactHours: null,
    });
    const before = await app.db.auditEntry.count({ where: { action: "programme_contact_changed" } });
    const again = await admin.post("/api/admin/settings/contact", { contactPhone: "+33 1 23 45 67 89" });
    expect(again.status).toBe(200);
    expect(await app.db.auditEntry.count({ where: { action: "programme_contact_changed" } })).toBe(before);
    const last = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "programme_contact_changed" },
      orderBy: { id: "desc" },
    });
    expect(last.before).toMatchObject({ contactPhone: "+443001234567", contactHours: "Monday to Friday, 9am to 5pm" });
    expect(last.after).toMatchObject({ contactPhone: "+33123456789", contactHours: null });
    expect(last.details).toBe("Programme contact changed (phone, hours)");
  });

  it.for<[Record<string, unknown>, string]>([
    [{ contactEmail: "not an email" }, CONTACT_MESSAGES.emailInvalid],
    [{ contactEmail: "a@" }, CONTACT_MESSAGES.emailInvalid],
    [{ contactEmail: `${"a".repeat(250)}@x.io` }, "Contact email must be at most 254 characters"],
    [{ contactPhone: "12345" }, CONTACT_MESSAGES.phoneInvalid],
    [{ contactPhone: "+33 12" }, CONTACT_MESSAGES.phoneInvalid],
    [{ contactPhone: "0".repeat(40) }, CONTACT_MESSAGES.phoneInvalid],
    [{ contactHours: "x".repeat(201) }, "Opening hours must be at most 200 characters"],
    [{ contactHours: "9am\n5pm" }, "Opening hours contains characters that are not allowed"],
    [{ contactHours: "9am\u202E5pm" }, "Opening hours contains characters that are not allowed"],
    [{ contactEmail: true }, "contactEmail must be text"],
  ])("refuses %j with 400 and its message, changing nothing", async ([body, message], { app, admin }) => {
    const before = await getProgrammeContact(app.db);
    const audits = await app.db.auditEntry.count();
    const response = await admin.post("/api/admin/settings/contact", body);
    expect(response.status).toBe(400);
    expect(response.text).toBe(message);
    expect(await getProgrammeContact(app.db)).toEqual(before);
    expect(await app.db.auditEntry.count()).toBe(audits);
  });

  it("refuses a signed-out caller (401) and a customer (403); both can read it", async ({ app }) => {
    const anonymous = app.client();
    const { client: customer } = await signedInCustomer(app, "contactcustomer");
    for (const [client, status] of [
      [anonymous, 401],
      [customer, 403],
    ] as const) {
      expect((await client.post("/api/admin/settings/contact", { contactEmail: "x@y.io" })).status).toBe(status);
      expect((await client.get("/api/settings")).body.contactEmail).toBe("help@hng.example");
    }
  });

  it("concurrent changes each audit the value they really replaced; clearing everything leaves the installation's address", async ({
    app,
    adminId,
  }) => {
    const before = await app.db.auditEntry.count({ where: { action: "programme_contact_changed" } });
    const hours = ["Mon 9-5", "Tue 9-5", "Wed 9-5", "Thu 9-5", "Fri 9-5"];
    await Promise.all(hours.map((h) => setProgrammeContact(app.db, { hours: h }, { id: adminId })));
    const audits = (
      await app.db.auditEntry.findMany({ where: { action: "programme_contact_changed" }, orderBy: { id: "asc" } })
    ).slice(before - 1);
    for (let i = 1; i < audits.length; i += 1) expect(audits[i]!.before).toEqual(audits[i - 1]!.after);
    await setProgrammeContact(app.db, { email: null, phone: "", hours: null }, { id: adminId });
    expect(await getProgrammeContact(app.db)).toEqual({ email: null, phone: null, hours: null });
    expect((await app.client().graphql(CONTACT_QUERY)).data.programme).toMatchObject({
      contactEmail: "rewards@hng.example",
      contactEmailIsDefault: true,
    });
  });
});
