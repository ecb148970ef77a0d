import { readdirSync } from "node:fs";
import path from "node:path";
import argon2 from "argon2";
import {
  type DocumentNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type OperationDefinitionNode,
  parse,
  typeFromAST,
} from "graphql";
import pino from "pino";
import type { ConcreteRequest } from "relay-runtime";
import { beforeEach, describe, expect, vi } from "vitest";
import { ADMIN_CUSTOMERS_QUERY } from "../../../bench/requests.ts";
import { operationText } from "../../../web/build/persistedDocuments.ts";
import { it } from "../../test/fixtures.ts";
import { uniqueMobile } from "../../test/rows.ts";
import { recordStatements } from "../../test/sqlStatements.ts";
import { signedInAdmin, signedInCustomer, type TestClient } from "../../test/testApp.ts";
import { hashToken, newLinkToken } from "../auth/tokens.ts";
import { restRoutes } from "../compose/restRoutes.ts";
import { schema } from "../compose/schema.ts";
import { hashesPassword, MAX_PAGE_SIZE, operationCost, REQUEST_LIMITS, requestLimitErrors } from "./requestLimits.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const GENERATED = path.join(ROOT, "web/src/__generated__");

/** A value of the right type for each of an operation's variables; every Int at the largest page size. */
function variablesAtLargestPages(document: DocumentNode): Record<string, unknown> {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  const sample = (type: GraphQLInputType): unknown => {
    if (isNonNullType(type)) return sample(type.ofType);
    if (isListType(type)) return [sample(type.ofType)];
    if (isEnumType(type)) return type.getValues()[0]?.name; // variables name an enum value by its name
    if (isInputObjectType(type)) {
      return Object.fromEntries(
        Object.values(type.getFields()).flatMap((f) => (isNonNullType(f.type) ? [[f.name, sample(f.type)]] : [])),
      );
    }
    if (isScalarType(type))
      return (
        { Int: MAX_PAGE_SIZE, Float: 1, Boolean: true, ID: "VXNlcjox", DateTime: "2025-01-01T00:00:00.000Z" }[
          type.name
        ] ?? "x"
      );
    return null;
  };
  return Object.fromEntries(
    (operation?.variableDefinitions ?? []).map((definition) => [
      definition.variable.name.value,
      sample(typeFromAST(schema, definition.type as never) as GraphQLInputType),
    ]),
  );
}

async function webOperations(): Promise<{ name: string; document: DocumentNode }[]> {
  const files = readdirSync(GENERATED).filter((file) => /(Query|Mutation)\.graphql\.ts$/.test(file));
  return Promise.all(
    files.map(async (file) => {
      const artifact = (await import(path.join(GENERATED, file))).default as ConcreteRequest;
      return { name: `web ${artifact.params.name}`, document: parse(operationText(artifact.params)) };
    }),
  );
}

describe("the operations this project sends", () => {
  it("fit every limit at the largest page sizes: the web app's, the REST paths' and the benchmark's (the demo dashboard among them)", async () => {
    const operations = [
      ...(await webOperations()),
      ...restRoutes.map((route) => ({ name: `REST ${route.method} ${route.path}`, document: route.document })),
      { name: "bench admin customers", document: parse(ADMIN_CUSTOMERS_QUERY) },
    ];
    expect(operations.filter((op) => op.name.startsWith("web ")).length).toBeGreaterThan(40);
    expect(operations.map((op) => op.name)).toContain("web HomeDashboardQuery");
    const costs: Record<string, number> = {};
    for (const { name, document } of operations) {
      const variables = variablesAtLargestPages(document);
      expect(
        requestLimitErrors(schema, document, undefined, variables).map((e) => e.message),
        name,
      ).toEqual([]);
      costs[name] = operationCost(schema, document, undefined, variables);
    }
    // The most expensive stays below the limit (it is priced with every page at 100).
    expect(Math.max(...Object.values(costs))).toBeLessThanOrEqual(REQUEST_LIMITS.maxCost);
  });
});

