// No 5xx on any input (issue 16, decisions.md "API protection"): generated bad inputs go to every
// REST path and every GraphQL mutation, as each role, against the real server and PostgreSQL.
// Every generated request is invalid in at least one place (see values.ts), so it must be
// refused with a 4xx or a typed error, and must change no table.
//
//   FUZZ_SEED=<n>            replays a run (the seed is printed at the start)
//   FUZZ_RUNS=<n>            requests per path or mutation and role (default 8)
//   FUZZ_TIME_LIMIT_MS=<n>   the whole run's budget (default 60000), shared by the paths and mutations
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { isAbstractType } from "graphql";
import { afterAll, describe, expect } from "vitest";
import { REPORTS } from "../../src/analytics/reports.ts";
import { schema } from "../../src/graphql/schema.ts";
import { it } from "../fixtures.ts";
import { signedInAdmin, signedInCustomer, type TestClient } from "../testApp.ts";
import { changedTables, type TableState, tableStateReader } from "./tableState.ts";
import { type MutationTarget, mutationTargets, type RestTarget, restTargets } from "./targets.ts";
import {
  garbageGlobalId,
  jsonText,
  type Known,
  pathSegment,
  poisonFor,
  queryEncode,
  queryValue,
  restPoison,
  restValue,
  transportPoison,
  valueFor,
} from "./values.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 60_000);
const ROLES = ["anonymous", "unverified customer", "verified customer", "administrator"] as const;
type Role = (typeof ROLES)[number];

const REST = restTargets();
const MUTATIONS = mutationTargets();
const PER_TARGET_MS = Math.max(200, Math.floor(TIME_LIMIT_MS / ((REST.length + MUTATIONS.length) * ROLES.length)));
/** Requests every (path or mutation, role) sends however slow the machine: the time limit only cuts the rest. */
const FLOOR = Math.min(RUNS, Number(process.env.FUZZ_FLOOR ?? 3));

/** One HTTP request as sent, for the failure message and the replay. */
interface HttpCase {
  method: "GET" | "POST";
  path: string;
  contentType?: string;
  body?: string;
  /** The mutation whose result tells success from a typed error (GraphQL only). */
  mutation?: string;
}

let clients: Record<Role, TestClient>;
let known: Known;
let tables: Awaited<ReturnType<typeof tableStateReader>>;
let requestCount = 0;
/** Type names of the typed errors (they implement the Error interface). */
const ERROR_TYPES = new Set(
  schema.getImplementations(schema.getType("Error") as never).objects.map((type) => type.name),
);

it.override("appOptions", { env: { TRUST_PROXY: "1" } });

it.beforeAll(async ({ app, admin }) => {
  console.log(
    `fuzz: FUZZ_SEED=${SEED} (${REST.length} REST paths, ${MUTATIONS.length} mutations, ${ROLES.length} roles, ${RUNS} runs or ${PER_TARGET_MS} ms each)`,
  );
  // A programme with something in every state, so that valid-looking ids reach past "not found".
  const otherAdmin = await signedInAdmin(app, "fuzzadmin2");
  const verified = await signedInCustomer(app, "fuzzverified", { originalPurchaseAmount: "10000.00" });
  const unverified = await signedInCustomer(app, "fuzzpending", { verified: false });
  const referralIds: number[] = [];
  for (const [i, name] of ["Fuzz Friend", "Fuzz Buyer", "Fuzz Third"].entries()) {
    const response = await verified.client.post("/api/referrals", {
      name,
      phone: `07400 90000${i}`,
      email: `friend${i}@example.com`,
    });
    if (response.status !== 200) throw new Error(`referral: ${response.status} ${response.text}`);
    referralIds.push(response.body.id);
  }
  const purchase = await admin.post(`/api/admin/referrals/${referralIds[1]}/purchase`, { amount: "30000.00" });
  if (purchase.status !== 200) throw new Error(`purchase: ${purchase.status} ${purchase.text}`);
  const request = await otherAdmin.post("/api/admin/payout-requests", {
    customerId: verified.customerId,
    milestoneType: "milestone_33",
  });
  if (request.status !== 200) throw new Error(`payout request: ${request.status} ${request.text}`);
  const payoutRequestId = request.body.id as number;

  clients = {
    anonymous: app.client(),
    "unverified customer": unverified.client,
    "verified customer": verified.client,
    administrator: admin,
  };
  known = {
    globalIds: [
      encodeGlobalID("Customer", String(verified.customerId)),
      encodeGlobalID("Customer", String(unverified.customerId)),
      ...referralIds.map((id) => encodeGlobalID("Referral", String(id))),
      encodeGlobalID("PayoutRequest", String(payoutRequestId)),
      encodeGlobalID("User", String(verified.userId)),
    ],
    numericIds: [verified.customerId, unverified.customerId, ...referralIds, payoutRequestId].map(String),
  };
  tables = await tableStateReader(app.databaseUrl);
});

afterAll(async () => {
  console.log(`fuzz: ${requestCount} requests, FUZZ_SEED=${SEED}`);
  await tables?.close();
});

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

