// The access table (graphql/access.ts) against the schema: every type and operation has a decision,
// the roles agree with the fields' guards, and a token reads by node(id) and nodes(ids) exactly the
// types its scopes read, over HTTP with real tokens.
import { encodeBase64 } from "@pothos/core";
import { isObjectType } from "graphql";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import type { TestApp } from "../../test/testApp.ts";
import { createApiToken } from "../apiTokens/service.ts";
import { schema } from "../compose/schema.ts";
import {
  FIELD_ACCESS,
  isCarrier,
  MUTATION_ACCESS,
  SCOPE_REFUSAL_MESSAGE,
  SUBSCRIPTION_ACCESS,
  TYPE_ACCESS,
  tokenMayReadType,
} from "./access.ts";
import { builder } from "./builder.ts";
import type { ApiTokenScope } from "./context.ts";

const SCOPES: ApiTokenScope[] = ["read", "purchases:write", "admin"];
const ROOTS = ["Query", "Mutation", "Subscription"];
const objectTypes = () =>
  Object.values(schema.getTypeMap()).filter(
    (type) => isObjectType(type) && !type.name.startsWith("__") && !ROOTS.includes(type.name),
  ) as import("graphql").GraphQLObjectType[];
const nodeTypes = () => objectTypes().filter((type) => type.getInterfaces().some((face) => face.name === "Node"));
const fieldsOf = (root: string) =>
  Object.keys((schema.getType(root) as import("graphql").GraphQLObjectType).getFields());

describe("the access table", () => {
  it("has a decision for every type that carries data, every mutation and every subscription, and nothing else", () => {
    const dataTypes = objectTypes()
      .filter((type) => !isCarrier(type))
      .map((type) => type.name);
    expect(
      dataTypes.filter((name) => !(name in TYPE_ACCESS)),
      "types without an entry",
    ).toEqual([]);
    expect(
      Object.keys(TYPE_ACCESS).filter((name) => !dataTypes.includes(name)),
      "entries for no type",
    ).toEqual([]);
    expect(fieldsOf("Mutation").sort()).toEqual(Object.keys(MUTATION_ACCESS).sort());
    expect(fieldsOf("Subscription").sort()).toEqual(Object.keys(SUBSCRIPTION_ACCESS).sort());
    for (const key of Object.keys(FIELD_ACCESS)) {
      const [type, field] = key.split(".") as [string, string];
      expect(fieldsOf(type), key).toContain(field);
    }
    for (const [name, access] of Object.entries(TYPE_ACCESS))
      for (const [scope, fields] of Object.entries(access.within ?? {}))
        expect(
          fields.filter((field) => !fieldsOf(name).includes(field)),
          `${name} within ${scope}`,
        ).toEqual([]);
  });

  it("says the same roles as the guards of each mutation, subscription and guarded type", () => {
    // Each scope a guard names lets its roles in: { staff: true, admin: true } is both.
    const ROLES_OF_SCOPE: Record<string, string[]> = {
      admin: ["admin"],
      staff: ["staff"],
      verifiedCustomer: ["customer"],
      customer: ["customer"],
      signedIn: ["admin", "customer", "staff"],
    };
    const rolesOf = (scopes: unknown): string[] | undefined => {
      if (typeof scopes !== "object" || scopes === null) return undefined;
      const roles = Object.keys(scopes).flatMap((scope) => ROLES_OF_SCOPE[scope] ?? []);
      return roles.length > 0 ? [...new Set(roles)].sort() : undefined;
    };
    for (const [root, table] of [
      ["Mutation", MUTATION_ACCESS],
      ["Subscription", SUBSCRIPTION_ACCESS],
    ] as const) {
      const fields = (schema.getType(root) as import("graphql").GraphQLObjectType).getFields();
      for (const [name, field] of Object.entries(fields)) {
        const guarded = rolesOf((field.extensions as any)?.pothosOptions?.authScopes);
        if (guarded) expect([...(table[name]?.roles ?? [])].sort(), `${root}.${name}`).toEqual(guarded);
        // A signed-in person's own operation is never a token's.
        if (guarded?.includes("customer")) expect(table[name]?.scopes, `${root}.${name}`).toEqual([]);
      }
    }
    for (const type of objectTypes()) {
      const guarded = rolesOf((builder.configStore.getTypeConfig(type.name).pothosOptions as any).authScopes);
      if (guarded) expect([...(TYPE_ACCESS[type.name]?.roles ?? [])].sort(), type.name).toEqual(guarded);
    }
  });
});

/** A row of each Node type when the test database has one (else an id of none: the decision comes first). */
const MODELS: Record<string, string> = {
  User: "user",
  Customer: "customerProfile",
  Referral: "referral",
  Activity: "activity",
  AuditEntry: "auditEntry",
  ReferralPurchase: "referralPurchase",
  MilestonePayment: "milestonePayment",
  PayoutRequest: "payoutRequest",
  WebhookEndpoint: "webhookEndpoint",
  WebhookDelivery: "webhookDelivery",
};
const NO_ROW = 2147483000;

async function idOf(app: TestApp, typename: string): Promise<{ id: string; exists: boolean }> {
  const model = (app.db as any)[MODELS[typename] ?? ""];
  const row = model ? await model.findFirst({ select: { id: true }, orderBy: { id: "asc" } }) : null;
  return { id: encodeBase64(`${typename}:${row?.id ?? NO_ROW}`), exists: row != null };
}

async function tokenFor(app: TestApp, adminId: number, scope: ApiTokenScope) {
  return (await createApiToken(app.db, { name: `node ${scope}`, scopes: [scope] }, { id: adminId })).secret;
}