/**
 * Lists that are not connections are priced as one item each: they must stay short by nature.
 * A new list field fails here until it is a connection or is listed with why it stays short.
 */
const SHORT_LISTS: Record<string, string> = {
  "AdminQueuesChange.queues": "at most the four admin queues",
  "ApiToken.scopes": "at most the three scopes",
  "Query.apiTokens": "the newest 200 tokens (apiTokens/schema.ts API_TOKEN_LIST_SIZE)",
  "Customer.milestones": "the three milestones",
  "Customer.milestonePayments": "at most one per milestone (a unique constraint)",
  "PendingMilestoneCustomer.milestones": "the three milestones",
  "PendingMilestoneCustomer.availableMilestones": "at most the three milestones",
  "VerifyPurchasePayload.milestonesReached": "at most the three milestones",
  "Programme.demoAccounts": "the demo's two accounts, empty outside demo mode",
  "Query.customerSegments": "the four segments",
  "Query.referralChannelReport": "one row per channel, the three channels",
  "Query.staffMembers": "the newest 500 staff accounts (roles/service.ts STAFF_LIST_SIZE)",
  "Query.staffCustomerSearch": "at most 20 cards (staff/service.ts STAFF_SEARCH_SIZE)",
  "StaffCustomerCard.milestones": "the three milestones",
  "StaffCustomerCard.referrals": "at most 50 (staff/service.ts CARD_REFERRALS_MAX)",
  "Query.myRecordedReferrals": "at most 200 (staff/service.ts RECORDED_LIST_MAX)",
  "Query.staffAttributionReport": "one row per staff account: a showroom team is a handful",
  "FraudSignalReport.kinds": "one row per signal kind, the nine kinds",
  "FraudSignalReport.customers": "at most 500 (fraud/report.ts FRAUD_REPORT_CUSTOMER_LIMIT)",
  "Referral.signals": "at most one per signal kind (a unique constraint), the nine kinds",
  "ReferralDetail.signals": "at most one per signal kind (a unique constraint), the nine kinds",
  "Query.revenueByPeriod":
    "one bucket a week or month of the range, at most 262 weeks or 120 months (analytics/periods.ts)",
  "SecondFactorRecoveryCodes.recoveryCodes": "ten codes",
  "Query.webhookEndpoints": "at most 50 endpoints exist (webhooks/service.ts MAX_WEBHOOK_ENDPOINTS)",
  "WebhookEndpoint.events": "at most the eleven event types",
  "UpdateReferralPayload.referralActivities": "at most 100 (referrals/schema.ts REFERRAL_ACTIVITIES_LIMIT)",
  "WithdrawReferralPayload.referralActivities": "at most 100 (referrals/schema.ts REFERRAL_ACTIVITIES_LIMIT)",
};

describe("every list in the schema is bounded", () => {
  const isList = (type: GraphQLOutputType): boolean => (isNonNullType(type) ? isList(type.ofType) : isListType(type));

  it("as a connection's page (first/last, at most 100), nodes' ids (at most 100), or one of the short lists", () => {
    const unpaged: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!(isObjectType(type) || isInterfaceType(type)) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        if (!isList(field.type)) continue;
        if (type.name.endsWith("Connection") && field.name === "edges") continue;
        if (type.name === "Query" && field.name === "nodes") continue;
        unpaged.push(`${type.name}.${field.name}`);
      }
    }
    expect(unpaged.sort()).toEqual(Object.keys(SHORT_LISTS).sort());
  });

  it("each connection takes first and last, which the limit reads by name", () => {
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        if (!getNamedType(field.type).name.endsWith("Connection")) continue;
        expect(
          field.args.map((arg) => arg.name),
          `${type.name}.${field.name}`,
        ).toEqual(expect.arrayContaining(["first", "last"]));
      }
    }
  });
});

let admin: TestClient;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let logLines: string[] = [];

