import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ZodPlugin from "@pothos/plugin-zod";
import type PrismaTypes from "../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import { ValidationError } from "../lib/errors.ts";
import type { Context } from "./context.ts";
import { accessRefusal, readableNode } from "./nodeAccess.ts";
import { actsAsAdmin } from "../secondFactor/adminGate.ts";
import "./syncGlobalIds.ts";

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { signedIn: boolean; customer: boolean; verifiedCustomer: boolean; admin: boolean };
  Scalars: { DateTime: { Input: Date; Output: Date }; Pence: { Input: number; Output: number } };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ZodPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({
      signedIn: context.viewer !== null,
      customer: context.viewer?.customer != null,
      verifiedCustomer: context.viewer?.customer?.status === "VERIFIED",
      admin: actsAsAdmin(context),
    }),
    unauthorizedError: (_parent, context) => accessRefusal(context),
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
    nodeQueryOptions: {
      nullable: true,
      resolve: async (_root, { id }, context, info, resolveNode) => readableNode(await resolveNode(id), id.typename, context, info),
    },
    nodesQueryOptions: {
      nullable: { list: false, items: true },
      resolve: async (_root, { ids }, context, info, resolveNodes) =>
        (await resolveNodes(ids)).map((node, index) => readableNode(node, ids[index]?.typename ?? "", context, info)),
    },
  },
});

builder.queryType({});
builder.mutationType({});