function restCase(target: RestTarget): fc.Arbitrary<HttpCase> {
  const segments = (poisonedParam: number) =>
    fc.tuple(
      ...target.paramNames.map((name, i) =>
        name === "name" && target.path.startsWith("/api/admin/reports/")
          ? fc.oneof(fc.constantFrom(...Object.keys(REPORTS)), pathSegment(known, true))
          : pathSegment(known, i === poisonedParam),
      ),
    );
  const pathFrom = (values: string[]) => {
    let index = 0;
    return target.path.replace(/:[A-Za-z]+/g, () => values[index++] ?? "");
  };
  const query = fc
    .tuple(
      fc.subarray(target.queryFields),
      fc.array(queryValue, { minLength: target.queryFields.length, maxLength: target.queryFields.length }),
    )
    .map(([names, values]) => names.map((name, i) => `${queryEncode(name)}=${queryEncode(values[i] ?? "")}`).join("&"));

  if (target.method === "GET") {
    return fc
      .tuple(segments(-1), query)
      .map(([values, q]) => ({ method: "GET", path: q ? `${pathFrom(values)}?${q}` : pathFrom(values) }));
  }
  const options: fc.Arbitrary<HttpCase>[] = [
    fc
      .tuple(segments(-1), transportPoison)
      .map(([values, t]) => ({ method: "POST", path: pathFrom(values), contentType: t.contentType, body: t.body })),
  ];
  const body = (poisonedField: string | null) =>
    fc
      .tuple(
        fc.tuple(...target.bodyFields.map((field) => (field === poisonedField ? restPoison : restValue(known)))),
        fc.option(fc.tuple(fc.constantFrom("extra", "__proto__", "constructor", "id"), restValue(known)), {
          nil: undefined,
        }),
      )
      .map(([values, extra]) => {
        const object: Record<string, unknown> = {};
        target.bodyFields.forEach((field, i) => {
          if (values[i] !== undefined) object[field] = values[i];
        });
        if (extra && extra[0] !== "__proto__") object[extra[0]] = extra[1];
        let text = jsonText(object);
        if (extra?.[0] === "__proto__")
          text =
            text === "{}"
              ? `{"__proto__":${jsonText(extra[1])}}`
              : `{"__proto__":${jsonText(extra[1])},${text.slice(1)}`;
        return text;
      });
  for (const field of target.bodyFields) {
    options.push(
      fc.tuple(segments(-1), body(field)).map(([values, text]) => ({
        method: "POST",
        path: pathFrom(values),
        contentType: "application/json",
        body: text,
      })),
    );
  }
  target.paramNames.forEach((_name, index) => {
    options.push(
      fc.tuple(segments(index), body(null)).map(([values, text]) => ({
        method: "POST",
        path: pathFrom(values),
        contentType: "application/json",
        body: text,
      })),
    );
  });
  return fc.oneof(...options);
}

