// No 5xx on any input (docs/testing.md, "The input fuzz test"): generated bad inputs go to every REST path
// and every GraphQL mutation, as each role, against the real server and PostgreSQL. Every
// generated request is invalid by construction, in a place its `why` names (see values.ts): so
// each must be refused with a 4xx or a typed error that says why, and must change nothing in the
// database (api/test/databaseState.ts: every table's rows, the outbox and the audit trail included).
//
//   FUZZ_SEED=<n>            replays a run (the seed is printed at the start)
//   FUZZ_RUNS=<n>            requests per path or mutation and role (default 8)
//   FUZZ_TIME_LIMIT_MS=<n>   the whole run's budget (default 60000), shared by the paths and mutations
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { isAbstractType } from "graphql";
import { afterAll, describe, expect } from "vitest";
import { REPORTS } from "../../src/analytics/reports.ts";
import { schema } from "../../src/compose/schema.ts";
import { changedTables, type DatabaseState, databaseStateReader } from "../databaseState.ts";
import { it } from "../fixtures.ts";
import { signedInAdmin, signedInCustomer, type TestClient } from "../testApp.ts";
import {
  type MutationTarget,
  mutationTargets,
  type PageTarget,
  pageTargets,
  type RestTarget,
  restTargets,
} from "./targets.ts";
import {
  jsonText,
  type Known,
  pathSegment,
  poisonFor,
  queryEncode,
  queryPoison,
  queryValue,
  restPoison,
  restValue,
  transportPoison,
  unknownBearer,
  valueFor,
} from "./values.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 60_000);
const ROLES = ["anonymous", "unverified customer", "verified customer", "staff", "administrator"] as const;
type Role = (typeof ROLES)[number];

const REST = restTargets();
const MUTATIONS = mutationTargets();
const PAGES = pageTargets();
const PER_TARGET_MS = Math.max(
  200,
  Math.floor(TIME_LIMIT_MS / ((REST.length + MUTATIONS.length + PAGES.length * 2) * ROLES.length)),
);
/** Requests every (path or mutation, role) sends however slow the machine: the time limit only cuts the rest. */
const FLOOR = Math.min(RUNS, Number(process.env.FUZZ_FLOOR ?? 3));

/** One HTTP request as sent, for the failure message and the replay. */
interface HttpCase {
  method: "GET" | "POST";
  path: string;
  contentType?: string;
  body?: string;
  /** Headers beyond the content type (a credential that names nothing). */
  headers?: Record<string, string>;
  /** The mutation whose result tells success from a typed error (GraphQL only). */
  mutation?: string;
  /** Why the request is invalid, whoever sends it: what it must be refused for. */
  why: string;
}

