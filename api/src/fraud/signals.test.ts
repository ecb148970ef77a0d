// The fraud signals on the running server (docs/rules/fraud.md): each signal with data that raises it
// and data that must not, on every channel; administrators only; REST as GraphQL; erasure takes the
// evidence; the settings; the report.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertPurchase, insertReferral } from "../../test/rows.ts";
import {
  clientFromAddress,
  signedInAdmin,
  signedInCustomer,
  type TestApp,
  type TestClient,
} from "../../test/testApp.ts";
import { emailKey, oneDigitApart, oneEditApart, postcodesIn } from "./normalise.ts";
import { SIGNAL_FACTS, SIGNAL_WORDS } from "./service.ts";

it.override("appOptions", { env: { TRUST_PROXY: "1", SHARE_LINK_MIN_FILL_SECONDS: "1" } });

let counter = 0;
const next = () => ++counter;
/**
 * A mobile number no other test here uses, as a customer types it: three digits twice, so any two
 * differ in at least two digits (one digit apart is the REFERRER_PHONE signal).
 */
const mobile = () => {
  const digits = String(100 + next());
  return `07400 ${digits}${digits}`;
};
const freshAddress = () => `10.38.${Math.floor(next() / 250)}.${(counter % 250) + 1}`;

/** A verified referrer with an email and postcode of the test's choosing. */
async function referrer(app: TestApp, name: string, options: { email?: string; postcode?: string } = {}) {
  const signedIn = await signedInCustomer(app, `${name}${next()}`, { postcode: options.postcode ?? "SW1A 1AA" });
  if (options.email) await app.db.user.update({ where: { id: signedIn.userId }, data: { email: options.email } });
  return signedIn;
}

