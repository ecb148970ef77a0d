import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { routeQueries, writeRouteQueries } from "../../../web/build/routeQueries.ts";
import { it } from "../../test/fixtures.ts";
import { setCreditRateApproved } from "../../test/settings.ts";
import { recordStatements } from "../../test/sqlStatements.ts";
import { signedInCustomer, type TestClient } from "../../test/testApp.ts";

// A web build of the shell and the real route table (the one `npm run build:web` writes).
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this destructuring, and this has none.
it.override("appOptions", { scope: "file" }, async ({}, { onCleanup }) => {
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), "web-dist-"));
  onCleanup(() => fs.rm(webDir, { recursive: true, force: true }));
  await fs.writeFile(
    path.join(webDir, "index.html"),
    '<!doctype html><html><head><title>HNG app shell</title></head><body><div id="root"></div></body></html>',
  );
  writeRouteQueries(webDir);
  await fs.writeFile(
    path.join(webDir, "route-preloads.json"),
    JSON.stringify({
      "/home": { files: ["/assets/HomePage-abc.js"], adminOnly: false },
      "/admin": { files: ["/assets/AdminPage-abc.js"], adminOnly: true },
    }),
  );
  return { webDir };
});

interface Inlined {
  name: string;
  variables: Record<string, unknown>;
  response: { data: unknown };
}

const TABLE = routeQueries();

async function open(client: TestClient, pathname: string) {
  const response = await client.get(pathname);
  expect(response.status).toBe(200);
  expect(response.text).toContain("HNG app shell");
  const tag = /<script type="application\/json" id="relay-data">(.*?)<\/script><\/body>/s.exec(response.text);
  return { response, inlined: tag ? (JSON.parse(tag[1] ?? "") as Inlined[]) : null };
}

/** Each inlined answer is what /graphql answers the same client for the same operation. */
async function expectSameAsGraphql(client: TestClient, pathname: string, inlined: Inlined[]) {
  for (const entry of inlined) {
    const operation = TABLE[pathname]?.operations.find((candidate) => candidate.name === entry.name);
    expect(operation?.variables).toEqual(entry.variables);
    const answer = await client.graphql(operation?.text ?? "", entry.variables);
    expect(answer.errors).toBeUndefined();
    expect(entry.response.data, entry.name).toEqual(answer.data);
  }
}

