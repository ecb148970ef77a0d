import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import { forgetLoadedData } from "./requestLoaders.ts";

/**
 * Every mutation field forgets what its request loaded once its resolver is done and before its
 * payload is resolved, so the payload (and a later mutation of the same document) reads the change.
 * A schema plugin rather than a Yoga plugin, because the REST shim runs operations without Yoga.
 */
const pluginName = "freshAfterMutations";

class FreshAfterMutationsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (fieldConfig.kind !== "Mutation") return resolver;
    return async (parent, args, context, info) => {
      try {
        return await resolver(parent, args, context, info);
      } finally {
        forgetLoadedData(context);
        // What was read with the viewer predates the change: nothing made from now on may start from it.
        Object.assign(context as object, {
          viewerFigures: null,
          programmeContact: null,
          viewerShareLink: null,
          viewerFirstPages: null,
        });
      }
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      freshAfterMutations: FreshAfterMutationsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(pluginName, FreshAfterMutationsPlugin);

export default pluginName;
