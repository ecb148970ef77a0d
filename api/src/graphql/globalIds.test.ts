import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLInputObjectType, getNamedType, isInputObjectType, isNonNullType } from "graphql";
import pino from "pino";
import { beforeEach, describe, expect } from "vitest";
import { databaseState } from "../../test/databaseState.ts";
import { it } from "../../test/fixtures.ts";
import { insertReferral } from "../../test/rows.ts";
import { signedInAdmin, signedInCustomer, type TestClient } from "../../test/testApp.ts";
import { schema } from "../compose/schema.ts";
import { NODE_MESSAGES } from "./nodeAccess.ts";

let admin: TestClient;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let other: Awaited<ReturnType<typeof signedInCustomer>>;
/** Every line the app logs from here on, as pino writes it. */
let logLines: string[] = [];

it.beforeAll(async ({ app }) => {
  admin = await signedInAdmin(app, "idadmin");
  customer = await signedInCustomer(app, "idowner");
  other = await signedInCustomer(app, "idother");
  app.deps.log = pino({ level: "warn", base: undefined }, { write: (line: string) => logLines.push(line) });
});
beforeEach(() => {
  logLines = [];
});

const base64 = (text: string) => Buffer.from(text).toString("base64");

describe("node(id) and nodes(ids) with an id that names nothing readable", () => {
  const NODE = `query($id: ID!) { node(id: $id) { id } }`;
  const cases: [string, string, string][] = [
    ["not base64", "garbage", "BAD_INPUT"],
    ["empty", "", "BAD_INPUT"],
    ["base64 of no type and id", base64("garbage"), "BAD_INPUT"],
    ["an unknown type", base64("Nope:1"), "BAD_INPUT"],
    ["a type that is not a node", base64("Money:1"), "BAD_INPUT"],
    ["an id that is not a number", base64("Customer:abc"), "BAD_INPUT"],
    ["a negative id", base64("Customer:-1"), "BAD_INPUT"],
    ["an id beyond a 32-bit integer", base64("Customer:99999999999"), "BAD_INPUT"],
    ["an id of 2^31", base64("Customer:2147483648"), "BAD_INPUT"],
    ["the largest id, which does not exist", base64("Customer:2147483647"), "NOT_FOUND"],
    ["an unknown referral", encodeGlobalID("Referral", 999_999), "NOT_FOUND"],
    ["an unknown audit entry", encodeGlobalID("AuditEntry", 999_999), "NOT_FOUND"],
  ];

  for (const [what, id, code] of cases) {
    it(`${what}: null with ${code}, and nothing logged`, async () => {
      const result = await customer.client.graphql(NODE, { id });
      expect(result.status).toBe(200);
      expect(result.data).toEqual({ node: null });
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]?.extensions?.code).toBe(code);
      expect(result.errors?.[0]?.message).toBe(code === "BAD_INPUT" ? NODE_MESSAGES.invalid : NODE_MESSAGES.notFound);
      expect(result.errors?.[0]?.path).toEqual(["node"]);
      expect(logLines).toEqual([]);
    });
  }

  it('as a literal too: node(id: "garbage") is BAD_INPUT', async ({ app }) => {
    const result = await app.client().graphql(`{ node(id: "garbage") { id } }`);
    expect(result.data).toEqual({ node: null });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_INPUT");
    expect(logLines).toEqual([]);
  });

  it("another customer's object answers as an unknown id does (NOT_FOUND), its owner and administrators read it", async ({
    app,
  }) => {
    const referral = await insertReferral(app.db, other.customerId, { name: "Other's Friend" });
    const ids = [
      encodeGlobalID("Referral", referral.id),
      encodeGlobalID("Customer", other.customerId),
      encodeGlobalID("User", other.userId),
    ];
    for (const id of ids) {
      const stolen = await customer.client.graphql(NODE, { id });
      expect(stolen.data).toEqual({ node: null });
      expect(stolen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      expect(stolen.errors?.[0]?.message).toBe(NODE_MESSAGES.notFound);
      expect((await other.client.graphql(NODE, { id })).data).toEqual({ node: { id } });
      expect((await admin.graphql(NODE, { id })).data).toEqual({ node: { id } });
    }
    // Signed out, the answer says to sign in.
    const anonymous = await app.client().graphql(NODE, { id: ids[0] });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(logLines).toEqual([]);
  });

  it("nodes(ids) answers each id on its own: the readable ones, and null with its error for each other", async () => {
    const ownId = encodeGlobalID("Customer", customer.customerId);
    const ids = [
      ownId,
      "garbage",
      encodeGlobalID("Customer", 2_147_483_647),
      ownId,
      encodeGlobalID("Customer", other.customerId),
    ];
    const result = await customer.client.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(result.data).toEqual({ nodes: [{ id: ownId }, null, null, { id: ownId }, null] });
    const byIndex = Object.fromEntries((result.errors ?? []).map((error) => [error.path?.[1], error.extensions?.code]));
    expect(byIndex).toEqual({ 1: "BAD_INPUT", 2: "NOT_FOUND", 4: "NOT_FOUND" });
    expect(logLines).toEqual([]);
  });
});