/** Adds a referral through the customer's REST path; answers its id. */
async function add(client: TestClient, friend: { name?: string; phone?: string; email?: string; address?: string }) {
  const response = await client.post("/api/referrals", { name: "Fran Friend", phone: mobile(), ...friend });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

/** The referral's signals as an administrator reads them on GraphQL: kind → evidence. */
async function signalsOf(admin: TestClient, referralId: number): Promise<Record<string, string | null>> {
  const answer = await admin.graphql(
    "query ($id: ID!) { node(id: $id) { ... on Referral { signalCount signals { kind words evidence noticedAt } } } }",
    { id: encodeGlobalID("Referral", String(referralId)) },
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  const { signals, signalCount } = answer.data.node;
  expect(signalCount).toBe(signals.length);
  for (const signal of signals) expect(signal.words).toBe(SIGNAL_WORDS[signal.kind as keyof typeof SIGNAL_WORDS]);
  return Object.fromEntries(signals.map((signal: any) => [signal.kind, signal.evidence]));
}

describe("the normalised values", () => {
  it("an email's key drops a +tag and, for Gmail, the dots; PostgreSQL's generated column agrees", async ({ app }) => {
    const cases: [string, string | null][] = [
      ["Anna.Smith+ref@googlemail.com", "annasmith@gmail.com"],
      ["anna.smith@gmail.com", "annasmith@gmail.com"],
      ["anna.smith+x@example.com", "anna.smith@example.com"],
      ["jo@example.co.uk", "jo@example.co.uk"],
      ["no-at-sign", null],
    ];
    for (const [email, key] of cases) {
      expect(emailKey(email), email).toBe(key);
      const [row] = await app.db.$queryRawUnsafe<{ key: string | null }[]>(
        "select referral_email_key($1) as key",
        email,
      );
      expect(row?.key, email).toBe(key);
    }
  });

  it("one edit, one digit, and the postcodes written in an address", () => {
    expect(oneEditApart("jo.bloggs@example.com", "jo.blogs@example.com")).toBe(true);
    expect(oneEditApart("jo.bloggs@example.com", "jo.bloggz@example.com")).toBe(true);
    expect(oneEditApart("jo.bloggs@example.com", "jo.bloggs@example.com")).toBe(false);
    expect(oneEditApart("jo.bloggs@example.com", "jo.smith@example.com")).toBe(false);
    expect(oneDigitApart("+447400111111", "+447400111112")).toBe(true);
    expect(oneDigitApart("+447400111111", "+447400111122")).toBe(false);
    expect(postcodesIn("12 Park Row, Leeds ls14ap")).toEqual(["LS1 4AP"]);
    expect(postcodesIn("Flat 2, 1 High St, London SW1A 2AA, UK")).toEqual(["SW1A 2AA"]);
    expect(postcodesIn("LS1, Leeds")).toEqual([]);
  });
});

describe("the cost on an add", () => {
  it("one statement reads every fact the signals compare; its body reads each table through an index condition (no table or whole-index scan)", async ({
    app,
    uniqueName,
  }) => {
    const { client } = await referrer(app, uniqueName("Planned"));
    const id = await add(client, { email: `plan${next()}@example.com` });
    const [source] = await app.db.$queryRawUnsafe<{ body: string }[]>(
      "select prosrc as body from pg_proc where proname = 'referral_signal_facts'",
    );
    // The function's one statement, its arguments as parameters, as PostgreSQL plans it inside the function.
    const statement = /SELECT json_build_object[\s\S]*?WHERE r\.id = p_referral_id/
      .exec(source!.body)![0]
      .replace("INTO facts", "")
      .replace(/p_referral_id/g, "$1")
      .replace(/p_default_burst/g, "$2")
      .replace(/p_default_factor/g, "$3")
      .replace(/p_recent_limit/g, "$4")
      .replace(/p_phones_limit/g, "$5")
      .replace(/p_default_approval/g, "$6");
    const plan = await app.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": { Plan: unknown }[] }[]>(
        `EXPLAIN (FORMAT JSON) ${statement}`,
        id,
        10,
        300,
        1001,
        2000,
        100_000,
      );
    });
    // A scan of a whole table, or of a whole index (one with no condition, which reads every row in
    // the index's order: the same cost as a table scan), would grow with the programme.
    const scans: string[] = [];
    const walk = (node: any) => {
      const type = String(node?.["Node Type"]);
      if (type === "Seq Scan") scans.push(`${type} on ${node["Relation Name"]}`);
      if (/Index/.test(type) && !node["Index Cond"]) scans.push(`${type} on ${node["Index Name"]} without a condition`);
      for (const child of node?.Plans ?? []) walk(child);
    };
    for (const root of plan[0]!["QUERY PLAN"]) walk(root.Plan);
    expect(scans).toEqual([]);
    const { sql: text } = SIGNAL_FACTS({ referralId: id });
    expect(text).toMatch(/^select referral_signal_facts\(\$1, /);
  });
});