let clients: Record<Role, TestClient>;
let known: Known;
let tables: Awaited<ReturnType<typeof databaseStateReader>>;
/** A role's refusal is audited (docs/rules/roles.md): the one row a refused request writes, written beside the answer. */
const AUDITED_REFUSALS = { AuditEntry: `action = 'access_refused'` };
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
  // A staff member: an account signed in before its role was set in the database, so the session holds.
  const staff = await signedInAdmin(app, "fuzzstaff");
  await app.db.user.update({ where: { username: "fuzzstaff" }, data: { role: "STAFF" } });
  const referralIds: number[] = [];
  for (const [i, name] of ["Fuzz Friend", "Fuzz Buyer", "Fuzz Third"].entries()) {
    const response = await verified.client.post("/api/referrals", {
      name,
      // Two digits apart: one customer's friends a digit apart would be the REFERRER_PHONE signal.
      phone: `07400 9000${i}${i}`,
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
    staff,
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
  tables = await databaseStateReader(app.databaseUrl);
});

afterAll(async () => {
  console.log(`fuzz: ${requestCount} requests, FUZZ_SEED=${SEED}`);
  console.log(
    `fuzz: refused as ${[...refusals]
      .sort((a, b) => b[1] - a[1])
      .map(([how, count]) => `${how} ×${count}`)
      .join(", ")}`,
  );
  await tables?.close();
});

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

function restCase(target: RestTarget): fc.Arbitrary<HttpCase> {
  const segments = (poisonedParam: number) =>
    fc.tuple(
      ...target.paramNames.map((name, i) =>
        name === "name" && target.path.startsWith("/api/admin/reports/") && i !== poisonedParam
          ? fc.oneof(fc.constantFrom(...Object.keys(REPORTS)), pathSegment(known, false))
          : pathSegment(known, i === poisonedParam),
      ),
    );
  const pathFrom = (values: string[]) => {
    let index = 0;
    return target.path.replace(/:[A-Za-z]+/g, () => values[index++] ?? "");
  };
  /** Some of the route's query fields with any values, and `poisoned` (when named) with one it must refuse. */
  const query = (poisoned: string | null) =>
    fc
      .tuple(
        fc.subarray(target.queryFields.filter((name) => name !== poisoned)),
        fc.array(queryValue, { minLength: target.queryFields.length, maxLength: target.queryFields.length }),
        queryPoison,
        fc.nat(),
      )
      .map(([names, values, poison, at]) => {
        const pairs = names.map((name, i) => [name, values[i] ?? ""]);
        if (poisoned) pairs.splice(at % (pairs.length + 1), 0, [poisoned, poison]);
        return pairs.map(([name, value]) => `${queryEncode(name ?? "")}=${queryEncode(value ?? "")}`).join("&");
      });
  const withQuery = (path: string, q: string) => (q ? `${path}?${q}` : path);

  const options: fc.Arbitrary<HttpCase>[] = [
    // Any path, any method: a Bearer credential that names no token is refused before the route runs.
    fc.tuple(segments(-1), query(null), unknownBearer).map(([values, q, bearer]) => ({
      method: target.method,
      path: withQuery(pathFrom(values), q),
      headers: { authorization: bearer },
      ...(target.method === "POST" ? { contentType: "application/json", body: "{}" } : {}),
      why: "its Bearer credential names no API token",
    })),
  ];
  if (target.method === "GET")
    target.paramNames.forEach((name, index) => {
      options.push(
        fc.tuple(segments(index), query(null)).map(([values, q]) => ({
          method: "GET",
          path: withQuery(pathFrom(values), q),
          why: `the path's :${name} names nothing`,
        })),
      );
    });
  for (const field of target.queryFields) {
    options.push(
      fc.tuple(segments(-1), query(field)).map(([values, q]) => ({
        method: target.method,
        path: withQuery(pathFrom(values), q),
        ...(target.method === "POST" ? { contentType: "application/json", body: "{}" } : {}),
        why: `?${field}= holds a character no parameter accepts`,
      })),
    );
  }
  if (target.method === "GET") return fc.oneof(...options);

  options.push(
    fc.tuple(segments(-1), transportPoison).map(([values, t]) => ({
      method: "POST",
      path: pathFrom(values),
      contentType: t.contentType,
      body: t.body,
      why: "its body is not a JSON object sent as application/json",
    })),
  );
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
        why: `the body's ${field} is forbidden text, 100 KB, or not text`,
      })),
    );
  }
  target.paramNames.forEach((name, index) => {
    options.push(
      fc.tuple(segments(index), body(null)).map(([values, text]) => ({
        method: "POST",
        path: pathFrom(values),
        contentType: "application/json",
        body: text,
        why: `the path's :${name} names nothing`,
      })),
    );
  });
  return fc.oneof(...options);
}

/**
 * A public page (the share link's friend page): a GET of a code or link that names nothing, or a
 * form POST (urlencoded, as a browser sends it, or anything else) whose path names nothing or whose
 * fields are poisoned and whose signed form time is missing or forged: each is refused with a 4xx page.
 */