/** Every mutation whose input holds an id, with each of its ids given as `value` (other fields plausible). */
function mutationsTakingIds(): { name: string; input: GraphQLInputObjectType; idFields: string[] }[] {
  const found: { name: string; input: GraphQLInputObjectType; idFields: string[] }[] = [];
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const inputType = field.args.find((arg) => arg.name === "input")?.type;
    const input = inputType ? getNamedType(inputType) : undefined;
    if (!input || !isInputObjectType(input)) continue;
    const idFields = Object.values(input.getFields())
      .filter((f) => getNamedType(f.type).name === "ID")
      .map((f) => f.name);
    if (idFields.length > 0) found.push({ name: field.name, input, idFields });
  }
  return found;
}

/** Values that pass every other check, so that the id is what the mutation answers about. */
const PLAUSIBLE: Record<string, unknown> = {
  reason: "Checked with the customer",
  notes: "Paid by transfer",
  amount: "100.00",
  milestone: "M33",
  name: "Ida Friend",
  phone: "+447400999001",
  originalPurchaseAmount: "1200.00",
  contractNumber: "HNG-ID-1",
  paused: true,
  consentConfirmed: true,
};

/** Mutations only a verified customer may call: sent as one, so the id is what is refused. */
const CUSTOMER_MUTATIONS = new Set(["addReferral", "updateReferral", "withdrawReferral"]);

describe("mutations given an id that names nothing", () => {
  const garbage = [
    "garbage",
    base64("Nope:1"),
    base64("Customer:99999999999"),
    encodeGlobalID("Customer", 2_147_483_647),
  ];

  it("finds the mutations that take ids", () => {
    expect(mutationsTakingIds().map((m) => m.name)).toEqual(
      expect.arrayContaining([
        "approveCustomer",
        "rejectCustomer",
        "verifyPurchase",
        "processMilestone",
        "approvePayoutRequest",
        "addReferral",
      ]),
    );
  });

  for (const { name, input, idFields } of mutationsTakingIds()) {
    it(`${name}: a typed error (NOT_FOUND for an unknown id), nothing changed, nothing logged`, async ({ app }) => {
      const client = CUSTOMER_MUTATIONS.has(name) ? customer.client : admin;
      const before = await databaseState(app);
      for (const value of garbage) {
        const variables = Object.fromEntries(
          Object.values(input.getFields())
            .filter((f) => isNonNullType(f.type) || idFields.includes(f.name) || f.name in PLAUSIBLE)
            .map((f) => [f.name, idFields.includes(f.name) ? value : (PLAUSIBLE[f.name] ?? "x")]),
        );
        const result = await client.graphql(
          `mutation($input: ${input.name}!) { ${name}(input: $input) { __typename ... on Error { code message } } }`,
          { input: variables },
        );
        expect(result.status, JSON.stringify(result)).toBe(200);
        expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
        const answer = result.data?.[name];
        // addReferral's customerId only claims the account it is for: any other answers that it is not theirs.
        const expected = name === "addReferral" ? ["FORBIDDEN"] : ["BAD_INPUT", "NOT_FOUND"];
        expect(expected, `${name} with ${value}: ${JSON.stringify(answer)}`).toContain(answer?.code);
      }
      expect(await databaseState(app)).toEqual(before);
      expect(logLines).toEqual([]);
    });
  }
});