describe("each signal, raised and not", () => {
  it("REFERRER_EMAIL: the referrer's own address with a +tag, with Gmail's dots, or one character away; a shared surname is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const gmail = await referrer(app, uniqueName("Gmail"), { email: `anna.smith${next()}@gmail.com` });
    const gmailUser = await app.db.user.findUniqueOrThrow({ where: { id: gmail.userId } });
    const [local] = gmailUser.email.split("@");
    const dotted = await add(gmail.client, { email: `${local!.replaceAll(".", "")}+ref@googlemail.com` });
    expect(await signalsOf(admin, dotted)).toEqual({
      REFERRER_EMAIL: `email ${local!.replaceAll(".", "")}+ref@googlemail.com is the referrer's ${gmailUser.email} (a +tag or Gmail's dots aside)`,
    });

    const plain = await referrer(app, uniqueName("Tagged"), { email: `jo.bloggs${next()}@example.com` });
    const plainEmail = (await app.db.user.findUniqueOrThrow({ where: { id: plain.userId } })).email;
    const [plainLocal, domain] = plainEmail.split("@");
    const tagged = await add(plain.client, { email: `${plainLocal}+friend@${domain}` });
    expect(Object.keys(await signalsOf(admin, tagged))).toEqual(["REFERRER_EMAIL"]);
    // One character away: a letter dropped.
    const typo = await add(plain.client, { email: `${plainLocal!.replace("bloggs", "blogs")}@${domain}` });
    expect(await signalsOf(admin, typo)).toEqual({
      REFERRER_EMAIL: `email ${plainLocal!.replace("bloggs", "blogs")}@${domain} is one character away from the referrer's ${plainEmail}`,
    });
    // Not raised: the same surname (the referrer is "… Tester"), another address; dots outside Gmail count.
    const sibling = await add(plain.client, { name: "Bob Tester", email: `bob.tester${next()}@example.com` });
    expect(await signalsOf(admin, sibling)).toEqual({});
    const dotsElsewhere = await add(plain.client, { email: `${plainLocal!.replaceAll(".", "")}x@${domain}` });
    expect(await signalsOf(admin, dotsElsewhere)).toEqual({});
  });

  it("SAME_POSTCODE: the referrer's full postcode in the friend's address, however written; the same area is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client } = await referrer(app, uniqueName("Leeds"), { postcode: "LS1 4AP" });
    const same = await add(client, { address: "12 Park Row, Leeds ls14ap" });
    expect(await signalsOf(admin, same)).toEqual({ SAME_POSTCODE: "postcode LS1 4AP = referrer's" });
    const sameArea = await add(client, { address: "3 Park Square, Leeds LS1 4AB" });
    expect(await signalsOf(admin, sameArea)).toEqual({});
    const districtOnly = await add(client, { address: "Somewhere in LS1" });
    expect(await signalsOf(admin, districtOnly)).toEqual({});
  });

  it("DISPOSABLE_EMAIL: a domain on the maintained list (and under it); an ordinary domain is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client } = await referrer(app, uniqueName("Throwaway"));
    const thrown = await add(client, { email: `fran${next()}@mailinator.com` });
    expect(await signalsOf(admin, thrown)).toEqual({
      DISPOSABLE_EMAIL: "email domain mailinator.com is on the disposable email list",
    });
    const ordinary = await add(client, { email: `fran${next()}@example.org` });
    expect(await signalsOf(admin, ordinary)).toEqual({});
  });

  it("REFERRER_PHONE: one digit away from a phone the customer gave for another referral; two digits away is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client } = await referrer(app, uniqueName("Dialler"));
    const base = 100 + next();
    const first = await add(client, { phone: `07400 2${base}00` });
    const near = await add(client, { phone: `07400 2${base}01` });
    expect(Object.keys(await signalsOf(admin, first))).toEqual([]);
    const nearEvidence = await signalsOf(admin, near);
    expect(Object.keys(nearEvidence)).toEqual(["REFERRER_PHONE"]);
    expect(nearEvidence.REFERRER_PHONE).toMatch(
      new RegExp(`^phone \\+\\d+ is one digit away from the phone of referral #${first}$`),
    );
    const far = await add(client, { phone: `07400 3${base}05` });
    expect(await signalsOf(admin, far)).toEqual({});
  });

  it("FRIEND_REFERRED_ELSEWHERE: another customer's live referral of the same address under another spelling; a different person is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const first = await referrer(app, uniqueName("First"));
    const second = await referrer(app, uniqueName("Second"));
    const n = next();
    const original = await add(first.client, { email: `maria.lopez${n}@gmail.com` });
    const again = await add(second.client, { email: `marialopez${n}+b@gmail.com` });
    expect(await signalsOf(admin, again)).toEqual({
      FRIEND_REFERRED_ELSEWHERE: `email marialopez${n}+b@gmail.com matches referral #${original} of customer #${first.customerId}`,
    });
    const someoneElse = await add(second.client, { email: `maria.lopes${n}@gmail.com` });
    expect(await signalsOf(admin, someoneElse)).toEqual({});
    // At verification the first referral sees the second too (refreshed then).
    const verified = await admin.post(`/api/admin/referrals/${original}/purchase`, { amount: "100.00", notes: "ok" });
    expect(verified.status, verified.text).toBe(200);
    expect(Object.keys(await signalsOf(admin, original))).toEqual(["FRIEND_REFERRED_ELSEWHERE"]);
  });

  it("FRIEND_READDED: only while the earlier referral still holds the details; a withdrawal erases them, so nothing matches", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client, customerId } = await referrer(app, uniqueName("Readder"));
    const phone = mobile();
    const withdrawnId = await add(client, { phone });
    expect((await client.post(`/api/referrals/${withdrawnId}/withdraw`)).status).toBe(200);
    const readded = await add(client, { phone });
    expect(await signalsOf(admin, readded)).toEqual({});
    // An expired row not yet erased (the hourly job erases it): its phone is still held, so it matches.
    const held = await insertReferral(app.db, customerId, { phone: `+4474006${String(90000 + next()).slice(-5)}` });
    await app.db.referral.update({ where: { id: held.id }, data: { status: "EXPIRED" } });
    const back = await add(client, { phone: `0${held.phone!.slice(3)}` });
    expect(await signalsOf(admin, back)).toEqual({
      FRIEND_READDED: `phone ${held.phone} matches referral #${held.id} (expired)`,
    });
  });

  it("BURST: more than the setting's referrals (10) by one customer within an hour; the same number spread over longer is not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const busy = await referrer(app, uniqueName("Busy"));
    for (let i = 0; i < 10; i++)
      await insertReferral(app.db, busy.customerId, { createdAt: new Date(Date.now() - (i + 1) * 60_000) });
    const eleventh = await add(busy.client, {});
    expect(await signalsOf(admin, eleventh)).toEqual({
      BURST: "11 referrals by this customer in the hour up to this one (the setting allows 10)",
    });
    const steady = await referrer(app, uniqueName("Steady"));
    for (let i = 0; i < 10; i++)
      await insertReferral(app.db, steady.customerId, { createdAt: new Date(Date.now() - (61 + i) * 60_000) });
    expect(await signalsOf(admin, await add(steady.client, {}))).toEqual({});
  });

  it("AMOUNT_UNUSUAL at verification: above the referrer's purchase × 300%; at it is not; shown as of the verification", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client } = await referrer(app, uniqueName("Spender"));
    const atCeiling = await add(client, {});
    const above = await add(client, {});
    expect(await signalsOf(admin, above)).toEqual({});
    // Flagged and above the flagged verification approval, the second waits for another administrator (202).
    for (const [id, amount, status] of [
      [atCeiling, "3000.00", 200],
      [above, "3000.01", 202],
    ] as const) {
      const verified = await admin.post(`/api/admin/referrals/${id}/purchase`, { amount, notes: "checked by phone" });
      expect(verified.status, verified.text).toBe(status);
    }
    expect(await signalsOf(admin, atCeiling)).toEqual({});
    expect(await signalsOf(admin, above)).toEqual({
      AMOUNT_UNUSUAL: "£3,000.01 is above 300% of the referrer's own purchase of £1,000.00",
    });
  });

  it("AMOUNT_UNUSUAL: above the programme's 99th percentile once it has 100 live purchases", async ({
    app,
    admin,
    adminId,
    uniqueName,
  }) => {
    const many = await referrer(app, uniqueName("Many"));
    for (let i = 0; i < 100; i++) {
      const referral = await insertReferral(app.db, many.customerId, { status: "PURCHASED" });
      await insertPurchase(app.db, {
        referralId: referral.id,
        customerId: many.customerId,
        amountPence: 10_000,
        creditPence: 1_100,
        actorId: adminId,
      });
    }
    // A referrer whose own purchase is large (the factor's ceiling is far above), buying above every other.
    const big = await signedInCustomer(app, uniqueName("Big"), { originalPurchaseAmount: "100000.00" });
    const id = await add(big.client, {});
    const verified = await admin.post(`/api/admin/referrals/${id}/purchase`, {
      amount: "5000.00",
      notes: "large order",
    });
    // Flagged and above the flagged verification approval: a request another administrator decides (202).
    expect(verified.status, verified.text).toBe(202);
    const evidence = await signalsOf(admin, id);
    expect(Object.keys(evidence)).toEqual(["AMOUNT_UNUSUAL"]);
    expect(evidence.AMOUNT_UNUSUAL).toMatch(
      /^£5,000\.00 is above the programme's 99th percentile of £[\d,.]+ \(\d+ purchases\)$/,
    );
  });

  it("SHARED_DEVICE: share-link submissions for different customers from one address or browser; two friends of one customer are not", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const alice = await referrer(app, uniqueName("Alice"));
    const bob = await referrer(app, uniqueName("Bob"));
    const linkOf = async (client: TestClient) => (await client.get("/api/referrals/share-link")).body.code as string;
    const [aliceCode, bobCode] = [await linkOf(alice.client), await linkOf(bob.client)];
    const browser = clientFromAddress(app, freshAddress());
    const send = async (code: string) => {
      const form = new URLSearchParams({
        name: "Fran Friend",
        phone: mobile(),
        email: "",
        postcode: "SW1A 2AA",
        consent: "yes",
        website: "",
        stamp: app.deps.shareLinkGuard.formStamp(code, Date.now() - 30_000),
      });
      const response = await browser.request("POST", `/r/${code}`, {
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.status, response.text).toBe(200);
    };
    await send(aliceCode);
    await send(aliceCode);
    const aliceReferrals = await app.db.referral.findMany({
      where: { customerId: alice.customerId },
      orderBy: { id: "asc" },
    });
    expect(aliceReferrals).toHaveLength(2);
    for (const referral of aliceReferrals) expect(await signalsOf(admin, referral.id)).toEqual({});
    await send(bobCode);
    const bobReferral = await app.db.referral.findFirstOrThrow({ where: { customerId: bob.customerId } });
    expect(await signalsOf(admin, bobReferral.id)).toEqual({
      SHARED_DEVICE: `the same browser sent referral #${aliceReferrals[0]!.id} for customer #${alice.customerId}`,
    });
  });

  it("every channel: staff recording a referral on the customer's behalf raises the same signals", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const customer = await referrer(app, uniqueName("Walkin"), { postcode: "M1 1AE" });
    const staffName = uniqueName("staffer");
    const staff = await signedInAdmin(app, staffName);
    await app.db.user.update({ where: { username: staffName }, data: { role: "STAFF" } });
    const recorded = await staff.graphql(
      `mutation ($input: RecordReferralForCustomerInput!) { recordReferralForCustomer(input: $input) {
        __typename ... on Error { code message } ... on MutationRecordReferralForCustomerSuccess { data { referral { id } } } } }`,
      {
        input: {
          customerId: encodeGlobalID("StaffCustomerCard", String(customer.customerId)),
          name: "Walk In",
          phone: mobile(),
          postcode: "m11ae",
          consentConfirmed: true,
        },
      },
    );
    expect(recorded.data?.recordReferralForCustomer.__typename, JSON.stringify(recorded)).toBe(
      "MutationRecordReferralForCustomerSuccess",
    );
    const referral = await app.db.referral.findFirstOrThrow({ where: { customerId: customer.customerId } });
    expect(referral.channel).toBe("STAFF");
    expect(await signalsOf(admin, referral.id)).toEqual({ SAME_POSTCODE: "postcode M1 1AE = referrer's" });
  });

  it("a correction recomputes them: the referrer's address given later raises REFERRER_EMAIL, taking it away removes it", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client, userId } = await referrer(app, uniqueName("Fixer"));
    const own = (await app.db.user.findUniqueOrThrow({ where: { id: userId } })).email;
    const phone = mobile();
    const id = await add(client, { phone });
    expect(await signalsOf(admin, id)).toEqual({});
    const [local, domain] = own.split("@");
    const corrected = await client.post(`/api/referrals/${id}/update`, {
      name: "Fran Friend",
      phone,
      email: `${local}+fix@${domain}`,
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(Object.keys(await signalsOf(admin, id))).toEqual(["REFERRER_EMAIL"]);
    const back = await client.post(`/api/referrals/${id}/update`, { name: "Fran Friend", phone });
    expect(back.status, back.text).toBe(200);
    expect(await signalsOf(admin, id)).toEqual({});
  });
});

