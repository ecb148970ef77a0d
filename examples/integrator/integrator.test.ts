// The example integrator against the real server: a token made by an administrator, the example's own
// functions for the query and the idempotent verify, and its receiver checking signed deliveries.
import { execFile } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { describe, expect } from "vitest";
import { it } from "../../api/test/fixtures.ts";
import { startTestJobRunner } from "../../api/test/jobs.ts";
import { insertReferral } from "../../api/test/rows.ts";
import { signedInCustomer, type TestApp, type TestClient } from "../../api/test/testApp.ts";
import { type Client, createClient, GraphQLErrors, HttpError, successData, TypedError } from "./client.ts";
import { createReceiver, type WebhookEvent } from "./receiver.ts";
import { pendingReferrals, verifyAndRetry, verifyPurchase } from "./run.ts";

const CREATE_TOKEN = `mutation CreateToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    __typename
    ... on Error { code message }
    ... on MutationCreateApiTokenSuccess { data { secret } }
  }
}`;

const CREATE_ENDPOINT = `mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    __typename
    ... on Error { code message }
    ... on MutationCreateWebhookEndpointSuccess { data { secret endpoint { databaseId } } }
  }
}`;

const DELIVERIES = `{
  webhookEndpoints { deliveries(first: 10) { edges { node { eventId eventType status responseStatus } } } }
}`;

/** An administrator makes a token, as in Reports > API Tokens; the example gets only its secret. */
async function integratorClient(app: TestApp, admin: TestClient, scopes: string[]): Promise<Client> {
  const created = await admin.graphql(CREATE_TOKEN, { input: { name: `example ${scopes.join("+")}`, scopes } });
  const { secret } = successData<{ secret: string }>(created.data.createApiToken);
  return createClient({ baseUrl: app.baseUrl, token: secret });
}

