import {
  type DocumentNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  type SelectionSetNode,
  typeFromAST,
  type ValueNode,
  visit,
} from "graphql";
import { type ComplexityEstimatorArgs, getComplexity } from "graphql-query-complexity";
import type { Plugin } from "graphql-yoga";

/**
 * What one GraphQL operation may ask for, checked once for the whole schema with the request's
 * variables applied (a variable counts as the literal it stands for), before anything runs: on
 * /graphql (the plugin below) and on every REST path (rest/shim.ts runs the same check).
 */
export const REQUEST_LIMITS = {
  /** `first` and `last` of every connection. */
  maxPageSize: 100,
  /** `nodes(ids:)`. */
  maxNodeIds: 100,
  /**
   * The cost below. Two full pages of 100 of the widest lists fit (the admin milestone tab asks for
   * ready customers and payout requests side by side); a page of 100 in each of 100 items never does.
   */
  maxCost: 10_000,
  /** Mutations that hash or verify a password (argon2, ~20 ms of CPU each). */
  maxPasswordHashing: 1,
} as const;

export const MAX_PAGE_SIZE = REQUEST_LIMITS.maxPageSize;

/**
 * The field extension a mutation that hashes or verifies a password carries, beside its definition
 * (`extensions: HASHES_PASSWORD`). An operation may hold one such field, aliases included: a batch
 * of 50 sign-in guesses in one request would otherwise cost the server a CPU-second (argon2, ~20 ms
 * each) for one HTTP request, whatever limits a proxy sets on requests.
 */
export const HASHES_PASSWORD = { hashesPassword: true } as const;

export function hashesPassword(field: GraphQLField<unknown, unknown>): boolean {
  return (field.extensions as { hashesPassword?: unknown } | undefined)?.hashesPassword === true;
}

/** A connection's arguments that set its page size. */
const PAGE_SIZE_ARGUMENTS = ["first", "last"] as const;
/** The arguments whose values the verdict depends on (with @skip and @include): the cache key is made of them alone. */
const SIZING_ARGUMENTS = new Set<string>([...PAGE_SIZE_ARGUMENTS, "ids"]);

const isConnection = (field: GraphQLField<unknown, unknown>) =>
  field.args.some((arg) => arg.name === "first" || arg.name === "last");
const isNodesField = (field: GraphQLField<unknown, unknown>, parentType: string) =>
  parentType === "Query" && field.name === "nodes";

/**
 * The cost of an operation is the number of values its answer can hold: each field counts 1, and
 * what is selected under a list counts once per item the list may hold: a connection's `first` or
 * `last` (100, the most, when neither is given), the number of ids given to `nodes`. Other lists
 * in the schema are short and fixed (three milestones, four segments; requestLimits.test.ts lists them)
 * and count once. So `customers(first: 100) { edges { node { 30 fields } } }` costs about 3,200, and
 * a page of 100 inside each of 100 items is refused however the sizes are written.
 */
function estimator(refusals: Set<string>) {
  return ({ field, args, childComplexity, type }: ComplexityEstimatorArgs): number => {
    let items = 1;
    if (isConnection(field)) {
      let asked: number | null = null;
      for (const name of PAGE_SIZE_ARGUMENTS) {
        const value = args[name];
        if (typeof value !== "number") continue;
        if (value < 0 || value > MAX_PAGE_SIZE) {
          refusals.add(`${name} must be between 0 and ${MAX_PAGE_SIZE} (${field.name} was given ${value}).`);
        }
        asked = Math.max(asked ?? 0, value);
      }
      items = asked ?? MAX_PAGE_SIZE;
    } else if (isNodesField(field, type.name)) {
      items = Array.isArray(args.ids) ? args.ids.length : 0;
      if (items > REQUEST_LIMITS.maxNodeIds)
        refusals.add(`nodes takes at most ${REQUEST_LIMITS.maxNodeIds} ids (it was given ${items}).`);
    }
    return 1 + Math.max(items, 0) * childComplexity;
  };
}

/** The root fields of a mutation that hash a password, fragments and aliases included. */
function passwordHashingFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): string[] {
  const operation = getOperationAST(document, operationName);
  const mutationType = schema.getMutationType();
  if (operation?.operation !== "mutation" || !mutationType) return [];
  const fields = mutationType.getFields();
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const found: string[] = [];
  const seenFragments = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = fields[selection.name.value];
        if (field && hashesPassword(field)) found.push(selection.alias?.value ?? selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seenFragments.has(fragment.name.value)) {
          seenFragments.add(fragment.name.value);
          walk(fragment.selectionSet);
        }
      }
    }
  };
  walk(operation.selectionSet);
  return found;
}

/** The names of the variables the verdict depends on: those inside sizing arguments and @skip/@include. */
function sizingVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  const collect = (value: ValueNode) => {
    if (value.kind === Kind.VARIABLE) names.add(value.name.value);
    else if (value.kind === Kind.LIST) value.values.forEach(collect);
    else if (value.kind === Kind.OBJECT) for (const field of value.fields) collect(field.value);
  };
  visit(document, {
    Field(node) {
      for (const argument of node.arguments ?? [])
        if (SIZING_ARGUMENTS.has(argument.name.value)) collect(argument.value);
    },
    Directive(node) {
      for (const argument of node.arguments ?? []) collect(argument.value);
    },
  });
  return [...names].sort();
}