it.beforeAll(async ({ app }) => {
  admin = await signedInAdmin(app, "limitsadmin");
  customer = await signedInCustomer(app, "limitscustomer");
  app.deps.log = pino({ level: "warn", base: undefined }, { write: (line: string) => logLines.push(line) });
});
beforeEach(() => {
  logLines = [];
});

/** A refusal of the whole operation: no data, one BAD_INPUT error with this message, no 5xx, nothing logged. */
function expectRefused(result: { data?: unknown; errors?: any[]; status: number }, message: string | RegExp) {
  expect(result.status).toBeLessThan(500);
  expect(result.data ?? null).toBeNull();
  expect(result.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
  if (typeof message === "string") expect(result.errors?.[0]?.message).toBe(message);
  else expect(result.errors?.[0]?.message).toMatch(message);
  expect(logLines).toEqual([]);
}

const pageMessage = (argument: string, field: string, value: number) =>
  `${argument} must be between 0 and 100 (${field} was given ${value}).`;

function rootConnections(): string[] {
  return Object.values(schema.getQueryType()?.getFields() ?? {})
    .filter((field) => getNamedType(field.type).name.endsWith("Connection"))
    .map((field) => field.name);
}

describe("page sizes: first and last at most 100 on every connection", () => {
  it("the largest page passes and one more is refused, on every root connection, as a literal and as a variable", async () => {
    const connections = rootConnections();
    expect(connections).toEqual(
      expect.arrayContaining(["customers", "referralDetails", "pendingReferrals", "auditLogs", "topPerformers"]),
    );
    for (const field of connections) {
      for (const size of [0, 100]) {
        const literal = await admin.graphql(`{ ${field}(first: ${size}) { edges { cursor } } }`);
        expect(literal.errors, `${field}(first: ${size})`).toBeUndefined();
        const variable = await admin.graphql(`query($n: Int) { ${field}(first: $n) { edges { cursor } } }`, {
          n: size,
        });
        expect(variable.errors, `${field}(first: $n = ${size})`).toBeUndefined();
      }
      expectRefused(
        await admin.graphql(`{ ${field}(first: 101) { edges { cursor } } }`),
        pageMessage("first", field, 101),
      );
      expectRefused(
        await admin.graphql(`query($n: Int) { ${field}(first: $n) { edges { cursor } } }`, { n: 101 }),
        pageMessage("first", field, 101),
      );
      expectRefused(
        await admin.graphql(`query($n: Int) { ${field}(last: $n) { edges { cursor } } }`, { n: 101 }),
        pageMessage("last", field, 101),
      );
      expectRefused(
        await admin.graphql(`{ ${field}(first: -1) { edges { cursor } } }`),
        pageMessage("first", field, -1),
      );
    }
  });

  it("holds inside a customer's own lists too, and for a signed-out caller before any other answer", async ({
    app,
  }) => {
    const ok = await customer.client.graphql(
      `query($n: Int) { viewer { customer { referrals(first: $n) { edges { cursor } } activities(last: $n) { edges { cursor } } } } }`,
      {
        n: 100,
      },
    );
    expect(ok.errors).toBeUndefined();
    expectRefused(
      await customer.client.graphql(
        `query($n: Int) { viewer { customer { referrals(first: $n) { edges { cursor } } } } }`,
        { n: 101 },
      ),
      pageMessage("first", "referrals", 101),
    );
    expectRefused(
      await app.client().graphql(`{ customers(first: 1000) { edges { cursor } } }`),
      pageMessage("first", "customers", 1000),
    );
  });
});

describe("variables that do not fit their types", () => {
  it("are refused by execution as before, and leave no verdict behind for the next request with the same page sizes", async () => {
    const query = `query($n: Int, $search: String!) { customers(first: $n, filter: { search: $search }) { edges { cursor } } }`;
    const misfit = await admin.graphql(query, { n: 1000 });
    expect(misfit.status).toBeLessThan(500);
    expect(misfit.data ?? null).toBeNull();
    expect(JSON.stringify(misfit.errors)).toMatch(/\$search/);
    expectRefused(await admin.graphql(query, { n: 1000, search: "abc" }), pageMessage("first", "customers", 1000));
    expect((await admin.graphql(query, { n: 100, search: "abc" })).errors).toBeUndefined();
  });
});

describe("a list where an input object is expected", () => {
  it("is refused before anything runs (graphql-js alone takes [] as an object with no fields), and an object still runs", async () => {
    const signOut = `mutation($input: SignOutInput) { signOut(input: $input) { __typename } }`;
    expectRefused(await customer.client.graphql(signOut, { input: [] }), /must be an object, not a list/);
    expect((await customer.client.graphql(`{ viewer { id } }`)).data).toMatchObject({
      viewer: { id: expect.any(String) },
    });
    const processEmails = `mutation($input: ProcessEmailsInput) { processEmails(input: $input) { __typename } }`;
    expectRefused(await admin.graphql(processEmails, { input: [] }), /must be an object, not a list/);
  });
});

describe("connection arguments a list cannot use", () => {
  it("a cursor it never gave out, or a combination it does not take, is BAD_INPUT on every connection, never an internal error", async () => {
    const odd = [
      'after: "garbage"',
      'before: "garbage"',
      `after: "${Buffer.from("garbage").toString("base64")}"`,
      "first: 5, last: 5",
      "last: 5",
    ];
    const asked = [
      ...rootConnections().map((field) => ({
        client: admin,
        query: (args: string) => `{ ${field}(${args}) { edges { cursor } } }`,
      })),
      ...["referrals", "activities"].map((field) => ({
        client: customer.client,
        query: (args: string) => `{ viewer { customer { ${field}(${args}) { edges { cursor } } } } }`,
      })),
    ];
    for (const { client, query } of asked) {
      for (const args of odd) {
        const result = await client.graphql(query(args));
        expect(result.status).toBeLessThan(500);
        const codes = (result.errors ?? []).map((error) => error.extensions?.code);
        expect(
          codes.filter((code) => code !== "BAD_INPUT"),
          `${query(args)}: ${JSON.stringify(result.errors)}`,
        ).toEqual([]);
        if (args === 'after: "garbage"') expect(codes, query(args)).toEqual(["BAD_INPUT"]);
      }
    }
    expect(logLines).toEqual([]);
  });
});

describe("nodes(ids:) takes at most 100 ids", () => {
  it("answers 100 ids, one by one, and refuses 101 without reading anything", async ({ app }) => {
    const own = (await customer.client.graphql(`{ viewer { customer { id } } }`)).data.viewer.customer.id as string;
    const unknown = (i: number) => Buffer.from(`Customer:${2_000_000_000 + i}`).toString("base64");
    const hundred = [own, ...Array.from({ length: 99 }, (_, i) => unknown(i))];
    const result = await customer.client.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: hundred });
    expect(result.data.nodes).toHaveLength(100);
    expect(result.data.nodes[0]).toEqual({ id: own });
    expect(new Set(result.errors?.map((e) => e.extensions?.code))).toEqual(new Set(["NOT_FOUND"]));
    expect(result.errors).toHaveLength(99);

    const recorder = recordStatements(app);
    let refused: Awaited<ReturnType<TestClient["graphql"]>> | undefined;
    const statements = await recorder.during(async () => {
      refused = await customer.client.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
        ids: [...hundred, unknown(100)],
      });
    });
    await recorder.close();
    expectRefused(refused!, "nodes takes at most 100 ids (it was given 101).");
    // The session's own read only: no node was looked up.
    expect(statements.length).toBeLessThanOrEqual(1);
  });

  it("refuses 3,000 garbage ids from a signed-out caller at once, with one error, before reading anything", async ({
    app,
  }) => {
    const ids = Array.from({ length: 3000 }, (_, i) => `garbage-${i}`);
    const recorder = recordStatements(app);
    let result: Awaited<ReturnType<TestClient["graphql"]>> | undefined;
    const statements = await recorder.during(async () => {
      result = await app.client().graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    });
    await recorder.close();
    expectRefused(result!, "nodes takes at most 100 ids (it was given 3000).");
    expect(result!.errors).toHaveLength(1);
    // The count is refused before any id is decoded or looked up: not one statement reached the database.
    expect(statements).toEqual([]);
  });
});