describe("who sees them", () => {
  it("administrators only: a customer and staff are refused the fields; REST's admin lists carry them as GraphQL does", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client, customerId, userId } = await referrer(app, uniqueName("Seen"));
    const own = (await app.db.user.findUniqueOrThrow({ where: { id: userId } })).email;
    const [local, domain] = own.split("@");
    const id = await add(client, { email: `${local}+me@${domain}`, address: "1 Test Street, SW1A 1AA" });

    const asCustomer = await client.graphql(
      "{ viewer { customer { referrals(first: 5) { edges { node { databaseId signalCount signals { kind } } } } } } }",
    );
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(asCustomer.data ?? null)).not.toContain("REFERRER_EMAIL");
    const customerRest = await client.get("/api/referrals");
    expect(customerRest.status).toBe(200);
    expect(customerRest.text).not.toContain("signal");

    const staffName = uniqueName("viewer-staff");
    const staff = await signedInAdmin(app, staffName);
    await app.db.user.update({ where: { username: staffName }, data: { role: "STAFF" } });
    const asStaff = await staff.graphql("query ($id: ID!) { node(id: $id) { ... on Referral { signals { kind } } } }", {
      id: encodeGlobalID("Referral", String(id)),
    });
    expect(asStaff.data?.node ?? null).toBeNull();
    expect(asStaff.errors?.length).toBeGreaterThan(0);

    const graph = await signalsOf(admin, id);
    expect(Object.keys(graph).sort()).toEqual(["REFERRER_EMAIL", "SAME_POSTCODE"]);
    const pending = await admin.get("/api/admin/referrals/pending?order=newest&limit=50");
    expect(pending.status, pending.text).toBe(200);
    const row = pending.body.find((r: any) => r.id === id);
    expect(row.signalCount).toBe(2);
    expect(Object.fromEntries(row.signals.map((s: any) => [s.kind, s.evidence]))).toEqual({
      referrer_email: graph.REFERRER_EMAIL,
      same_postcode: graph.SAME_POSTCODE,
    });
    const detailed = await admin.get(`/api/admin/referrals-detailed?customerId=${customerId}`);
    expect(detailed.body.find((r: any) => r.id === id)).toMatchObject({ signalCount: 2 });
    const queue = await admin.graphql(
      `{ pendingReferrals(first: 100, order: NEWEST_FIRST) { edges { node { databaseId signalCount } } } }`,
    );
    expect(queue.data.pendingReferrals.edges.find((e: any) => e.node.databaseId === id).node.signalCount).toBe(2);
    expect((await admin.post(`/api/admin/referrals/${id}/purchase`, { amount: "10.00", notes: "known" })).status).toBe(
      200,
    );
    const purchased = await admin.get("/api/admin/purchased-referrals");
    expect(purchased.body.find((r: any) => r.id === id)).toMatchObject({ signalCount: 2 });
  });
});