interface DocumentVerdicts {
  sizingVariables: string[];
  /** The refusals' messages by the sizing variables' values. */
  byKey: Map<string, readonly string[]>;
}

/**
 * Yoga's parser cache and the REST routes hand out the same document object for the same text, and
 * the dashboard's page sizes are the same for everyone: the verdict is kept per document and per
 * value of its sizing variables (never the others, which may hold passwords), when those are short.
 */
const verdicts = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, DocumentVerdicts>>();
const VERDICTS_PER_DOCUMENT = 64;
const LONGEST_KEY = 500;

/** The refusals of an operation with these variables, as errors coded BAD_INPUT; none when it may run. */
export function requestLimitErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): GraphQLError[] {
  const misfit = arrayForInputObject(schema, document, operationName, variables);
  if (misfit) return [new GraphQLError(misfit, { extensions: { code: "BAD_INPUT" } })];
  let ofSchema = verdicts.get(schema);
  if (!ofSchema) {
    ofSchema = new WeakMap();
    verdicts.set(schema, ofSchema);
  }
  let ofDocument = ofSchema.get(document);
  if (!ofDocument) {
    ofDocument = { sizingVariables: sizingVariables(document), byKey: new Map() };
    ofSchema.set(document, ofDocument);
  }
  const key = JSON.stringify([
    operationName ?? null,
    ...ofDocument.sizingVariables.map((name) => variables?.[name] ?? null),
  ]);
  let messages = ofDocument.byKey.get(key);
  if (!messages) {
    const verdict = refusals(schema, document, operationName, variables);
    messages = verdict.messages;
    if (verdict.sizingOnly && key.length <= LONGEST_KEY) {
      if (ofDocument.byKey.size >= VERDICTS_PER_DOCUMENT) ofDocument.byKey.clear();
      ofDocument.byKey.set(key, messages);
    }
  }
  return messages.map((message) => new GraphQLError(message, { extensions: { code: "BAD_INPUT" } }));
}

/**
 * graphql-js takes a JSON array where an input object is expected as an object with no fields
 * (`signOut(input: [])` ran): such a variable is refused, at any depth.
 */
function arrayForInputObject(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): string | undefined {
  if (!variables) return undefined;
  for (const definition of getOperationAST(document, operationName)?.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    const name = definition.variable.name.value;
    if (type && holdsArrayForObject(type, variables[name]))
      return `Variable $${name} must be an object, not a list, where ${getNamedType(type).name} is expected.`;
  }
  return undefined;
}

function holdsArrayForObject(type: GraphQLInputType, value: unknown): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (value === null || typeof value !== "object") return false;
  if (isListType(inner))
    return (Array.isArray(value) ? value : [value]).some((item) => holdsArrayForObject(inner.ofType, item));
  if (!isInputObjectType(inner)) return false;
  if (Array.isArray(value)) return true;
  const fields = inner.getFields();
  return Object.entries(value).some(([key, item]) => {
    const field = fields[key];
    return field !== undefined && holdsArrayForObject(field.type, item);
  });
}

/** The refusals' messages, and whether they depend on the sizing variables alone (then they are kept). */
function refusals(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): { messages: readonly string[]; sizingOnly: boolean } {
  const operation = getOperationAST(document, operationName);
  // No operation to run, or variables that do not fit their types: execution refuses the request
  // with its own errors before any field runs.
  if (!operation) return { messages: [], sizingOnly: true };
  if (getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}).errors)
    return { messages: [], sizingOnly: false };
  const hashing = passwordHashingFields(schema, document, operationName);
  if (hashing.length > REQUEST_LIMITS.maxPasswordHashing) {
    const message = `A request may hold one mutation that checks or sets a password; this one holds ${hashing.length} (${hashing.join(", ")}). Send them one at a time.`;
    return { messages: [message], sizingOnly: true };
  }
  const found = new Set<string>();
  let cost: number;
  try {
    cost = pricedOperation(schema, document, operationName, variables, found);
  } catch (error) {
    // An argument that does not fit (a null for a required one), or fragments that expand beyond the
    // library's 10,000 nodes: the cost is unknown, so nothing runs.
    return { messages: [error instanceof Error ? error.message : String(error)], sizingOnly: false };
  }
  if (found.size > 0) return { messages: [...found], sizingOnly: true };
  if (cost > REQUEST_LIMITS.maxCost) {
    const message = `This request could return ${cost} values, more than the ${REQUEST_LIMITS.maxCost} one request may: ask for smaller pages (first, last) or fewer fields.`;
    return { messages: [message], sizingOnly: true };
  }
  return { messages: [], sizingOnly: true };
}

/** The cost of an operation with these variables (see `estimator`); throws when its variables do not fit. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): number {
  return pricedOperation(schema, document, operationName, variables, new Set());
}

function pricedOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  refusals: Set<string>,
): number {
  return getComplexity({
    schema,
    query: document,
    operationName: operationName ?? undefined,
    variables: variables ?? {},
    estimators: [estimator(refusals)],
  });
}

/** The limits on /graphql: refused operations answer their errors and run nothing. */
export const requestLimitsPlugin: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const errors = requestLimitErrors(
      args.schema,
      args.document,
      args.operationName,
      args.variableValues as Record<string, unknown> | null,
    );
    if (errors.length > 0) setResultAndStopExecution({ errors });
  },
};