describe("the cost limit prices variables as it prices literals", () => {
  const NESTED = `query Nested($outer: Int!, $inner: Int!) {
    viewer { customer { referrals(first: $outer) { edges { node { customer { referrals(first: $inner) { edges { node { id } } } } } } } } }
  }`;
  const literal = (outer: number, inner: number) =>
    NESTED.replace("($outer: Int!, $inner: Int!)", "")
      .replace("$outer", String(outer))
      .replace("$inner", String(inner));
  const cost = (outer: number, inner: number) => operationCost(schema, parse(NESTED), undefined, { outer, inner });

  it("a page of 100 inside each of 100 referrals, or pages of 1000, are refused however they are written", async () => {
    expect(cost(100, 100)).toBeGreaterThan(REQUEST_LIMITS.maxCost);
    const costMessage = /^This request could return \d+ values, more than the 10000 one request may/;
    expectRefused(await customer.client.graphql(NESTED, { outer: 100, inner: 100 }), costMessage);
    expectRefused(await customer.client.graphql(literal(100, 100)), costMessage);
    expectRefused(
      await customer.client.graphql(NESTED, { outer: 1000, inner: 1000 }),
      pageMessage("first", "referrals", 1000),
    );
    expectRefused(await customer.client.graphql(literal(1000, 1000)), pageMessage("first", "referrals", 1000));
  });

  it("the costliest allowed nesting passes and one more item is refused, literal or variable", async () => {
    let outer = 1;
    while (cost(outer + 1, 100) <= REQUEST_LIMITS.maxCost) outer += 1;
    expect(outer + 1).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(cost(outer, 100)).toBeLessThanOrEqual(REQUEST_LIMITS.maxCost);
    expect(cost(outer + 1, 100)).toBeGreaterThan(REQUEST_LIMITS.maxCost);
    for (const text of [literal(outer, 100), NESTED]) {
      const allowed = await customer.client.graphql(text, { outer, inner: 100 });
      expect(allowed.errors).toBeUndefined();
      expect(allowed.data.viewer.customer.referrals.edges).toBeDefined();
    }
    const message = `This request could return ${cost(outer + 1, 100)} values, more than the 10000 one request may: ask for smaller pages (first, last) or fewer fields.`;
    expectRefused(await customer.client.graphql(NESTED, { outer: outer + 1, inner: 100 }), message);
    expectRefused(await customer.client.graphql(literal(outer + 1, 100)), message);
  });
});

