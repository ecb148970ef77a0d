import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { clientFromAddress, signedInCustomer, type TestApp, type TestClient } from "../../test/testApp.ts";
import { FRIEND_PAGE_TEXTS } from "./friendPage.ts";
import { CODE_ALPHABET, CONSENT_WORDING, CONSENT_WORDING_VERSION } from "./service.ts";

// Small limits, so each abuse rule is reached in a few requests; every test sends from its own addresses.
it.override("appOptions", {
  env: {
    TRUST_PROXY: "1",
    SHARE_LINK_PER_ADDRESS_PER_HOUR: "4",
    SHARE_LINK_PER_NETWORK_PER_HOUR: "6",
    SHARE_LINK_PER_LINK_PER_HOUR: "8",
    SHARE_LINK_PER_FRIEND_PER_DAY: "2",
    SHARE_LINK_MIN_FILL_SECONDS: "2",
  },
});

let counter = 0;
const next = () => ++counter;
const mobile = () => `07400 ${String(500000 + next()).slice(-6)}`;
/** A client address of its own for each call (IPv4, through the trusted proxy). */
const freshAddress = () => `10.36.${Math.floor(next() / 250)}.${(counter % 250) + 1}`;

async function linkOf(client: TestClient): Promise<{ code: string; url: string }> {
  const response = await client.get("/api/referrals/share-link");
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The friend's form as a browser with JavaScript off sends it: urlencoded, the signed time as served. */
async function sendForm(
  app: TestApp,
  friend: TestClient,
  code: string,
  fields: Record<string, string> = {},
  servedSecondsAgo = 30,
) {
  const form = new URLSearchParams({
    name: "Fran Friend",
    phone: mobile(),
    email: "",
    postcode: "SW1A 2AA",
    consent: "yes",
    website: "",
    stamp: app.deps.shareLinkGuard.formStamp(code, Date.now() - servedSecondsAgo * 1000),
    ...fields,
  });
  return friend.request("POST", `/r/${code}`, {
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const referralsThroughLink = (app: TestApp, customerId: number) =>
  app.db.referral.findMany({ where: { customerId, channel: "SHARE_LINK" }, include: { shareLinkConsent: true } });

describe("a customer's share link", () => {
  it("is made on first read: 8 characters from the alphabet with no look-alikes, the same on every read (REST and GraphQL); none while not verified", async ({
    app,
    uniqueName,
  }) => {
    const { client } = await signedInCustomer(app, uniqueName("Sharer"));
    const first = await linkOf(client);
    expect(first.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(first.code).not.toMatch(/[01OIL]/);
    expect(first.url).toBe(`${app.deps.config.publicUrl}/r/${first.code}`);
    const graphql = await client.graphql(
      "{ viewer { customer { shareLink { code url paused opens signUps shareMessage } } } }",
    );
    expect(graphql.data.viewer.customer.shareLink).toMatchObject({
      code: first.code,
      paused: false,
      opens: 0,
      signUps: 0,
    });
    expect(graphql.data.viewer.customer.shareLink.shareMessage).toMatch(new RegExp(`${first.url}$`));
    expect((await linkOf(client)).code).toBe(first.code);

    const pending = await signedInCustomer(app, uniqueName("Pending"), { verified: false });
    expect((await pending.client.get("/api/referrals/share-link")).body).toBeNull();
    expect((await pending.client.post("/api/referrals/share-link/renew")).status).toBe(403);
    expect(await app.db.shareLink.count({ where: { customerId: pending.customerId } })).toBe(0);
  });

  it("renewing gives a new code; the old one then opens 'this link is no longer active'; audited", async ({
    app,
    customer,
  }) => {
    const old = await linkOf(customer.client);
    const renewed = await customer.client.post("/api/referrals/share-link/renew");
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.code).not.toBe(old.code);
    expect((await linkOf(customer.client)).code).toBe(renewed.body.code);

    const friend = app.client();
    const gone = await friend.get(`/r/${old.code}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain(FRIEND_PAGE_TEXTS.inactiveTitle);
    expect(gone.text).not.toContain("<form");
    expect((await friend.get(`/r/${renewed.body.code}`)).status).toBe(200);
    expect(
      await app.db.auditEntry.count({
        where: { action: "share_link_renewed", resourceId: String(customer.customerId) },
      }),
    ).toBe(1);
  });

  it("an administrator pauses and unpauses it (audited): paused, the page takes no details; a customer cannot pause", async ({
    app,
    admin,
    customer,
  }) => {
    const { code } = await linkOf(customer.client);
    const path = `/api/admin/customers/${customer.customerId}/share-link/pause`;
    expect((await customer.client.post(path, { paused: true })).status).toBe(403);
    expect((await admin.post(path, { paused: "yes" })).status).toBe(400);
    const paused = await admin.post(path, { paused: true });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ customerId: customer.customerId, code, paused: true });

    const friend = clientFromAddress(app, freshAddress());
    const page = await friend.get(`/r/${code}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain(FRIEND_PAGE_TEXTS.inactiveTitle);
    expect((await sendForm(app, friend, code)).status).toBe(410);
    expect(await referralsThroughLink(app, customer.customerId)).toHaveLength(0);
    // A new code does not lift the administrator's pause.
    expect((await customer.client.post("/api/referrals/share-link/renew")).body.paused).toBe(true);

    const graphql = await admin.graphql(
      `mutation($input: SetShareLinkPausedInput!) { setShareLinkPaused(input: $input) {
        __typename ... on MutationSetShareLinkPausedSuccess { data { shareLink { paused } customer { databaseId } } } } }`,
      { input: { customerId: encodeGlobalID("Customer", String(customer.customerId)), paused: false } },
    );
    expect(graphql.data.setShareLinkPaused.data).toEqual({
      shareLink: { paused: false },
      customer: { databaseId: customer.customerId },
    });
    const current = await linkOf(customer.client);
    expect((await friend.get(`/r/${current.code}`)).status).toBe(200);
    const audit = await app.db.auditEntry.findMany({
      where: {
        resourceType: "customer",
        resourceId: String(customer.customerId),
        action: { startsWith: "share_link_" },
      },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      "share_link_paused",
      "share_link_renewed",
      "share_link_unpaused",
    ]);
  });
});

describe("the friend's page, with JavaScript off", () => {
  it("shows the programme, the referrer's first name only and a labelled form, counts the open without a cookie", async ({
    app,
    uniqueName,
  }) => {
    const referrer = await signedInCustomer(app, uniqueName("Rhona"));
    await app.db.user.update({
      where: { id: referrer.userId },
      data: { firstName: "Rhona Mae", lastName: "Secretsurname" },
    });
    const { code } = await linkOf(referrer.client);
    const friend = app.client();
    const page = await friend.get(`/r/${code.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain("Rhona thinks you may like a quote");
    expect(page.text).not.toMatch(/Mae|Secretsurname|SW1A 1AA|HNG-Rhona/);
    expect(page.text).not.toContain("<script");
    for (const field of ["name", "phone", "email", "postcode", "consent"])
      expect(page.text).toMatch(new RegExp(`<label[^>]* for="${field}"`));
    expect(page.text).toContain(`${CONSENT_WORDING}.`);
    expect(page.text).toContain(`<form method="post" action="/r/${code}"`);
    expect((await linkOf(referrer.client)) as unknown).toMatchObject({ code });
    const figures = await referrer.client.graphql("{ viewer { customer { shareLink { opens signUps } } } }");
    expect(figures.data.viewer.customer.shareLink).toEqual({ opens: 1, signUps: 0 });
    expect((await friend.get("/r/ZZZZZZZZ")).status).toBe(404);
  });

  it("a plain form post adds the friend as the referrer's SHARE_LINK referral, with the consent record, the friend's email and the referrer's activity and email", async ({
    app,
    customer,
  }) => {
    const { code } = await linkOf(customer.client);
    const address = freshAddress();
    const friend = clientFromAddress(app, address);
    const answer = await sendForm(app, friend, code, {
      name: "Fiona Friend",
      phone: "07400 654321",
      email: "Fiona@Example.com",
      postcode: "EC1A 1BB",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain(FRIEND_PAGE_TEXTS.received);
    expect(answer.headers.get("set-cookie")).toMatch(
      /^hng_share_device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const [referral] = await referralsThroughLink(app, customer.customerId);
    expect(referral).toMatchObject({
      name: "Fiona Friend",
      phone: "+447400654321",
      email: "fiona@example.com",
      address: "EC1A 1BB",
      status: "PENDING",
      channel: "SHARE_LINK",
    });
    expect(referral?.shareLinkConsent).toMatchObject({ wordingVersion: CONSENT_WORDING_VERSION, ipAddress: address });
    expect(Math.abs((referral?.shareLinkConsent?.givenAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const friendEmail = await app.db.email.findFirstOrThrow({
      where: { type: "SHARE_LINK_FRIEND_CONFIRMATION", referralId: referral?.id },
    });
    expect(friendEmail.toAddress).toBe("fiona@example.com");
    expect(friendEmail.textBody).toContain("Fiona Friend");
    expect(friendEmail.textBody).toContain("EC1A 1BB");
    expect(friendEmail.textBody).toMatch(/\/r\/withdraw\?token=[A-Za-z0-9_-]{43}/);

    const activities = await customer.client.get("/api/activities");
    expect(activities.body[0]).toMatchObject({
      type: "referral_added",
      description: "Referral added through your link: Fiona Friend",
    });
    const alert = await app.db.email.findFirstOrThrow({
      where: { type: "NEW_REFERRAL_ALERT", referralId: referral?.id },
    });
    expect(alert.textBody).toContain("added their details through your link");

    const audit = await app.db.auditEntry.findFirstOrThrow({
      where: { action: "share_link_submission" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ resourceType: "share_link", ipAddress: address });
    expect(audit.after).toMatchObject({
      outcome: "added",
      referralId: referral?.id,
      device: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(JSON.stringify(audit)).not.toMatch(/Fiona|654321|EC1A/i);
    const figures = await customer.client.get("/api/referrals/share-link");
    expect(figures.body.signUps).toBe(1);
  });

  it("a refused field is shown beside it with the values kept; without the consent box nothing is stored", async ({
    app,
    customer,
  }) => {
    const { code } = await linkOf(customer.client);
    const friend = clientFromAddress(app, freshAddress());
    const badPhone = await sendForm(app, friend, code, { name: "Kept Name", phone: "12" });
    expect(badPhone.status).toBe(400);
    expect(badPhone.text).toContain('aria-invalid="true" aria-describedby="phone-error"');
    expect(badPhone.text).toContain('value="Kept Name"');
    const noConsent = await sendForm(app, friend, code, { consent: "" });
    expect(noConsent.status).toBe(400);
    expect(noConsent.text).toContain('id="consent-error"');
    expect(await referralsThroughLink(app, customer.customerId)).toHaveLength(0);
  });

  it("refuses a cross-site post, and a form whose signed time is missing or forged (served again, nothing stored)", async ({
    app,
    customer,
  }) => {
    const { code } = await linkOf(customer.client);
    const friend = clientFromAddress(app, freshAddress());
    const crossSite = await friend.request("POST", `/r/${code}`, {
      body: "name=A&phone=07400111111&postcode=X&consent=yes",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    for (const stamp of ["", "123.abc", `${Date.now() - 60_000}.forged`]) {
      const answer = await sendForm(app, friend, code, { stamp });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(FRIEND_PAGE_TEXTS.stale);
    }
    expect(await referralsThroughLink(app, customer.customerId)).toHaveLength(0);
  });
});

describe("a refusal never tells whether the friend is known", () => {
  it("a friend already referred elsewhere, the referrer's own email and the referrer's daily limit all answer as an add does, storing nothing", async ({
    app,
    uniqueName,
  }) => {
    const referrer = await signedInCustomer(app, uniqueName("Quiet"));
    const other = await signedInCustomer(app, uniqueName("Other"));
    const known = mobile();
    expect((await other.client.post("/api/referrals", { name: "Known Person", phone: known })).status).toBe(200);
    const { code } = await linkOf(referrer.client);
    const added = await sendForm(app, clientFromAddress(app, freshAddress()), code);
    expect(added.status).toBe(200);
    const user = await app.db.user.findUniqueOrThrow({ where: { id: referrer.userId } });
    const refusals = [
      await sendForm(app, clientFromAddress(app, freshAddress()), code, { phone: known }),
      await sendForm(app, clientFromAddress(app, freshAddress()), code, { email: user.email }),
    ];
    for (let i = 0; i < 20; i++) await insertReferral(app.db, referrer.customerId);
    refusals.push(await sendForm(app, clientFromAddress(app, freshAddress()), code));
    for (const refusal of refusals) {
      expect(refusal.status).toBe(added.status);
      expect(refusal.text).toBe(added.text);
    }
    expect(await referralsThroughLink(app, referrer.customerId)).toHaveLength(1);
    const outcomes = await app.db.auditEntry.findMany({
      where: { action: "share_link_submission" },
      orderBy: { id: "desc" },
      take: 3,
    });
    expect(outcomes.map((entry) => (entry.after as { outcome: string }).outcome).sort()).toEqual([
      "refused_conflict",
      "refused_conflict",
      "refused_rate_limited",
    ]);
  });
});

describe("abuse, against the running server", () => {
  it("the hidden field and a form sent back too soon are answered as people are, and store nothing", async ({
    app,
    customer,
  }) => {
    const { code } = await linkOf(customer.client);
    const bot = clientFromAddress(app, freshAddress());
    const honeypot = await sendForm(app, bot, code, { website: "http://spam.example" });
    const tooSoon = await sendForm(app, bot, code, {}, 0);
    for (const answer of [honeypot, tooSoon]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(FRIEND_PAGE_TEXTS.received);
    }
    expect(await referralsThroughLink(app, customer.customerId)).toHaveLength(0);
    const audit = await app.db.auditEntry.findMany({
      where: { action: "share_link_submission" },
      orderBy: { id: "desc" },
      take: 2,
    });
    expect(audit.map((entry) => (entry.after as { outcome: string }).outcome)).toEqual([
      "refused_as_bot",
      "refused_as_bot",
    ]);
  });

  it("throttles per address: past 4 an hour, 429 with Retry-After, even on another link", async ({
    app,
    uniqueName,
  }) => {
    const a = await signedInCustomer(app, uniqueName("LinkA"));
    const b = await signedInCustomer(app, uniqueName("LinkB"));
    const codes = [(await linkOf(a.client)).code, (await linkOf(b.client)).code];
    const friend = clientFromAddress(app, freshAddress());
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await sendForm(app, friend, codes[i % 2] ?? ""));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429]);
    expect(Number(answers[4]?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answers[4]?.text).toContain("Too many details were sent");
  });

  it("throttles per IPv6 /64: six addresses of one /64 pass, the seventh is refused", async ({ app, customer }) => {
    const { code } = await linkOf(customer.client);
    // Seven addresses, each sending once (under the per-address limit), all in one /64.
    const network = `2001:db8:36ff:${next()}`;
    const sameNetwork = [];
    for (let i = 1; i <= 7; i++)
      sameNetwork.push((await sendForm(app, clientFromAddress(app, `${network}::${i}`), code, { consent: "" })).status);
    expect(sameNetwork).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it("throttles per link: past 8 an hour through one link, from any address", async ({ app, customer }) => {
    const { code } = await linkOf(customer.client);
    const statuses = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await sendForm(app, clientFromAddress(app, freshAddress()), code, { consent: "" })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 429]);
  });

  it("one friend sent again through other links is refused alike, and counted across links", async ({
    app,
    uniqueName,
  }) => {
    const phone = mobile();
    const codes = [];
    for (const name of ["RepA", "RepB", "RepC"])
      codes.push((await linkOf((await signedInCustomer(app, uniqueName(name))).client)).code);
    const answers = [];
    for (const code of codes)
      answers.push(await sendForm(app, clientFromAddress(app, freshAddress()), code, { phone }));
    expect(answers.map((answer) => answer.text)).toEqual(Array(3).fill(answers[0]?.text));
    expect(await app.db.referral.count({ where: { phone: `+44${phone.replace(/\s/g, "").slice(1)}` } })).toBe(1);
    const audit = await app.db.auditEntry.findMany({
      where: { action: "share_link_submission" },
      orderBy: { id: "desc" },
      take: 3,
    });
    expect(audit.map((entry) => (entry.after as { outcome: string }).outcome)).toEqual([
      "refused_friend_repeated",
      "refused_conflict",
      "added",
    ]);
  });
});

describe("the friend's details: withdrawal, erasure and the referrer's download", () => {
  async function addFriend(app: TestApp, client: TestClient, email: string) {
    const { code } = await linkOf(client);
    expect(
      (await sendForm(app, clientFromAddress(app, freshAddress()), code, { email, name: "Wanda Withdraw" })).status,
    ).toBe(200);
    const email_ = await app.db.email.findFirstOrThrow({
      where: { toAddress: email, type: "SHARE_LINK_FRIEND_CONFIRMATION" },
    });
    const link = /\/r\/withdraw\?token=([A-Za-z0-9_-]{43})/.exec(email_.textBody);
    return { token: link?.[1] ?? "", referralId: email_.referralId ?? 0 };
  }

  it("the emailed link asks first (opening it erases nothing), then erases the friend's details at once; it works once", async ({
    app,
    customer,
  }) => {
    const { token, referralId } = await addFriend(app, customer.client, "wanda@example.com");
    const friend = clientFromAddress(app, freshAddress());
    const ask = await friend.get(`/r/withdraw?token=${token}`);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain(FRIEND_PAGE_TEXTS.withdrawTitle);
    expect((await app.db.referral.findUniqueOrThrow({ where: { id: referralId } })).name).toBe("Wanda Withdraw");

    const erase = () =>
      friend.request("POST", "/r/withdraw", {
        body: `token=${token}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const done = await erase();
    expect(done.status).toBe(200);
    expect(done.text).toContain(FRIEND_PAGE_TEXTS.withdrawnTitle);
    const referral = await app.db.referral.findUniqueOrThrow({
      where: { id: referralId },
      include: { shareLinkConsent: true },
    });
    expect(referral).toMatchObject({ name: null, phone: null, email: null, address: null, status: "WITHDRAWN" });
    expect(referral.shareLinkConsent).toMatchObject({
      ipAddress: null,
      withdrawTokenHash: null,
      wordingVersion: CONSENT_WORDING_VERSION,
    });
    const mine = await customer.client.get("/api/referrals");
    expect(JSON.stringify(mine.body)).not.toContain("Wanda");
    const friendEmail = await app.db.email.findFirstOrThrow({
      where: { referralId, type: "SHARE_LINK_FRIEND_CONFIRMATION" },
    });
    expect(friendEmail.textBody).not.toContain("Wanda");
    expect(friendEmail.toAddress).not.toContain("wanda");
    expect((await erase()).status).toBe(400);
    expect((await friend.get(`/r/withdraw?token=${token}`)).status).toBe(400);
    expect(
      await app.db.auditEntry.count({
        where: { action: "referral_withdrawn_by_friend", resourceId: String(referralId) },
      }),
    ).toBe(1);
  });

  it("an administrator's erasure on request takes the consent's address too; the referrer's download says only 'added through your link'", async ({
    app,
    admin,
    customer,
  }) => {
    const { referralId } = await addFriend(app, customer.client, "erin@example.com");
    const download = await customer.client.get("/api/me/data");
    const row = download.body.referrals.find((r: { id: number }) => r.id === referralId);
    expect(row).toMatchObject({ added: "added through your link", name: "Wanda Withdraw" });
    expect(JSON.stringify(row)).not.toMatch(/wordingVersion|ipAddress|givenAt|10\.36\./);

    expect((await admin.post(`/api/admin/referrals/${referralId}/erase`, { reason: "Asked by phone" })).status).toBe(
      200,
    );
    const consent = await app.db.shareLinkConsent.findUniqueOrThrow({ where: { referralId } });
    expect(consent).toMatchObject({ ipAddress: null, withdrawTokenHash: null });
    expect(consent.erasedAt).not.toBeNull();
  });
});

describe("the channel", () => {
  it("is on the REST and GraphQL referral and in the referral.added webhook's data", async ({
    app,
    admin,
    customer,
  }) => {
    await admin.post("/api/admin/webhooks", { url: "http://127.0.0.1:9/hooks", events: ["referral.added"] });
    expect((await customer.client.post("/api/referrals", { name: "Typed Person", phone: mobile() })).status).toBe(200);
    const { code } = await linkOf(customer.client);
    expect((await sendForm(app, clientFromAddress(app, freshAddress()), code, { name: "Linked Person" })).status).toBe(
      200,
    );

    const rest = await customer.client.get("/api/referrals");
    const channels = Object.fromEntries(rest.body.map((r: { name: string; channel: string }) => [r.name, r.channel]));
    expect(channels).toMatchObject({ "Typed Person": "typed", "Linked Person": "share_link" });
    const graphql = await customer.client.graphql(
      "{ viewer { customer { referrals(first: 10) { edges { node { name channel } } } } } }",
    );
    const nodes = graphql.data.viewer.customer.referrals.edges.map((edge: any) => edge.node);
    expect(nodes).toEqual(
      expect.arrayContaining([
        { name: "Typed Person", channel: "TYPED" },
        { name: "Linked Person", channel: "SHARE_LINK" },
      ]),
    );
    const events = await app.db.webhookEvent.findMany({
      where: { type: "referral.added" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.slice(-2).map((event) => (event.payload as { data: { channel: string } }).data.channel)).toEqual([
      "typed",
      "share_link",
    ]);
  });

  it("referralChannelReport and its CSV count referrals, verified purchases and opens per channel", async ({
    app,
    admin,
    customer,
  }) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const before = await admin.graphql(
      `{ referralChannelReport(from: "${today}", to: "${today}") { channel referrals verifiedPurchases linkOpens } }`,
    );
    const { code } = await linkOf(customer.client);
    await app.client().get(`/r/${code}`);
    expect((await sendForm(app, clientFromAddress(app, freshAddress()), code, { name: "Report Person" })).status).toBe(
      200,
    );
    const referral = await app.db.referral.findFirstOrThrow({
      where: { customerId: customer.customerId, channel: "SHARE_LINK" },
    });
    expect((await admin.post(`/api/admin/referrals/${referral.id}/purchase`, { amount: "100.00" })).status).toBe(200);

    const after = await admin.graphql(
      `{ referralChannelReport(from: "${today}", to: "${today}") { channel referrals verifiedPurchases linkOpens } }`,
    );
    const row = (data: any, channel: string) => data.referralChannelReport.find((r: any) => r.channel === channel);
    expect(after.data.referralChannelReport.map((r: any) => r.channel)).toEqual(["TYPED", "SHARE_LINK", "STAFF"]);
    expect(row(after.data, "SHARE_LINK").referrals).toBe(row(before.data, "SHARE_LINK").referrals + 1);
    expect(row(after.data, "SHARE_LINK").verifiedPurchases).toBe(row(before.data, "SHARE_LINK").verifiedPurchases + 1);
    expect(row(after.data, "SHARE_LINK").linkOpens).toBe(row(before.data, "SHARE_LINK").linkOpens + 1);

    const csv = await admin.get(`/api/admin/reports/referral-channels?from=${today}&to=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe("channel,referrals,verifiedPurchases,linkOpens");
    const shareRow = row(after.data, "SHARE_LINK");
    expect(lines).toContain(`share_link,${shareRow.referrals},${shareRow.verifiedPurchases},${shareRow.linkOpens}`);
    const refused = await customer.client.graphql(
      `{ referralChannelReport(from: "${today}", to: "${today}") { channel } }`,
    );
    expect(refused.data?.referralChannelReport ?? null).toBeNull();
    expect(refused.errors?.length).toBeGreaterThan(0);
  });
});