async function asToken(app: TestApp, secret: string, query: string, variables: Record<string, unknown>) {
  const response = await app.client().request("POST", "/graphql", {
    json: { query, variables },
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Rows for the types the fixtures can make cheaply: a customer with a referral, a verified purchase, a webhook endpoint. */
async function someRows(app: TestApp, admin: any, customer: { client: any }) {
  const added = await customer.client.post("/api/referrals", {
    name: "Friend Node",
    phone: "07400 123456",
    email: "friend.node@example.com",
    address: "1 Node Street",
  });
  expect(added.status, added.text).toBe(200);
  const verified = await admin.post(`/api/admin/referrals/${added.body.id}/purchase`, { amount: "100.00" });
  expect(verified.status, verified.text).toBe(200);
  await app.db.webhookEndpoint.create({
    data: { url: "https://hooks.example.com/in?key=private-webhook-key", events: ["purchase.verified"], secret: "x" },
  });
}

describe("a token by node(id) and nodes(ids)", () => {
  it("reads exactly the Node types its scopes read whole, for every Node type and scope (from the schema)", async ({
    app,
    admin,
    adminId,
    customer,
  }) => {
    await someRows(app, admin, customer);
    const types = nodeTypes().map((type) => type.name);
    expect(types.length).toBeGreaterThan(5);
    const ids = Object.fromEntries(
      await Promise.all(types.map(async (name) => [name, await idOf(app, name)] as const)),
    );
    for (const scope of SCOPES) {
      const secret = await tokenFor(app, adminId, scope);
      // The types side by side (real parallel requests), each checked on its own.
      await Promise.all(
        types.map(async (typename) => {
          const { id, exists } = ids[typename]!;
          const allowed = tokenMayReadType([scope], typename);
          const one = await asToken(app, secret, "query ($id: ID!) { node(id: $id) { __typename id } }", { id });
          const many = await asToken(app, secret, "query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }", {
            ids: [id],
          });
          for (const [how, node, errors] of [
            ["node", one.data?.node, one.errors],
            ["nodes", many.data?.nodes?.[0], many.errors],
          ] as const) {
            const label = `${scope} ${how} ${typename}`;
            if (allowed && exists) {
              expect(errors, label).toBeUndefined();
              expect(node, label).toEqual({ __typename: typename, id });
            } else if (allowed) {
              expect(errors?.[0]?.extensions?.code, label).toBe("NOT_FOUND");
            } else {
              expect(node ?? null, label).toBeNull();
              expect(errors?.[0]?.extensions?.code, label).toBe("FORBIDDEN");
              expect(errors?.[0]?.message, label).toBe(SCOPE_REFUSAL_MESSAGE);
            }
          }
        }),
      );
    }
  });

  it("read: a webhook endpoint's address (and the key in it) is refused, by node(id) as by webhookEndpoints", async ({
    app,
    admin,
    adminId,
  }) => {
    const endpoint = await app.db.webhookEndpoint.create({
      data: { url: "https://hooks.example.com/in?key=s3cret-in-the-url", events: ["purchase.verified"], secret: "x" },
    });
    const secret = await tokenFor(app, adminId, "read");
    const id = encodeBase64(`WebhookEndpoint:${endpoint.id}`);
    for (const query of [
      "query ($id: ID!) { node(id: $id) { ... on WebhookEndpoint { url } } }",
      "query ($id: ID!) { node(id: $id) { id } }",
      "query ($id: ID!) { nodes(ids: [$id]) { ... on WebhookEndpoint { url description } } }",
      "query ($id: ID!) { nodes(ids: [$id]) { __typename } }",
    ]) {
      const body = await asToken(app, secret, query, { id });
      expect(JSON.stringify(body), query).not.toContain("s3cret");
      expect(JSON.stringify(body.data ?? null), query).not.toContain("WebhookEndpoint");
      expect(body.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
    }
    // The administrator still reads it.
    const own = await admin.graphql("query ($id: ID!) { node(id: $id) { ... on WebhookEndpoint { url } } }", { id });
    expect(own.data.node.url).toContain("s3cret");
  });

  it("purchases:write: customers' contracts, postcodes, emails and phones are refused by nodes(ids)", async ({
    app,
    adminId,
    customer,
  }) => {
    const profile = await app.db.customerProfile.findUniqueOrThrow({
      where: { id: customer.customerId },
      include: { user: true },
    });
    const secret = await tokenFor(app, adminId, "purchases:write");
    const ids = [encodeBase64(`Customer:${profile.id}`), encodeBase64(`User:${profile.userId}`)];
    for (const query of [
      `query ($ids: [ID!]!) { nodes(ids: $ids) {
        ... on Customer { contractNumber postcode user { email } }
        ... on User { email firstName }
      } }`,
      "query ($ids: [ID!]!) { nodes(ids: $ids) { id __typename } }",
    ]) {
      const body = await asToken(app, secret, query, { ids });
      const text = JSON.stringify(body);
      for (const personal of [profile.contractNumber, profile.postcode, profile.user.email])
        expect(text, query).not.toContain(personal);
      expect(body.errors?.[0]?.extensions?.code, query).toBe("FORBIDDEN");
      expect(
        (body.data?.nodes ?? [null, null]).every((node: unknown) => node === null),
        query,
      ).toBe(true);
    }
    // What the scope is for still works: the referrer as the purchase lists show them.
    const listed = await app.client().request("GET", "/api/admin/referrals/pending?limit=1", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(listed.status).toBe(200);
  });
});