describe("the page's data in its HTML", () => {
  it("reads a customer's /home in one statement once the page was asked before, with the same data", async ({
    app,
  }) => {
    const { client } = await signedInCustomer(app, "pageAskedTwice");
    for (const name of ["Ann Lee", "Bo Reed"])
      expect(
        (await client.post("/api/referrals", { name, phone: `07400 1${name.length}${name.charCodeAt(0)}12` })).status,
      ).toBe(200);
    // The first visit makes the customer's share link, and the server learns the page's lists.
    await open(client, "/home");
    const recorder = recordStatements(app);
    try {
      let first: Inlined[] | null = null;
      const firstStatements = await recorder.during(async () => {
        first = (await open(client, "/home")).inlined;
      });
      let second: Inlined[] | null = null;
      const secondStatements = await recorder.during(async () => {
        second = (await open(client, "/home")).inlined;
      });
      expect(first).not.toBeNull();
      expect(second).toEqual(first);
      // The referrals and the activity are read by the viewer's own statement.
      expect(firstStatements).toHaveLength(1);
      expect(secondStatements).toHaveLength(1);
      await expectSameAsGraphql(client, "/home", second ?? []);
    } finally {
      await recorder.close();
    }
  });

  it("a customer's /home carries their screen and dashboard, as /graphql answers them, for them only", async ({
    app,
    customer,
  }) => {
    const referral = await customer.client.post("/api/referrals", {
      name: "Ann </script><script>alert(1)</script> $& Lee",
      phone: "07400 123456",
    });
    expect(referral.status).toBe(200);

    const { response, inlined } = await open(customer.client, "/home");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    // Node's fetch asks for gzip and decodes it: the page with its data went compressed (http/compression.ts).
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
    expect(inlined?.map((entry) => entry.name)).toEqual(["viewerSessionQuery", "HomePageQuery", "HomeDashboardQuery"]);
    await expectSameAsGraphql(customer.client, "/home", inlined ?? []);
    // The referral's name is data: it cannot end the element, and reads back as typed.
    expect(response.text).not.toContain("</script><script>alert(1)");
    expect(JSON.stringify(inlined)).toContain("Ann </script><script>alert(1)</script> $& Lee");

    const other = await signedInCustomer(app, "OtherHomeCustomer");
    const theirs = await open(other.client, "/home");
    expect(theirs.response.text).not.toContain("Ann ");
    const session = theirs.inlined?.find((entry) => entry.name === "viewerSessionQuery");
    expect(session?.response.data).toMatchObject({ viewer: { databaseId: other.userId } });
  });

  it("a customer whose registration is under review gets their screen without the dashboard they may not see", async ({
    app,
  }) => {
    const pending = await signedInCustomer(app, "PendingHomeCustomer", { verified: false });
    const { inlined } = await open(pending.client, "/home");
    expect(inlined?.map((entry) => entry.name)).toEqual(["viewerSessionQuery", "HomePageQuery"]);
    await expectSameAsGraphql(pending.client, "/home", inlined ?? []);
  });

  it("an administrator's /admin carries the panel's counts, first tab and waiting verifications; a customer's carries none", async ({
    admin,
    customer,
  }) => {
    await customer.client.post("/api/referrals", { name: "Waiting Friend", phone: "07400 654321" });
    const { response, inlined } = await open(admin, "/admin");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(inlined?.map((entry) => entry.name)).toEqual([
      "viewerSessionQuery",
      "AdminCountsQuery",
      "AdminPendingReferralsTabQuery",
      "AdminVerificationRequestsQuery",
    ]);
    expect(JSON.stringify(inlined)).toContain("Waiting Friend");
    await expectSameAsGraphql(admin, "/admin", inlined ?? []);

    // The admin chunk is preloaded for the administrator alone: admin code never loads for anyone else.
    expect(response.text).toContain('<link rel="modulepreload" crossorigin href="/assets/AdminPage-abc.js">');
    const asCustomer = await open(customer.client, "/admin");
    expect(asCustomer.inlined).toBeNull();
    expect(asCustomer.response.text).not.toContain("AdminPage-abc.js");
    expect((await open(customer.client, "/home")).response.text).toContain('href="/assets/HomePage-abc.js"');
  });

  it("signed out, /home and /admin are the plain shell, and / and /auth answer the session as signed out", async ({
    app,
  }) => {
    for (const pathname of ["/home", "/admin"]) {
      const { response, inlined } = await open(app.client(), pathname);
      expect(inlined, pathname).toBeNull();
      expect(response.text, pathname).not.toContain("AdminPage-abc.js");
      expect(response.headers.get("cache-control"), pathname).toBe("no-cache");
    }
    const landing = await open(app.client(), "/");
    expect(landing.response.headers.get("cache-control")).toBe("private, no-store");
    expect(landing.inlined?.map((entry) => entry.name)).toEqual(["viewerSessionQuery", "LandingPageQuery"]);
    expect(landing.inlined?.[0]?.response.data).toEqual({ viewer: null });
    await expectSameAsGraphql(app.client(), "/", landing.inlined ?? []);
    const auth = await open(app.client(), "/auth");
    expect(auth.inlined).toEqual([{ name: "viewerSessionQuery", variables: {}, response: { data: { viewer: null } } }]);
  });

  it("the landing page's data carries the credit rate in force when it is sent, not at the build", async ({
    app,
    adminId,
  }) => {
    const rateIn = async () => {
      const { inlined } = await open(app.client(), "/");
      const landing = inlined?.find((entry) => entry.name === "LandingPageQuery");
      return (landing?.response.data as { programme?: unknown } | undefined)?.programme;
    };
    expect(await rateIn()).toMatchObject({ creditRatePercent: "11%", creditPerPound: "£0.11" });
    await setCreditRateApproved(app.db, 1375, adminId);
    try {
      expect(await rateIn()).toMatchObject({ creditRatePercent: "13.75%", creditPerPound: "£0.1375" });
    } finally {
      await setCreditRateApproved(app.db, 1100, adminId);
    }
  });

  it("a forged or ended session gets the plain shell on /home, never an error", async ({ app, customer }) => {
    const forged = app.client();
    forged.cookies.set("hng_session", "Fe26.2**not-a-sealed-cookie");
    expect((await open(forged, "/home")).inlined).toBeNull();

    const signedOut = app.client();
    for (const [name, value] of customer.client.cookies) signedOut.cookies.set(name, value);
    expect((await customer.client.post("/api/logout")).status).toBe(200);
    expect((await open(signedOut, "/home")).inlined).toBeNull();
  });

  it("a customer's /milestones carries their profile and milestones, as /graphql answers them", async ({
    customer,
  }) => {
    const { inlined } = await open(customer.client, "/milestones");
    expect(inlined?.map((entry) => entry.name)).toEqual([
      "viewerSessionQuery",
      "MilestonesPageQuery",
      "MilestonesPageDetailsQuery",
    ]);
    await expectSameAsGraphql(customer.client, "/milestones", inlined ?? []);
  });

  it("other pages, files and HEAD requests are served as before", async ({ customer }) => {
    expect((await open(customer.client, "/account")).inlined).toBeNull();
    const head = await customer.client.request("HEAD", "/home");
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("no-cache");
  });
});