describe("erasure takes the evidence", () => {
  it("a withdrawal, an erasure on request and an account's deletion clear each signal's evidence and the device id; the kinds stay", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const { client, userId, customerId } = await referrer(app, uniqueName("Eraser"), { postcode: "LS1 4AP" });
    const withdrawn = await add(client, { address: "LS1 4AP" });
    const onRequest = await add(client, { address: "LS1 4AP" });
    const byDeletion = await add(client, { address: "LS1 4AP" });
    for (const id of [withdrawn, onRequest, byDeletion])
      expect(await signalsOf(admin, id)).toEqual({ SAME_POSTCODE: "postcode LS1 4AP = referrer's" });

    expect((await client.post(`/api/referrals/${withdrawn}/withdraw`)).status).toBe(200);
    const erased = await admin.post(`/api/admin/referrals/${onRequest}/erase`, { reason: "Asked by phone" });
    expect(erased.status, erased.text).toBe(200);
    for (const id of [withdrawn, onRequest]) expect(await signalsOf(admin, id)).toEqual({ SAME_POSTCODE: null });
    expect(await signalsOf(admin, byDeletion)).toEqual({ SAME_POSTCODE: "postcode LS1 4AP = referrer's" });

    const deleted = await admin.post(`/api/admin/customers/${customerId}/erase`, { reason: "Asked in writing" });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await signalsOf(admin, byDeletion)).toEqual({ SAME_POSTCODE: null });
    const left = await app.db.referralSignal.findMany({ where: { referral: { customerId } } });
    expect(left.map((signal) => [signal.kind, signal.evidence])).toEqual([
      ["SAME_POSTCODE", null],
      ["SAME_POSTCODE", null],
      ["SAME_POSTCODE", null],
    ]);
    expect(userId).toBeGreaterThan(0);
  });

  it("a share-link friend's device id goes with their details", async ({ app, uniqueName }) => {
    const { client, customerId } = await referrer(app, uniqueName("Device"));
    const code = (await client.get("/api/referrals/share-link")).body.code as string;
    const browser = clientFromAddress(app, freshAddress());
    const form = new URLSearchParams({
      name: "Dev Friend",
      phone: mobile(),
      email: "",
      postcode: "SW1A 2AA",
      consent: "yes",
      website: "",
      stamp: app.deps.shareLinkGuard.formStamp(code, Date.now() - 30_000),
    });
    const sent = await browser.request("POST", `/r/${code}`, {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(sent.status).toBe(200);
    const referral = await app.db.referral.findFirstOrThrow({
      where: { customerId },
      include: { shareLinkConsent: true },
    });
    expect(referral.shareLinkConsent?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await client.post(`/api/referrals/${referral.id}/withdraw`)).status).toBe(200);
    const after = await app.db.shareLinkConsent.findUniqueOrThrow({ where: { referralId: referral.id } });
    expect(after.deviceId).toBeNull();
    expect(after.ipAddress).toBeNull();
  });
});