function mutationCase(target: MutationTarget): fc.Arbitrary<HttpCase> {
  const definitions = target.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const uses = target.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const resultType = schema.getMutationType()?.getFields()[target.name]?.type;
  const named = resultType && "ofType" in resultType ? resultType.ofType : resultType;
  const selection = named && isAbstractType(named) ? "__typename ... on Error { code message }" : "__typename";
  const query = target.args.length
    ? `mutation Fuzz(${definitions}) { ${target.name}(${uses}) { ${selection} } }`
    : `mutation Fuzz { ${target.name} { ${selection} } }`;
  const graphqlCase = (body: string, contentType = "application/json"): HttpCase => ({
    method: "POST",
    path: "/graphql",
    contentType,
    body,
    mutation: target.name,
  });

  const options: fc.Arbitrary<HttpCase>[] = [
    transportPoison.map((t) => graphqlCase(t.body, t.contentType)),
    fc
      .constantFrom(
        `{"query":${JSON.stringify(query)},"variables":"{"}`,
        `{"query":${JSON.stringify(query)},"variables":[1]}`,
        `{"query":${JSON.stringify(query)},"operationName":"Other"}`,
        `{"query":${JSON.stringify(query.replace("mutation Fuzz", "mutation Fuzz @skip(if: true)"))}}`,
      )
      .map((body) => graphqlCase(body)),
  ];
  target.args.forEach((poisoned) => {
    options.push(
      fc
        .tuple(...target.args.map((arg) => (arg === poisoned ? poisonFor(arg.type, known) : valueFor(arg.type, known))))
        .map((values) => {
          const variables = Object.fromEntries(target.args.map((arg, i) => [arg.name, values[i]]));
          return graphqlCase(jsonText({ query, variables }));
        }),
    );
  });
  // Global ids in unexpected places: a real one of the wrong type or garbage, in every ID argument.
  if (target.args.length === 0)
    options.push(garbageGlobalId.map(() => graphqlCase(jsonText({ query, variables: { unused: "x" } }), "text/plain")));
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

class FuzzFailure extends Error {}

interface Outcome {
  status: number;
  text: string;
  body: any;
}

/** Sends the case, then finds what is wrong with the answer: a 5xx, an internal error, a success or a write. */
async function exercise(role: Role, request: HttpCase): Promise<void> {
  requestCount += 1;
  const before = await tables.read();
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`,
  };
  if (request.contentType) headers["content-type"] = request.contentType;
  let outcome: Outcome;
  try {
    const response = await clients[role].request(request.method, request.path, { headers, body: request.body });
    outcome = { status: response.status, text: response.text, body: response.body };
  } catch (error) {
    outcome = { status: 0, text: `request failed: ${(error as Error).message}`, body: null };
  }
  const after = await tables.read();
  const problems = findProblems(request, outcome, before, after);
  if (problems.length === 0) return;
  const written = await Promise.all(
    changedTables(before, after).map(
      async (change) =>
        `    ${change.split(":")[0]}: ${JSON.stringify(await tables.latestRow(change.split(":")[0] ?? ""))}`,
    ),
  );
  throw new FuzzFailure(
    `${describeFailure(role, request, outcome, problems)}${written.length ? `\n  latest rows of the changed tables:\n${written.join("\n")}` : ""}`,
  );
}

function findProblems(request: HttpCase, outcome: Outcome, before: TableState, after: TableState): string[] {
  const problems: string[] = [];
  if (outcome.status === 0 || outcome.status >= 500) problems.push(`answered ${outcome.status || "nothing"}`);
  const errors: any[] = Array.isArray(outcome.body?.errors) ? outcome.body.errors : [];
  if (errors.some((error) => error?.extensions?.code === "INTERNAL_SERVER_ERROR"))
    problems.push("an INTERNAL_SERVER_ERROR in the GraphQL errors");
  if (request.mutation) {
    const result = outcome.body?.data?.[request.mutation];
    if (result && !ERROR_TYPES.has(result.__typename))
      problems.push(`the invalid input was accepted (${result.__typename})`);
  } else if (request.method === "POST" && outcome.status >= 200 && outcome.status < 300) {
    problems.push("the invalid input was accepted");
  }
  const changed = changedTables(before, after);
  if (changed.length > 0) problems.push(`it wrote to ${changed.join("; ")}`);
  return problems;
}

function describeFailure(role: Role, request: HttpCase, outcome: Outcome, problems: string[]): string {
  return [
    `${problems.join(", ")}`,
    `  as ${role}: ${request.method} ${shorten(request.path)}`,
    request.contentType ? `  content-type: ${request.contentType}` : undefined,
    request.body !== undefined ? `  body: ${shorten(request.body)}` : undefined,
    `  → ${outcome.status} ${shorten(outcome.text)}`,
    `  replay: FUZZ_SEED=${SEED} npx vitest run api/test/fuzz/inputs.test.ts`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** Printable: escapes what a terminal would hide or reorder, and cuts long runs and long texts. */
function shorten(text: string): string {
  const escaped = text
    .replace(/(.)\1{40,}/gsu, (run, char: string) => `${char}…(${run.length / char.length} times)`)
    .replace(/[^\x20-\x7e]/gu, (char) =>
      char.length > 1 || /\p{L}|\p{N}|\p{P}|\p{S}|\p{Zs}/u.test(char)
        ? char
        : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    )
    .replace(/[\ud800-\udfff]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
  return escaped.length > 1500 ? `${escaped.slice(0, 1500)}…(${escaped.length} characters)` : escaped;
}

// ---------------------------------------------------------------------------------------------

/** Each (path or mutation, role) gets its own seed from the run's, so any one replays alone. */
function seedFor(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function fuzz(name: string, arbitrary: fc.Arbitrary<HttpCase>, role: Role) {
  // Past its share of the time, a target's remaining runs send nothing. (fast-check's own time
  // limit would leave the request in flight, and its writes would show in the next target.)
  const deadline = performance.now() + PER_TARGET_MS;
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      if (sent >= FLOOR && performance.now() >= deadline) return;
      sent += 1;
      await exercise(role, request);
    }),
    {
      seed: seedFor(`${role} ${name}`),
      numRuns: RUNS,
      endOnFailure: true,
      reporter: (details) => {
        if (!details.failed) return;
        const error = details.errorInstance;
        const message =
          error instanceof FuzzFailure
            ? error.message
            : `${String(error)}\n  (fast-check seed ${details.seed}, path ${details.counterexamplePath})`;
        // The request is the whole story: no stack trace into fast-check.
        const failure = new Error(message);
        failure.stack = `Error: ${message}`;
        throw failure;
      },
    },
  );
  expect(sent, `requests sent to ${name} as ${role}`).toBeGreaterThanOrEqual(FLOOR);
}

describe.each(ROLES)("as %s", (role) => {
  it.each(REST.map((target) => [`${target.method} ${target.path}`, target] as const))("%s", async (name, target) => {
    await fuzz(name, restCase(target), role);
  });
  it.each(MUTATIONS.map((target) => [`mutation ${target.name}`, target] as const))("%s", async (name, target) => {
    await fuzz(name, mutationCase(target), role);
  });
});
