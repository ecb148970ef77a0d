// What the fuzz test sends requests to, derived from the code so that a new REST path or a new
// mutation is fuzzed without editing the test: the REST route table (each route's body and query
// fields are found by running its `variables` function on recording stand-ins) and the GraphQL
// schema's Mutation type (its arguments' input types, walked field by field).
import {
  type GraphQLArgument,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from "graphql";
import { prepareReport, REPORTS } from "../../src/analytics/reports.ts";
import { restRoutes } from "../../src/compose/restRoutes.ts";
import { schema } from "../../src/compose/schema.ts";
import { FRIEND_PAGE_FORMS } from "../../src/shareLinks/friendPage.ts";

export interface RestTarget {
  kind: "rest";
  method: "GET" | "POST";
  /** As in the route table: `/api/admin/referrals/:id/purchase`. */
  path: string;
  paramNames: string[];
  /** Fields of the JSON body the route reads. */
  bodyFields: string[];
  /** Query-string parameters the route reads. */
  queryFields: string[];
}

export interface MutationTarget {
  kind: "mutation";
  name: string;
  args: readonly GraphQLArgument[];
}

/** A server-rendered public page outside /api (the share link's friend page): its path and form fields. */
export interface PageTarget {
  kind: "page";
  path: string;
  paramNames: string[];
  formFields: string[];
}

export type Target = RestTarget | MutationTarget | PageTarget;

/** The public pages' forms (shareLinks/friendPage.ts): taken from the pages, so a new field is fuzzed too. */
export function pageTargets(): PageTarget[] {
  return FRIEND_PAGE_FORMS.map((form) => ({
    kind: "page",
    path: form.path,
    paramNames: [...form.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? ""),
    formFields: [...form.fields],
  }));
}

/** Values a recording stand-in answers with, one run each, until no run reads a new field. */
const PROBES: unknown[] = [undefined, "1", 1, "33", "milestone_33", "x", true];

/** The body and query fields `read` touches, whatever it throws on the way. */
function recordReads(read: (body: Record<string, unknown>, query: URLSearchParams) => void): {
  body: string[];
  query: string[];
} {
  const body = new Set<string>();
  const query = new Set<string>();
  for (const probe of PROBES) {
    const bodyProxy = new Proxy({} as Record<string, unknown>, {
      get: (_target, key) => {
        if (typeof key === "string") body.add(key);
        return probe;
      },
      has: (_target, key) => {
        if (typeof key === "string") body.add(key);
        return probe !== undefined;
      },
    });
    const text = probe === undefined ? null : String(probe);
    const readQuery = (name: string) => {
      query.add(name);
      return text;
    };
    const queryProxy = {
      get: readQuery,
      has: (name: string) => readQuery(name) !== null,
      getAll: (name: string) => (readQuery(name) === null ? [] : [text]),
    } as unknown as URLSearchParams;
    try {
      read(bodyProxy, queryProxy);
    } catch {
      // A refusal of the probe still tells which fields were read before it.
    }
  }
  return { body: [...body].filter((key) => key !== "then" && key !== "toJSON"), query: [...query] };
}

export function restTargets(): RestTarget[] {
  const targets: RestTarget[] = restRoutes.map((route) => {
    const reads = recordReads((body, query) => {
      const params = Object.fromEntries(route.paramNames.map((name) => [name, "1"]));
      route.variables?.({ body, query, params });
    });
    return {
      kind: "rest",
      method: route.method,
      path: route.path,
      paramNames: route.paramNames,
      bodyFields: route.method === "POST" ? reads.body : [],
      queryFields: reads.query,
    };
  });
  // The report downloads are the one /api family outside the route table (rest/handler.ts).
  const reportReads = recordReads((_body, query) => {
    for (const name of Object.keys(REPORTS)) prepareReport(name, query);
  });
  targets.push({
    kind: "rest",
    method: "GET",
    path: "/api/admin/reports/:name",
    paramNames: ["name"],
    bodyFields: [],
    queryFields: [...new Set([...reportReads.query, "format"])],
  });
  return targets;
}

export function mutationTargets(): MutationTarget[] {
  const mutation = schema.getMutationType();
  if (!mutation) return [];
  return Object.values(mutation.getFields()).map((field) => ({ kind: "mutation", name: field.name, args: field.args }));
}

/** `AddReferralInput!`, as a variable definition needs it. */
export function typeText(type: GraphQLInputType): string {
  return String(type);
}

/** The scalar, enum or input-object at the bottom of a type, for the generators. */
export function describeType(type: GraphQLInputType) {
  const nonNull = isNonNullType(type);
  const inner = nonNull ? type.ofType : type;
  if (isListType(inner)) return { nonNull, kind: "list" as const, item: inner.ofType as GraphQLInputType };
  const named = getNamedType(inner);
  if (isInputObjectType(named)) return { nonNull, kind: "object" as const, fields: Object.values(named.getFields()) };
  if (isEnumType(named)) return { nonNull, kind: "enum" as const, values: named.getValues().map((v) => v.name) };
  if (isScalarType(named)) return { nonNull, kind: "scalar" as const, name: named.name };
  throw new Error(`unexpected input type ${String(type)}`);
}