describe("the settings", () => {
  it("lowering applies at once, a raise waits for another administrator (202), on REST and GraphQL", async ({
    app,
    admin,
  }) => {
    expect((await admin.get("/api/admin/settings/signal-burst-per-hour")).body).toEqual({ signalBurstPerHour: 10 });
    expect((await admin.get("/api/admin/settings/signal-amount-factor")).body).toEqual({
      signalAmountFactorPercent: 300,
    });
    const lowered = await admin.post("/api/admin/settings/signal-burst-per-hour", { perHour: 5 });
    expect(lowered.status, lowered.text).toBe(200);
    expect(lowered.body).toEqual({ signalBurstPerHour: 5 });
    const raised = await admin.post("/api/admin/settings/signal-burst-per-hour", { perHour: 12 });
    expect(raised.status, raised.text).toBe(202);
    expect(raised.body.request).toMatchObject({ setting: "signal_burst_per_hour", fromValue: 5, toValue: 12 });
    const second = await signedInAdmin(app, "fraud-second-admin");
    const approved = await second.post(`/api/admin/setting-change-requests/${raised.body.request.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect((await admin.get("/api/admin/settings/signal-burst-per-hour")).body).toEqual({ signalBurstPerHour: 12 });
    // Back to the default, lowering: at once.
    expect((await admin.post("/api/admin/settings/signal-burst-per-hour", { perHour: 10 })).status).toBe(200);

    const factor = await admin.graphql(
      `mutation { setSignalAmountFactor(input: { percent: 400 }) { __typename ... on SettingChangeAwaitingApproval { request { setting fromValue toValue } } } }`,
    );
    expect(factor.data.setSignalAmountFactor).toEqual({
      __typename: "SettingChangeAwaitingApproval",
      request: { setting: "SIGNAL_AMOUNT_FACTOR", fromValue: 300, toValue: 400 },
    });
    const bad = await admin.post("/api/admin/settings/signal-amount-factor", { percent: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.error ?? bad.text).toContain("from 100");
    const audit = await app.db.auditEntry.findFirst({
      where: { action: "signal_burst_per_hour_changed" },
      orderBy: { id: "asc" },
    });
    expect(audit?.details).toBe("Burst signal's limit changed from 10 to 5 referrals an hour");
  });
});

describe("the fraud report", () => {
  it("by kind (every kind) with outcomes, and by customer; the CSV says the same; customers are refused", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const query = `{ fraudSignalReport(from: "${today}", to: "${today}") {
      kinds { kind words flagged verified withdrawn held expired pending }
      customers { customerDatabaseId customerName flagged signals verified withdrawn held expired pending } } }`;
    const before = (await admin.graphql(query)).data.fraudSignalReport;
    const { client, customerId } = await referrer(app, uniqueName("Reported"), { postcode: "LS1 4AP" });
    const kept = await add(client, { address: "LS1 4AP", email: `t${next()}@mailinator.com` });
    const dropped = await add(client, { address: "LS1 4AP" });
    expect((await client.post(`/api/referrals/${dropped}/withdraw`)).status).toBe(200);
    const bought = await add(client, { address: "LS1 4AP" });
    expect((await admin.post(`/api/admin/referrals/${bought}/purchase`, { amount: "20.00", notes: "ok" })).status).toBe(
      200,
    );
    expect(kept).toBeGreaterThan(0);
    const held = await add(client, { address: "LS1 4AP" });
    expect((await admin.post(`/api/admin/referrals/${held}/hold`, { note: "Same postcode: asking" })).status).toBe(200);

    const after = (await admin.graphql(query)).data.fraudSignalReport;
    const kind = (report: any, name: string) => report.kinds.find((row: any) => row.kind === name);
    expect(after.kinds.map((row: any) => row.kind)).toEqual([
      "REFERRER_EMAIL",
      "REFERRER_PHONE",
      "SAME_POSTCODE",
      "DISPOSABLE_EMAIL",
      "FRIEND_REFERRED_ELSEWHERE",
      "FRIEND_READDED",
      "SHARED_DEVICE",
      "BURST",
      "AMOUNT_UNUSUAL",
    ]);
    const delta = (name: string, field: string) => kind(after, name)[field] - kind(before, name)[field];
    expect(["flagged", "verified", "withdrawn", "held", "pending"].map((f) => delta("SAME_POSTCODE", f))).toEqual([
      4, 1, 1, 1, 1,
    ]);
    expect(delta("DISPOSABLE_EMAIL", "flagged")).toBe(1);
    expect(kind(after, "SAME_POSTCODE").words).toBe(SIGNAL_WORDS.SAME_POSTCODE);
    const mine = after.customers.find((row: any) => row.customerDatabaseId === customerId);
    expect(mine).toMatchObject({ flagged: 4, signals: 5, verified: 1, withdrawn: 1, pending: 1, expired: 0, held: 1 });

    const csv = await admin.get(`/api/admin/reports/fraud-signals?from=${today}&to=${today}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "section,kind,words,customerId,customerName,flagged,signals,verified,withdrawn,held,expired,pending",
    );
    const postcodeRow = kind(after, "SAME_POSTCODE");
    expect(lines).toContain(
      `kind,same_postcode,${SIGNAL_WORDS.SAME_POSTCODE},,,${postcodeRow.flagged},,${postcodeRow.verified},${postcodeRow.withdrawn},${postcodeRow.held},${postcodeRow.expired},${postcodeRow.pending}`,
    );
    expect(lines.some((line) => line.startsWith(`customer,,,${customerId},`))).toBe(true);
    const json = await admin.get(`/api/admin/reports/fraud-signals?from=${today}&to=${today}&format=json`);
    expect(json.status).toBe(200);

    const refused = await client.graphql(query);
    expect(refused.data?.fraudSignalReport ?? null).toBeNull();
    expect((await client.get(`/api/admin/reports/fraud-signals?from=${today}&to=${today}`)).status).toBe(403);
  });
});
