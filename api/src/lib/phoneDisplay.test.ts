import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { customer } from "../../test/scenarios.ts";
import { formatPhone } from "./phoneDisplay.ts";

describe("formatPhone: a stored number as people read it", () => {
  it.each([
    ["a UK mobile", "+447400535077", "07400 535077"],
    ["a London landline", "+442079460958", "020 7946 0958"],
    ["a UK non-geographic number", "+443001234567", "0300 123 4567"],
    ["a Guernsey landline (the +44 plan)", "+441481256789", "01481 256789"],
    ["an Ofcom drama number, the demo's (a UK length in a range not allocated)", "+447700900104", "07700 900104"],
    ["a French mobile", "+33612345678", "+33 6 12 34 56 78"],
    ["a US number", "+12025550123", "+1 202 555 0123"],
  ])("%s: %s reads %s", (_, stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it.each([
    ["too short for the UK", "+44 12"],
    ["too short for France", "+33 1 23"],
    ["too long for any country", "+3361234567890123"],
    ["no such country code", "+999123456789"],
    ["not a number", "not a phone"],
    ["empty", ""],
  ])("shows what is not a phone number as it was typed: %s", (_, typed) => {
    expect(formatPhone(typed)).toBe(typed);
  });
});

// The screens' side of the same texts is web/src/lib/phone.test.tsx: "020 7946 0958" and "+33 6 12 34 56 78" there too.
describe("the same text in the emails and the API's display fields; E.164 in the machine-readable ones", () => {
  it("the milestone email names the programme's phone as the pages write it", async ({ app, admin }) => {
    const set = await admin.post("/api/admin/settings/contact", {
      contactEmail: "help@hng.example",
      contactPhone: "020 7946 0958",
      contactHours: "Monday to Friday, 9am to 5pm",
    });
    expect(set.status).toBe(200);
    expect(set.body.contactPhone).toBe("+442079460958");
    const read = await app.client().graphql("query { programme { contactPhone contactPhoneDisplay } }");
    expect(read.data.programme).toEqual({ contactPhone: "+442079460958", contactPhoneDisplay: "020 7946 0958" });

    // A £100 purchase: at 11%, a £300 purchase by a friend earns £33.00, the 33% milestone.
    const { customerId, userId } = await customer(app, "phoneMilestone", { purchase: "100.00" });
    const verify = async (amount: string, phone: string) => {
      const referral = await insertReferral(app.db, customerId, { phone });
      const response = await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount });
      expect(response.status).toBe(200);
      return response.body.milestonesReached;
    };
    expect(await verify("300.00", "+33612345678")).toEqual(["milestone_33"]);
    const first = await app.db.email.findFirstOrThrow({ where: { userId, type: "MILESTONE_ACHIEVEMENT" } });
    expect(first.textBody).toContain(
      "Questions about this payment? Email help@hng.example or call 020 7946 0958 (Monday to Friday, 9am to 5pm).",
    );
    expect(first.htmlBody).toContain("call 020 7946 0958 (Monday to Friday, 9am to 5pm).");

    // A number abroad, and no email: "Call" opens the sentence.
    await admin.post("/api/admin/settings/contact", { contactEmail: null, contactPhone: "+33 6 12 34 56 78" });
    expect(await verify("300.00", "+33612345690")).toEqual(["milestone_66"]);
    const second = await app.db.email.findFirstOrThrow({
      where: { userId, type: "MILESTONE_ACHIEVEMENT" },
      orderBy: { id: "desc" },
    });
    expect(second.textBody).toContain(
      "Questions about this payment? Call +33 6 12 34 56 78 (Monday to Friday, 9am to 5pm).",
    );

    // The friend's phone stays E.164 for integrators, on GraphQL and REST alike.
    const purchased = await admin.get("/api/admin/purchased-referrals");
    expect(purchased.body[0].phone).toBe("+33612345690");
  });

  it("says nothing of a contact while none is set", async ({ app, admin }) => {
    await admin.post("/api/admin/settings/contact", { contactEmail: null, contactPhone: null, contactHours: null });
    const { customerId, userId } = await customer(app, "noContact", { purchase: "100.00" });
    const referral = await insertReferral(app.db, customerId);
    expect((await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "300.00" })).status).toBe(200);
    const email = await app.db.email.findFirstOrThrow({ where: { userId, type: "MILESTONE_ACHIEVEMENT" } });
    expect(email.textBody).not.toContain("Questions about this payment?");
  });
});