/** A port nothing listens on, so the endpoint's address is known before its secret (as in real use). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function listening(server: ReturnType<typeof createReceiver>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("the example integrator", () => {
  it("lists pending referrals and verifies one purchase once, the retry with the same key answering the same", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const client = await integratorClient(app, admin, ["READ", "PURCHASES_WRITE"]);
    const { customerId } = await signedInCustomer(app, uniqueName("ExampleReferrer"));
    const referral = await insertReferral(app.db, customerId, { name: "Example Friend" });

    const pending = await pendingReferrals(client, 100);
    expect(pending).toContainEqual(
      expect.objectContaining({ databaseId: referral.id, customerDatabaseId: customerId }),
    );

    const { first, retry, same } = await verifyAndRetry(client, referral.id, "400.00");
    expect(first).toMatchObject({ id: referral.id, customerId, purchaseAmount: "400.00", status: "purchased" });
    expect(retry).toEqual(first);
    expect(same).toBe(true);
    expect(await app.db.creditLedgerEntry.count({ where: { customerId } })).toBe(1);
    expect(await app.db.referralPurchase.count({ where: { referralId: referral.id } })).toBe(1);
    expect((await pendingReferrals(client, 100)).map((r) => r.databaseId)).not.toContain(referral.id);
  });

  it("runs as the README says: npx tsx examples/integrator/run.ts <referralId> <amount>", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const created = await admin.graphql(CREATE_TOKEN, {
      input: { name: "example script", scopes: ["READ", "PURCHASES_WRITE"] },
    });
    const { secret } = successData<{ secret: string }>(created.data.createApiToken);
    const { customerId } = await signedInCustomer(app, uniqueName("ExampleScript"));
    const referral = await insertReferral(app.db, customerId);

    const { stdout } = await promisify(execFile)(
      "node_modules/.bin/tsx",
      ["examples/integrator/run.ts", String(referral.id), "120.00"],
      { env: { ...process.env, HNG_API_URL: app.baseUrl, HNG_API_TOKEN: secret } },
    );
    expect(stdout).toContain(`referral ${referral.id} of customer ${customerId}`);
    expect(stdout).toContain(`Verified referral ${referral.id}`);
    expect(stdout).toContain("Retried with the same key: the same answer, and nothing was done twice.");
    expect(await app.db.creditLedgerEntry.count({ where: { customerId } })).toBe(1);
  });

  it("surfaces refusals clearly: REST status and reason, typed errors, GraphQL errors, a missing scope", async ({
    app,
    admin,
    uniqueName,
  }) => {
    const client = await integratorClient(app, admin, ["READ", "PURCHASES_WRITE"]);
    const { customerId } = await signedInCustomer(app, uniqueName("ExampleRefused"));
    const referral = await insertReferral(app.db, customerId);

    const notFound = await verifyPurchase(client, 99_999_999, "10.00", "missing-1").catch((error) => error);
    expect(notFound).toBeInstanceOf(HttpError);
    expect(notFound).toMatchObject({ status: 404 });

    await verifyPurchase(client, referral.id, "10.00", "reused-1");
    const reused = await verifyPurchase(client, referral.id, "11.00", "reused-1").catch((error) => error);
    expect(reused).toMatchObject({ status: 422, body: expect.stringMatching(/different input/) });

    const typed = await client
      .graphql(
        `mutation Verify($input: VerifyPurchaseInput!) {
          verifyPurchase(input: $input) { __typename ... on Error { code message } ... on MutationVerifyPurchaseSuccess { data { creditEarned { pounds } } } }
        }`,
        { input: { referralId: Buffer.from("Referral:99999999").toString("base64"), amount: "10.00" } },
      )
      .then((data) => successData(data.verifyPurchase))
      .catch((error) => error);
    expect(typed).toBeInstanceOf(TypedError);
    expect(typed).toMatchObject({ code: "NOT_FOUND" });

    await expect(client.graphql("{ noSuchField }")).rejects.toBeInstanceOf(GraphQLErrors);
    // A purchases:write token may not make tokens.
    const refused = await client
      .graphql(CREATE_TOKEN, { input: { name: "not allowed", scopes: ["ADMIN"] } })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(GraphQLErrors);

    const unknownToken = createClient({ baseUrl: app.baseUrl, token: "hng_not-a-real-token" });
    await expect(pendingReferrals(unknownToken)).rejects.toMatchObject({ status: 401 });
  });

  it("its receiver hands a signed event over once, and refuses a bad signature with 401", async () => {
    const secret = `whsec_${Buffer.from("example-integrator-test-secret!!").toString("base64")}`;
    const received: WebhookEvent[] = [];
    const receiver = createReceiver({ secret, onEvent: (event) => void received.push(event) });
    const url = await listening(receiver);
    try {
      const body = JSON.stringify({
        type: "purchase.verified",
        timestamp: new Date().toISOString(),
        data: { referralId: 1, customerId: 2, amount: "12.34" },
      });
      const deliver = (headers: Record<string, string>) =>
        fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
      const signed = (id: string, signer = new Webhook(secret)) => {
        const at = new Date();
        return {
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": signer.sign(id, at, body),
        };
      };

      expect((await deliver(signed("msg_1"))).status).toBe(204);
      expect((await deliver(signed("msg_1"))).status).toBe(204); // a redelivery: not handed over again
      const otherSecret = new Webhook(`whsec_${Buffer.from("some-other-endpoint-secret-here!").toString("base64")}`);
      expect((await deliver(signed("msg_2", otherSecret))).status).toBe(401);
      expect((await deliver({ "webhook-id": "msg_3" })).status).toBe(401);
      expect(received).toEqual([JSON.parse(body)]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("receives the purchase.verified webhook from the server, verified and handed over once", async ({
    app,
    admin,
    uniqueName,
  }) => {
    // The integrator registers its receiver's address first, and starts it with the secret it gets back.
    const port = await freePort();
    const adminClient = await integratorClient(app, admin, ["ADMIN"]);
    const created = await adminClient.graphql(CREATE_ENDPOINT, {
      input: { url: `http://127.0.0.1:${port}/hng-webhooks`, events: ["PURCHASE_VERIFIED"], description: "example" },
    });
    const { secret } = successData<{ secret: string }>(created.createWebhookEndpoint);
    const received: { id: string; event: WebhookEvent }[] = [];
    const receiver = createReceiver({ secret, onEvent: (event, id) => void received.push({ id, event }) });
    await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
    const stopRunner = await startTestJobRunner(app);
    try {
      const client = await integratorClient(app, admin, ["READ", "PURCHASES_WRITE"]);
      const { customerId } = await signedInCustomer(app, uniqueName("ExampleHooked"));
      const referral = await insertReferral(app.db, customerId);
      const { first } = await verifyAndRetry(client, referral.id, "250.00");

      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      const [{ id, event }] = received as [(typeof received)[number]];
      expect(id).toMatch(/^msg_/);
      expect(event).toMatchObject({
        type: "purchase.verified",
        data: { referralId: referral.id, customerId, purchaseId: first.purchaseId, amount: "250.00" },
      });
      // The server saw the receiver's 204; the retried verify made no second event.
      const deliveries = async () => (await adminClient.graphql(DELIVERIES)).webhookEndpoints[0].deliveries.edges;
      await expect
        .poll(async () => (await deliveries()).map((edge: any) => edge.node))
        .toEqual([{ eventId: id, eventType: "purchase.verified", status: "SUCCEEDED", responseStatus: 204 }]);
      expect(received).toHaveLength(1);
    } finally {
      await stopRunner();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
