// The production session cookie against the running server: its name and attributes, the rolling
// 2-hour idle timeout and the absolute 14 days (the server's clock is moved, not waited for).
import { afterEach, describe, expect, vi } from "vitest";
import { it } from "../../test/fixtures.ts";
import { type TestApp, TestClient } from "../../test/testApp.ts";

it.override("appOptions", { env: { NODE_ENV: "production" } });

it.beforeAll(async ({ app }) => {
  await app.client().register("sessions", { password: "sessions-pass" });
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

async function signIn(app: TestApp): Promise<TestClient> {
  const client = app.client();
  const response = await client.post("/api/login", { username: "sessions", password: "sessions-pass" });
  expect(response.status).toBe(200);
  return client;
}

function copyOf(app: TestApp, client: TestClient): TestClient {
  const copy = new TestClient(app.baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

describe("the session cookie in production", () => {
  it("is __Host- prefixed, Secure, HttpOnly, for the whole site and no other host", async ({ app }) => {
    const response = await app.client().post("/api/login", { username: "sessions", password: "sessions-pass" });
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("__Host-hng_session="));
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.find((cookie) => cookie.startsWith("__Host-hng_device="))).toMatch(
      /; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    // The unprefixed name is not read.
    const plain = new TestClient(app.baseUrl);
    plain.cookies.set("hng_session", (session ?? "").split(";")[0]?.split("=").slice(1).join("=") ?? "");
    expect((await plain.get("/api/user")).status).toBe(401);
  });

  it("ends after 2 hours without a request", async ({ app }) => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const client = await signIn(app);
    vi.setSystemTime(Date.now() + 119 * MINUTE);
    const idleButInTime = copyOf(app, client);
    expect((await idleButInTime.get("/api/user")).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("rolls: each request starts the 2 hours again, and the cookie it replaced stops working on time", async ({
    app,
  }) => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const client = await signIn(app);
    const original = copyOf(app, client);
    vi.setSystemTime(Date.now() + 90 * MINUTE);
    const used = await client.get("/api/user");
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-hng_session="))).toBe(true);
    vi.setSystemTime(Date.now() + 100 * MINUTE);
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await original.get("/api/user")).status).toBe(401);
  });

  it("re-issues a cookie of the same size to a client that keeps sending the one it signed in with", async ({
    app,
  }) => {
    // A script or integrator that stores the first cookie and never the re-issued ones.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const client = await signIn(app);
    const firstSize = client.cookies.get("__Host-hng_session")?.length ?? 0;
    const reissued: number[] = [];
    for (let minute = 0; minute < 12; minute++) {
      vi.setSystemTime(Date.now() + 2 * MINUTE);
      const response = await copyOf(app, client).get("/api/user");
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__Host-hng_session="));
      reissued.push((cookie ?? "").split(";")[0]?.length ?? 0);
    }
    // Browsers keep cookies up to 4,096 bytes; every re-issue is within a few bytes of the first.
    for (const size of reissued) expect(Math.abs(size - firstSize - "__Host-hng_session=".length)).toBeLessThan(40);
  });

  it("ends 14 days after sign-in however often it is used", async ({ app }) => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const client = await signIn(app);
    const signedInAt = Date.now();
    while (Date.now() < signedInAt + 14 * 24 * 60 * MINUTE - 100 * MINUTE) {
      vi.setSystemTime(Date.now() + 100 * MINUTE);
      expect((await client.get("/api/user")).status).toBe(200);
    }
    vi.setSystemTime(signedInAt + 14 * 24 * 60 * MINUTE + MINUTE);
    expect((await client.get("/api/user")).status).toBe(401);
  });
});
