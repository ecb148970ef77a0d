// Sign-in, sign-up and reset throttling against the real server behind one trusted proxy hop
// (TRUST_PROXY=1): each request's X-Forwarded-For is what a client wrote plus what the proxy appended.
import type { IncomingMessage } from "node:http";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { TestApp, TestClient } from "../../test/testApp.ts";
import { readConfig } from "../config.ts";
import { clientIp } from "../http/server.ts";
import { ANONYMOUS_LIMITS, addressKey, LOGIN_LIMITS } from "./throttle.ts";

it.override("appOptions", { env: { TRUST_PROXY: "1" } });

/** A request as it reaches the app through our one proxy: the client's own header, then the address the proxy saw. */
function viaProxy(client: TestClient, address: string, body: unknown, clientWrote?: string) {
  const forwarded = clientWrote ? `${clientWrote}, ${address}` : address;
  return client.request("POST", "/api/login", { json: body, headers: { "x-forwarded-for": forwarded } });
}

async function register(app: TestApp, username: string, password: string, address = "192.0.2.200") {
  const response = await app.client().request("POST", "/api/register", {
    json: { username, password, email: `${username}@example.com` },
    headers: { "x-forwarded-for": address },
  });
  expect(response.status).toBe(200);
}

describe("the client address behind proxies", () => {
  const request = (forwarded: string | undefined, socket = "10.0.0.1") =>
    ({
      headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
      socket: { remoteAddress: socket },
    }) as unknown as IncomingMessage;

  it("is the one our proxies appended, counted from the right, never one the client wrote", () => {
    expect(clientIp(request("6.6.6.6, 203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(request("6.6.6.6, 203.0.113.9, 10.1.1.1"), 2)).toBe("203.0.113.9");
    expect(clientIp(request("6.6.6.6, 203.0.113.9"), 0)).toBe("10.0.0.1");
    // Fewer entries than hops: the farthest address a proxy of ours reported.
    expect(clientIp(request(undefined), 1)).toBe("10.0.0.1");
    expect(clientIp(request("not-an-address"), 1)).toBe("10.0.0.1");
  });

  it("reads TRUST_PROXY as a number of hops, true meaning one", () => {
    expect(readConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(readConfig({}).trustProxyHops).toBe(0);
    expect(() => readConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("counts IPv6 per /64", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:db8:1:2:ffff:1:2:3"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });
});

describe("sign-in throttling", () => {
  it("holds 50 guesses each claiming a different forwarded address to the address the proxy saw", async ({ app }) => {
    await register(app, "spoofed", "spoofed-pass");
    const attacker = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await viaProxy(
        attacker,
        "198.51.100.7",
        { username: "spoofed", password: `guess-${i}` },
        `10.9.${i}.1`,
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress.points);
    expect(statuses.slice(LOGIN_LIMITS.perAccountAndAddress.points).every((status) => status === 429)).toBe(true);
    const last = await viaProxy(
      attacker,
      "198.51.100.7",
      { username: "spoofed", password: "spoofed-pass" },
      "10.9.99.1",
    );
    expect(last.status).toBe(429);
    expect(last.text).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // The real user, from their own address, is not held back.
    expect(
      (await viaProxy(app.client(), "203.0.113.50", { username: "spoofed", password: "spoofed-pass" })).status,
    ).toBe(200);
  });

  it("counts parallel guesses atomically: no more get through than the limit", async ({ app }) => {
    await register(app, "parallel", "parallel-pass");
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        viaProxy(app.client(), "198.51.100.8", { username: "parallel", password: `guess-${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perAccountAndAddress.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LOGIN_LIMITS.perAccountAndAddress.points);
  });

  it("counts IPv6 guesses per /64, not address by address", async ({ app }) => {
    await register(app, "sixer", "sixer-pass");
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      statuses.push(
        (
          await viaProxy(app.client(), `2001:db8:aa:bb::${i.toString(16)}`, {
            username: "sixer",
            password: `guess-${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(
      (await viaProxy(app.client(), "2001:db8:aa:cc::1", { username: "sixer", password: "sixer-pass" })).status,
    ).toBe(200);
  });

  it("refuses a username no account can have (too long, a control character) as bad input, before counting or hashing anything", async ({
    app,
  }) => {
    const counters = await app.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM rate_limits`;
    const audits = await app.db.auditEntry.count();
    for (const username of ["x".repeat(200_000), "x".repeat(51), "bob\u0000", "bob\u202E", "bob\u000b"]) {
      for (let i = 0; i < 7; i++) {
        const response = await viaProxy(app.client(), "198.51.100.9", { username, password: `guess-${i}` });
        expect(response.status).toBe(400);
        expect(response.text).toMatch(
          /^Username (must be at most 50 characters|contains characters that are not allowed)$/,
        );
      }
    }
    expect(await app.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM rate_limits`).toEqual(counters);
    expect(await app.db.auditEntry.count()).toBe(audits);
    // The address was never counted: a real guess from it is a plain failure.
    expect((await viaProxy(app.client(), "198.51.100.9", { username: "someone", password: "guess" })).status).toBe(401);
  });

  it("slows an account guessed from many addresses, while a browser that signed in to it before still gets in", async ({
    app,
  }) => {
    await register(app, "targeted", "targeted-pass");
    // The owner's browser signed in before: it holds the account's device cookie.
    const owner = app.client();
    expect((await viaProxy(owner, "203.0.113.60", { username: "targeted", password: "targeted-pass" })).status).toBe(
      200,
    );
    expect([...owner.cookies.keys()]).toContain("hng_device");
    expect((await owner.post("/api/logout")).status).toBe(200);

    // 50 guesses, each really from a different address (the proxy appended each one).
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push(
        (await viaProxy(app.client(), `198.18.${i}.1`, { username: "targeted", password: `guess-${i}` })).status,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.perAccount.points);
    expect(statuses.slice(LOGIN_LIMITS.perAccount.points).every((status) => status === 429)).toBe(true);
    // A new browser, even with the right password, waits too...
    expect(
      (await viaProxy(app.client(), "203.0.113.61", { username: "targeted", password: "targeted-pass" })).status,
    ).toBe(429);
    // ...but the owner's browser, from a new address, gets in.
    const back = await viaProxy(owner, "203.0.113.62", { username: "targeted", password: "targeted-pass" });
    expect(back.status).toBe(200);
    expect((await owner.get("/api/user")).body.username).toBe("targeted");
  });

  it("does not trust a device cookie that was forged or issued for another account", async ({ app }) => {
    await register(app, "victim2", "victim2-pass");
    await register(app, "attacker2", "attacker2-pass");
    const attacker = app.client();
    expect(
      (await viaProxy(attacker, "203.0.113.70", { username: "attacker2", password: "attacker2-pass" })).status,
    ).toBe(200);
    const device = attacker.cookies.get("hng_device") ?? "";
    const forged = app.client();
    forged.cookies.set("hng_device", `${device.split(".").slice(0, 2).join(".")}.AAAA`);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Both browsers guess victim2 from one address: neither cookie is victim2's, so the per-address pair counts them.
      const client = i % 2 === 0 ? attacker : forged;
      statuses.push((await viaProxy(client, "198.51.100.10", { username: "victim2", password: `guess-${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe("anonymous requests per address", () => {
  it("limits password reset requests from one address, with an answer that says nothing about the account", async ({
    app,
  }) => {
    await register(app, "resetter", "resetter-pass");
    const statuses: number[] = [];
    let refusal = "";
    for (let i = 0; i <= ANONYMOUS_LIMITS.passwordReset.points; i++) {
      const username = `someone-${i}`;
      const response = await app.client().request("POST", "/api/reset-password", {
        json: { username, newPassword: "a-new-password-1" },
        headers: { "x-forwarded-for": "198.51.100.20" },
      });
      statuses.push(response.status);
      if (response.status === 429) refusal = response.text;
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(refusal).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    const elsewhere = await app.client().request("POST", "/api/reset-password", {
      json: { username: "resetter", newPassword: "a-new-password-1" },
      headers: { "x-forwarded-for": "198.51.100.21" },
    });
    expect(elsewhere.status).toBe(200);
  });

  it("limits reset requests per username text from any addresses, the same for an account that does not exist", async ({
    app,
  }) => {
    await register(app, "reset-target", "reset-target-pass");
    const ask = (username: string, i: number) =>
      app.client().request("POST", "/api/reset-password", {
        json: { username, newPassword: "a-new-password-1" },
        headers: { "x-forwarded-for": `198.51.101.${i}` },
      });
    const answers = async (username: string) => {
      const responses = [];
      for (let i = 0; i <= ANONYMOUS_LIMITS.passwordResetPerUsername.points; i++)
        responses.push(await ask(username, i));
      return responses.map((response) => [response.status, response.text]);
    };
    const known = await answers("Reset-Target");
    const unknown = await answers("no-such-account");
    expect(known.slice(0, -1).every(([status]) => status === 200)).toBe(true);
    expect(known.at(-1)?.[0]).toBe(429);
    // Exactly the same answers, in the same order, whether or not the account exists.
    expect(unknown).toEqual(known);
    const emails = await app.db.email.count({
      where: { toAddress: "reset-target@example.com", type: "PASSWORD_RESET" },
    });
    expect(emails).toBe(ANONYMOUS_LIMITS.passwordResetPerUsername.points);
  });

  it("limits sign-ups from one address, so anonymous password hashing is bounded", async ({ app }) => {
    const address = "198.51.100.30";
    const attempt = (i: number) =>
      app.client().request("POST", "/api/register", {
        json: { username: `bulk-${i}`, password: "bulk-password-1", email: `bulk-${i}@example.com` },
        headers: { "x-forwarded-for": address },
      });
    for (let batch = 0; batch < ANONYMOUS_LIMITS.signUp.points; batch += 10) {
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(batch + i)));
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    }
    const refused = await attempt(ANONYMOUS_LIMITS.signUp.points);
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/^Too many sign-ups from your address\. Please try again in \d+ minutes?\.$/);
    expect(await app.db.user.count({ where: { username: `bulk-${ANONYMOUS_LIMITS.signUp.points}` } })).toBe(0);
    // GraphQL answers the same typed error.
    const viaGraphql = await app.client().request("POST", "/graphql", {
      json: {
        query: `mutation { register(input: { username: "bulk-gql", password: "bulk-password-1", email: "bulk-gql@example.com" }) { __typename ... on Error { code message } } }`,
      },
      headers: { "x-forwarded-for": address },
    });
    expect(viaGraphql.body.data.register).toMatchObject({ code: "RATE_LIMITED" });
  }, 120_000);
});