function pageCase(target: PageTarget, method: "GET" | "POST"): fc.Arbitrary<HttpCase> {
  const pathOf = (values: string[]) => {
    let index = 0;
    return target.path.replace(/:[A-Za-z]+/g, () => values[index++] ?? "");
  };
  const segments = fc.tuple(...target.paramNames.map(() => pathSegment(known, true)));
  if (method === "GET")
    return fc.tuple(segments, queryValue).map(([values, token]) => ({
      method: "GET",
      path: `${pathOf(values)}?token=${queryEncode(token)}`,
      why: target.paramNames.length ? "the path's code names no share link" : "the token names no withdrawal",
    }));
  const form = fc
    .tuple(
      fc.tuple(...target.formFields.map(() => fc.oneof(queryValue, queryPoison))),
      fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data", "application/json", "text/plain"),
    )
    .map(([values, contentType]) => ({
      contentType,
      body: target.formFields.map((field, i) => `${queryEncode(field)}=${queryEncode(values[i] ?? "")}`).join("&"),
    }));
  return fc.tuple(segments, form).map(([values, { contentType, body }]) => ({
    method: "POST",
    path: pathOf(values),
    contentType,
    body,
    why: target.paramNames.length
      ? "the path's code names no share link, and the form's signed time is missing or forged"
      : "the token names no withdrawal",
  }));
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
  const graphqlCase = (why: string, body: string, contentType = "application/json"): HttpCase => ({
    method: "POST",
    path: "/graphql",
    contentType,
    body,
    mutation: target.name,
    why,
  });

  const options: fc.Arbitrary<HttpCase>[] = [
    transportPoison.map((t) =>
      graphqlCase("its body is not a GraphQL request sent as application/json", t.body, t.contentType),
    ),
    fc
      .constantFrom(
        ["variables are not an object", `{"query":${JSON.stringify(query)},"variables":"{"}`],
        ["variables are not an object", `{"query":${JSON.stringify(query)},"variables":[1]}`],
        [
          "operationName names no operation of the document",
          `{"query":${JSON.stringify(query)},"operationName":"Other"}`,
        ],
        [
          "@skip is not a directive of an operation",
          `{"query":${JSON.stringify(query.replace("mutation Fuzz", "mutation Fuzz @skip(if: true)"))}}`,
        ],
      )
      .map(([why, body]) => graphqlCase(why, body)),
    unknownBearer.map((bearer) => ({
      ...graphqlCase("its Bearer credential names no API token", jsonText({ query })),
      headers: { authorization: bearer },
    })),
  ];
  target.args.forEach((poisoned) => {
    options.push(
      fc
        .tuple(...target.args.map((arg) => (arg === poisoned ? poisonFor(arg.type, known) : valueFor(arg.type, known))))
        .map((values) => {
          const variables = Object.fromEntries(target.args.map((arg, i) => [arg.name, values[i]]));
          return graphqlCase(
            `$${poisoned.name} holds a value its type or its fields' rules refuse`,
            jsonText({ query, variables }),
          );
        }),
    );
  });
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
  const before = await tables.read(AUDITED_REFUSALS);
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`,
  };
  if (request.contentType) headers["content-type"] = request.contentType;
  Object.assign(headers, request.headers);
  let outcome: Outcome;
  try {
    const response = await clients[role].request(request.method, request.path, { headers, body: request.body });
    outcome = { status: response.status, text: response.text, body: response.body };
  } catch (error) {
    outcome = { status: 0, text: `request failed: ${(error as Error).message}`, body: null };
  }
  const after = await tables.read(AUDITED_REFUSALS);
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

function findProblems(request: HttpCase, outcome: Outcome, before: DatabaseState, after: DatabaseState): string[] {
  const problems: string[] = [];
  const refusal = request.mutation ? graphqlRefusal(request.mutation, outcome) : restRefusal(outcome);
  if (typeof refusal === "string") refusals.set(refusal, (refusals.get(refusal) ?? 0) + 1);
  else problems.push(refusal.problem);
  const changed = changedTables(before, after);
  if (changed.length > 0) problems.push(`it wrote to ${changed.join("; ")}`);
  return problems;
}

/** How the refusals were said, counted: "GET 400", "graphql BadInputError"; printed at the end. */
const refusals = new Map<string, number>();

/** A REST refusal: a 4xx whose body says what was wrong (a text message, as every /api error is). */
function restRefusal(outcome: Outcome): string | { problem: string } {
  if (outcome.status < 400 || outcome.status >= 500)
    return { problem: `answered ${outcome.status || "nothing"} where a 4xx was due` };
  if (outcome.text.trim() === "" || /internal server error/i.test(outcome.text))
    return { problem: "the 4xx does not say what was wrong" };
  return `REST ${outcome.status}`;
}

/**
 * A GraphQL refusal: the mutation's typed error (data.<mutation> is an Error type, with a code and a
 * message), or no data for it and only errors carrying a code other than INTERNAL_SERVER_ERROR, or a
 * 4xx before any operation ran (bad JSON, an unknown token) with a message.
 */
function graphqlRefusal(mutation: string, outcome: Outcome): string | { problem: string } {
  if (outcome.status === 0 || outcome.status >= 500) return { problem: `answered ${outcome.status || "nothing"}` };
  const errors: any[] = Array.isArray(outcome.body?.errors) ? outcome.body.errors : [];
  const codes = errors.map((error) => error?.extensions?.code);
  if (codes.includes("INTERNAL_SERVER_ERROR")) return { problem: "an INTERNAL_SERVER_ERROR in the GraphQL errors" };
  const result = outcome.body?.data?.[mutation];
  if (result) {
    if (!ERROR_TYPES.has(result.__typename))
      return { problem: `the invalid input was accepted (${result.__typename})` };
    if (typeof result.code !== "string" && result.code !== undefined)
      return { problem: "a typed error without a code" };
    return `graphql ${result.__typename}`;
  }
  if (errors.length > 0) {
    if (!errors.every((error) => typeof error?.message === "string" && error.message !== ""))
      return { problem: "an error without a message" };
    if (outcome.status >= 400) return `graphql ${outcome.status}`;
    if (!codes.every((code) => typeof code === "string")) return { problem: `errors without a code: ${codes}` };
    return `graphql ${[...new Set(codes)].sort().join("+")}`;
  }
  if (outcome.status >= 400 && outcome.text.trim() !== "") return `graphql ${outcome.status} text`;
  return { problem: `neither a typed error nor a refusal (${outcome.status})` };
}

function describeFailure(role: Role, request: HttpCase, outcome: Outcome, problems: string[]): string {
  return [
    `${problems.join(", ")}`,
    `  as ${role}: ${request.method} ${shorten(request.path)}`,
    request.contentType ? `  content-type: ${request.contentType}` : undefined,
    request.headers ? `  headers: ${shorten(JSON.stringify(request.headers))}` : undefined,
    request.body !== undefined ? `  body: ${shorten(request.body)}` : undefined,
    `  invalid because ${request.why}`,
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
  it.each(
    PAGES.flatMap((target) =>
      (["GET", "POST"] as const).map((method) => [`page ${method} ${target.path}`, target, method] as const),
    ),
  )("%s", async (name, target, method) => {
    await fuzz(name, pageCase(target, method), role);
  });
});
