import fs from "node:fs";
import path from "node:path";
import {
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";
import { signedInAdmin } from "../../test/testApp.ts";
import { printSchemaSdl, schema } from "../compose/schema.ts";

it.override("appOptions", { env: { NODE_ENV: "development" } });
it.override("secondAppOptions", { env: { NODE_ENV: "production" } });

describe("schema.graphql", () => {
  it("is the schema printed from the code (run npm run schema:print when this fails)", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../../schema.graphql"), "utf8");
    expect(committed).toBe(printSchemaSdl());
  });
});

/** A value of the right shape for any input type, so that only authorization can refuse the call. */
function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]?.name; // variables name an enum value by its name
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleValue(field.type)]),
    );
  }
  if (isScalarType(type)) {
    return (
      (
        { Int: 1, Float: 1, Boolean: true, ID: "VXNlcjox", DateTime: "2025-01-01T00:00:00.000Z" } as Record<
          string,
          unknown
        >
      )[type.name] ?? "x"
    );
  }
  return null;
}

function adminOnlyRootFields(): { operation: "query" | "mutation"; field: GraphQLField<unknown, unknown> }[] {
  const found: { operation: "query" | "mutation"; field: GraphQLField<unknown, unknown> }[] = [];
  for (const [operation, type] of [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const scopes = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions?.authScopes;
      if (scopes && typeof scopes === "object" && (scopes as Record<string, unknown>).admin === true)
        found.push({ operation, field });
    }
  }
  return found;
}

function callDocument(operation: string, field: GraphQLField<unknown, unknown>) {
  const variableDefinitions = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const argumentList = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection =
    isObjectType(getNamedType(field.type)) || !isScalarType(getNamedType(field.type)) ? " { __typename }" : "";
  const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sampleValue(arg.type)]));
  return {
    query: `${operation} Probe${variableDefinitions ? `(${variableDefinitions})` : ""} { ${field.name}${argumentList ? `(${argumentList})` : ""}${selection} }`,
    variables,
  };
}

describe("authorization scopes", () => {
  it("every admin-only field refuses a customer (FORBIDDEN) and a signed-out caller (UNAUTHENTICATED)", async ({
    app,
  }) => {
    const fields = adminOnlyRootFields();
    const customer = app.client();
    await customer.register("scopeprobe");
    const anonymous = app.client();
    for (const { operation, field } of fields) {
      const { query, variables } = callDocument(operation, field);
      const asCustomer = await customer.graphql(query, variables);
      expect(asCustomer.errors?.[0]?.extensions?.code, `${field.name} as a customer`).toBe("FORBIDDEN");
      expect(asCustomer.data?.[field.name] ?? null).toBeNull();
      const asNobody = await anonymous.graphql(query, variables);
      expect(asNobody.errors?.[0]?.extensions?.code, `${field.name} signed out`).toBe("UNAUTHENTICATED");
    }
  });

  it("node(id) does not show one user to another, but does to that user and to administrators", async ({ app }) => {
    const owner = app.client();
    const { id } = await owner.register("nodeowner");
    const user = await app.client().graphql(`{ viewer { id } }`);
    expect(user.data.viewer).toBeNull();
    const ownId = (await owner.graphql(`{ viewer { id } }`)).data.viewer.id as string;
    const other = app.client();
    await other.register("nodeother");
    const query = `query($id: ID!) { node(id: $id) { ... on User { username } } }`;
    const asOther = await other.graphql(query, { id: ownId });
    expect(asOther.data?.node ?? null).toBeNull();
    // The same answer as for an id that does not exist: another user's ids cannot be probed.
    expect(asOther.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await owner.graphql(query, { id: ownId })).data.node.username).toBe("nodeowner");
    const admin = await signedInAdmin(app, "nodeadmin");
    expect((await admin.graphql(query, { id: ownId })).data.node.username).toBe("nodeowner");
    expect(typeof id).toBe("number");
  });
});

describe("CSRF prevention", () => {
  const mutation = `mutation { signOut { __typename } }`;

  it("refuses a form post and a text/plain post to /graphql", async ({ app }) => {
    const client = app.client();
    const form = await client.request("POST", "/graphql", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `query=${encodeURIComponent(mutation)}`,
    });
    expect(form.status).toBe(415);
    const text = await client.request("POST", "/graphql", {
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: mutation }),
    });
    expect(text.status).toBe(415);
  });

  it("refuses a mutation sent by GET", async ({ app }) => {
    const response = await app.client().get(`/graphql?query=${encodeURIComponent(mutation)}`);
    expect(response.status).toBe(405);
  });

  it("refuses a write from another site's page, on /graphql and /api", async ({ app }) => {
    const client = app.client();
    const headers = { origin: "https://evil.example", "content-type": "application/json" };
    const graphql = await client.request("POST", "/graphql", { headers, json: { query: mutation } });
    expect(graphql.status).toBe(403);
    const rest = await client.request("POST", "/api/login", { headers, json: { username: "a", password: "b" } });
    expect(rest.status).toBe(403);
    const form = await client.request("POST", "/api/login", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=a&password=b",
    });
    expect(form.status).toBe(400);
    expect(form.text).toBe("Request body must be sent as application/json");
  });
});

describe("query limits", () => {
  it("refuses a query nested deeper than the limit", async ({ app }) => {
    const fine = await app.client().graphql(`{ programme { demoAccounts { username } } viewer { id } }`);
    expect(fine.errors).toBeUndefined();
    // The depth rule runs with validation, so even unknown fields nested 14 deep are measured.
    const nested = Array.from({ length: 14 }, (_, i) => `f${i} {`).join(" ");
    const tooDeep = await app.client().graphql(`{ ${nested} id ${"}".repeat(14)} }`);
    expect(JSON.stringify(tooDeep.errors)).toMatch(/depth limit of 12/i);
  });

  it("refuses too many aliases and too many tokens", async ({ app }) => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: programme { demoMode }`).join(" ");
    const manyAliases = await app.client().graphql(`{ ${aliases} }`);
    expect(JSON.stringify(manyAliases.errors)).toMatch(/alias/i);
    const tokens = Array.from({ length: 2100 }, () => "__typename").join(" ");
    const manyTokens = await app.client().graphql(`{ ${tokens} }`);
    expect(JSON.stringify(manyTokens.errors)).toMatch(/token/i);
  });

  it("suggests field names in development only", async ({ app, secondApp: production }) => {
    const dev = await app.client().graphql(`{ viewr { id } }`);
    expect(JSON.stringify(dev.errors)).toMatch(/Did you mean/);
    const prod = await production.client().graphql(`{ viewr { id } }`);
    expect(prod.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(prod.errors)).not.toMatch(/Did you mean/);
  });

  it("answers introspection to administrators only in production, and serves GraphiQL in development only", async ({
    app,
    secondApp: production,
  }) => {
    const introspection = `{ __schema { queryType { name } } }`;
    const anonymous = await production.client().graphql(introspection);
    expect(anonymous.data?.__schema ?? null).toBeNull();
    const admin = await signedInAdmin(production, "introspector");
    const asAdmin = await admin.graphql(introspection);
    expect(asAdmin.errors).toBeUndefined();
    expect(asAdmin.data.__schema.queryType.name).toBe("Query");
    const devPage = await app.client().request("GET", "/graphql", { headers: { accept: "text/html" } });
    expect(devPage.text).toMatch(/graphiql/i);
    const prodPage = await production.client().request("GET", "/graphql", { headers: { accept: "text/html" } });
    expect(prodPage.text).not.toMatch(/graphiql/i);
  });
});
