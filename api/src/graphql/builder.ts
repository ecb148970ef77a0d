import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin, { resolveNodes } from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ZodPlugin from "@pothos/plugin-zod";
import type { GraphQLResolveInfo } from "graphql";
import type PrismaTypes from "../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import { ValidationError } from "../lib/errors.ts";
import ConnectionCursorsPlugin from "./connectionCursors.ts";
import type { Context } from "./context.ts";
import FreshAfterMutationsPlugin from "./freshAfterMutations.ts";
import { parseGlobalId } from "./globalIds.ts";
import { accessRefusal, decodedNodeId, readableNode } from "./nodeAccess.ts";
import "./syncGlobalIds.ts";

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { signedIn: boolean; customer: boolean; verifiedCustomer: boolean; staff: boolean; admin: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Pence: { Input: number; Output: number };
    JSON: { Input: never; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [
    ScopeAuthPlugin,
    ErrorsPlugin,
    ZodPlugin,
    PrismaPlugin,
    RelayPlugin,
    ConnectionCursorsPlugin,
    FreshAfterMutationsPlugin,
  ],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      // A token acts only as an administrator, and only for the operations its scopes allow (apiTokens/scopes.ts).
      // The roles of the access table (graphql/access.ts, USER_ROLES): a customer is a CUSTOMER with a profile.
      signedIn: context.viewer !== null && !context.apiToken,
      customer: context.viewer?.role === "CUSTOMER" && context.viewer.customer != null && !context.apiToken,
      verifiedCustomer:
        context.viewer?.role === "CUSTOMER" && context.viewer.customer?.status === "VERIFIED" && !context.apiToken,
      // A staff member acting as one (with REQUIRE_STAFF_MFA, once enrolled); never through a token.
      staff: context.app.adminGate.actsAsStaff(context) && !context.apiToken,
      // The one "acts as administrator" check (secondFactor/adminGate.ts, passed in as AppDeps.adminGate); a token's creator must pass it too.
      admin:
        context.app.adminGate.actsAsAdmin(context) && (context.apiToken === null || context.apiToken.operationAllowed),
    }),
    unauthorizedError: (_parent, context, info) => accessRefusal(context, `${info.parentType.name}.${info.fieldName}`),
    // A subscription is refused when it starts, like a query, not event by event.
    authorizeOnSubscribe: true,
  },
  errors: { defaultTypes: [] },
  zod: {
    validationError: (zodError) => {
      const issue = zodError.issues[0];
      return new ValidationError(issue?.message ?? "Invalid input", issue?.path.join(".") || undefined);
    },
  },
  prisma: {
    client: (context) => context.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // Never throws: what is not an id reaches node(id) and nodes(ids) as NOT_AN_ID, and each
    // answers it with its own typed error instead of failing the whole list.
    decodeGlobalID: (globalId) => decodedNodeId(parseGlobalId(globalId)),
    nodeQueryOptions: {
      nullable: true,
      resolve: (_root, { id }, context, info) => readableNode(id, context, info, (one) => loadNode(one, context, info)),
    },
    nodesQueryOptions: {
      nullable: { list: false, items: true },
      // Each id on its own: a miss is null with its own error, beside the nodes found. It resolves
      // to the error rather than rejecting: graphql-jit appends a rejected item's null to the end of
      // the list instead of putting it at the item's index, and places a returned Error right.
      resolve: (_root, { ids }, context, info) =>
        ids.map((id) =>
          readableNode(id, context, info, (one) => loadNode(one, context, info)).catch((error: unknown) =>
            asError(error),
          ),
        ),
    },
  },
});

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** One node through the relay plugin's loader (each Prisma node type reads its row by id). */
async function loadNode(
  globalId: { typename: string; id: string },
  context: Context,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  const [node] = await resolveNodes(builder, context, info, [globalId]);
  return node;
}

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