describe("one password-hashing mutation per request", () => {
  const signInField = (alias: string) =>
    `${alias}: signIn(input: { username: "limitscustomer", password: "wrong-password-1" }) { __typename }`;

  it("runs one, and refuses two (aliases, fragments, other hashing mutations) before anything runs", async ({
    app,
  }) => {
    const hash = vi.spyOn(argon2, "hash");
    const verify = vi.spyOn(argon2, "verify");
    try {
      const one = await app.client().graphql(`mutation { ${signInField("a")} }`);
      expect(one.errors).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockClear();

      const before = await app.db.auditEntry.count();
      const batches = [
        `mutation { ${signInField("a")} ${signInField("b")} }`,
        `mutation { ${signInField("a")} ...More } fragment More on Mutation { ${signInField("b")} }`,
        `mutation { ${signInField("a")} register(input: { username: "x", email: "x@example.com", password: "another-password-1" }) { __typename } }`,
        `mutation { completePasswordReset(input: { token: "t", newPassword: "another-password-1" }) { __typename } ${signInField("a")} }`,
      ];
      for (const batch of batches) {
        expectRefused(
          await app.client().graphql(batch),
          /^A request may hold one mutation that checks or sets a password; this one holds 2 \(.+\)\. Send them one at a time\.$/,
        );
      }
      expect(hash).not.toHaveBeenCalled();
      expect(verify).not.toHaveBeenCalled();
      // A failed sign-in is audited: none was attempted.
      expect(await app.db.auditEntry.count()).toBe(before);
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });

  it("every mutation that runs argon2 is marked, and only those", async ({ app }) => {
    // A reset ends every session of its user: a user of its own.
    const resetUser = await app.db.user.create({
      data: { username: "resetprobe", email: "resetprobe@example.com", passwordHash: "unused" },
    });
    const token = newLinkToken();
    await app.db.passwordResetToken.create({
      data: { userId: resetUser.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 600_000) },
    });
    let probe = 0;
    const plausible = (name: string, type: GraphQLInputType): unknown => {
      const named = getNamedType(type);
      if (isInputObjectType(named))
        return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, plausible(f.name, f.type)]));
      if (isEnumType(named)) return named.getValues()[0]?.name;
      if (named.name === "Boolean") return true;
      if (named.name === "Int") return 1;
      if (/password/i.test(name)) return "Plausible-password-42";
      if (/username/i.test(name)) return `hashprobe${probe}`;
      if (/email/i.test(name)) return `hashprobe${probe}@example.com`;
      if (/token/i.test(name)) return token;
      if (/code/i.test(name)) return "123456";
      if (/phone/i.test(name)) return uniqueMobile();
      if (/amount/i.test(name)) return "100.00";
      return "Plausible";
    };
    const hash = vi.spyOn(argon2, "hash");
    const verify = vi.spyOn(argon2, "verify");
    const hashing = new Set<string>();
    try {
      for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
        // What takes a password is probed as an administrator too (their second factor is theirs alone).
        const roles = takesPassword(field) ? [...CALLER_PROBES, "admin"] : CALLER_PROBES;
        for (const role of roles) {
          probe += 1;
          const client =
            role === "customer"
              ? (await signedInCustomer(app, `hashcaller${probe}`)).client
              : role === "admin"
                ? await signedInAdmin(app, `hashadmin${probe}`)
                : app.client();
          const input = field.args.find((arg) => arg.name === "input");
          hash.mockClear();
          verify.mockClear();
          const result = await client.graphql(
            `mutation${input ? `($input: ${input.type.toString()})` : ""} { ${field.name}${input ? "(input: $input)" : ""} { __typename } }`,
            input ? { input: plausible("input", input.type) } : {},
          );
          expect(result.status, field.name).toBeLessThan(500);
          if (hash.mock.calls.length + verify.mock.calls.length > 0) hashing.add(field.name);
        }
      }
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
    const marked = Object.values(schema.getMutationType()?.getFields() ?? {})
      .filter((field) => hashesPassword(field))
      .map((field) => field.name);
    expect([...hashing].sort()).toEqual([
      "changePassword",
      "completePasswordReset",
      "confirmSecondFactorEnrolment",
      "deleteMyAccount",
      "disableSecondFactor",
      "register",
      "requestEmailChange",
      "signIn",
      "startSecondFactorEnrolment",
    ]);
    expect(marked.sort()).toEqual([...hashing].sort());
  });
});

const CALLER_PROBES: readonly ("anonymous" | "customer" | "admin")[] = ["anonymous", "customer"];

/** Whether a field's input asks for a password, at any depth. */
function takesPassword(field: GraphQLField<unknown, unknown>): boolean {
  const walk = (type: GraphQLInputType, seen: Set<string>): boolean => {
    const named = getNamedType(type);
    if (!isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((f) => /password/i.test(f.name) || walk(f.type, seen));
  };
  return field.args.some((arg) => /password/i.test(arg.name) || walk(arg.type, new Set()));
}

describe("REST lists keep their documented lengths, read 100 at a time", () => {
  let customerIds: number[] = [];

  it.beforeAll(async ({ app }) => {
    // 230 registrations and 230 referrals: more than two GraphQL pages each.
    const now = Date.now();
    await app.db.user.createMany({
      data: Array.from({ length: 230 }, (_, i) => ({
        username: `bulk${i}`,
        email: `bulk${i}@example.com`,
        passwordHash: "unused",
      })),
    });
    const users = await app.db.user.findMany({ where: { username: { startsWith: "bulk" } }, select: { id: true } });
    await app.db.customerProfile.createMany({
      data: users.map((user, i) => ({
        userId: user.id,
        originalPurchaseAmountPence: 100_000,
        postcode: "SW1A 1AA",
        contractNumber: `HNG-BULK-${i}`,
        termsAcceptedAt: new Date(),
        createdAt: new Date(now - i * 1000),
      })),
    });
    await app.db.referral.createMany({
      data: Array.from({ length: 230 }, (_, i) => ({
        customerId: customer.customerId,
        name: `Bulk Friend ${i}`,
        phone: uniqueMobile(),
        status: "PENDING" as const,
        createdAt: new Date(now - i * 1000),
        expiresAt: new Date(now - i * 1000 + 90 * 24 * 3600 * 1000),
      })),
    });
    customerIds = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await admin.graphql(
        `query($after: String) { customers(first: 100, after: $after) { edges { node { databaseId } } pageInfo { hasNextPage endCursor } } }`,
        {
          after,
        },
      );
      customerIds.push(...page.data.customers.edges.map((edge: any) => edge.node.databaseId));
      if (!page.data.customers.pageInfo.hasNextPage) break;
      after = page.data.customers.pageInfo.endCursor;
    }
  });

  it("/api/admin/customers answers up to 500 rows, as GraphQL's pages list them; 501 is refused", async () => {
    expect(customerIds.length).toBeGreaterThan(230);
    const all = await admin.get("/api/admin/customers?limit=500");
    expect(all.status).toBe(200);
    expect(all.body.map((row: any) => row.id)).toEqual(customerIds.slice(0, 500));
    const byDefault = await admin.get("/api/admin/customers");
    expect(byDefault.body.map((row: any) => row.id)).toEqual(customerIds.slice(0, 500));
    const across = await admin.get("/api/admin/customers?limit=150");
    expect(across.body.map((row: any) => row.id)).toEqual(customerIds.slice(0, 150));
    const continued = await admin.get(`/api/admin/customers?limit=150&after=${customerIds[119]}`);
    expect(continued.body.map((row: any) => row.id)).toEqual(customerIds.slice(120, 270));
    const tooMany = await admin.get("/api/admin/customers?limit=501");
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toBe("limit must be a whole number from 1 to 500");
  });

  it("the customer's own /api/referrals and the admin queue list every one of the 230 referrals", async ({ app }) => {
    const own = await customer.client.get("/api/referrals");
    expect(own.status).toBe(200);
    const ids = own.body.map((row: any) => row.id);
    expect(ids).toHaveLength(230);
    expect(new Set(ids).size).toBe(230);
    const queue = await admin.get("/api/admin/referrals/pending?limit=500");
    expect(queue.status).toBe(200);
    expect(new Set(queue.body.map((row: any) => row.id))).toEqual(new Set(ids));
    const pendingCustomers = await admin.get("/api/admin/pending-customers");
    expect(pendingCustomers.body.length).toBe(await app.db.customerProfile.count({ where: { status: "PENDING" } }));
  });

  it("paths documented at 100 answer 100 and refuse 101", async () => {
    for (const pathname of ["/api/admin/audit-logs", "/api/admin/revenue-trends", "/api/admin/referral-metrics"]) {
      expect((await admin.get(`${pathname}?limit=100`)).status, pathname).toBe(200);
      expect((await admin.get(`${pathname}?limit=101`)).status, pathname).toBe(400);
    }
  });
});
