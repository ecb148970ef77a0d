import { completeValue, RootFieldBuilder } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";

/**
 * The relay plugin's `t.globalID` (every node's `id`) wraps its resolver in an async function: each
 * id is a promise, and graphql-jit then finishes that object on its asynchronous path, which
 * showed in the dashboard's throughput (docs/performance.md). This is the same field, encoding the
 * same ids, that stays synchronous when the id is known (it always is: ids come from the row).
 * Installed over the plugin's method, so it must run after the plugin is imported and before the
 * schema's fields are built (builder.ts imports it).
 */
type GlobalIdResult = { type: string | object; id: unknown } | string | null | undefined;

const fieldBuilder = RootFieldBuilder.prototype as unknown as {
  field(options: Record<string, unknown>): unknown;
  builder: {
    options: { relay?: { encodeGlobalID?: (typename: string, id: string, context: unknown) => string } };
    configStore: { getTypeConfig(type: unknown): { name: string } };
  };
  globalID(options: { resolve: (...args: unknown[]) => GlobalIdResult | Promise<GlobalIdResult> }): unknown;
};

fieldBuilder.globalID = function globalID(this: typeof fieldBuilder, { resolve, ...options }) {
  const encode = (result: GlobalIdResult, context: unknown) => {
    if (!result || typeof result !== "object") return result;
    const typename = this.builder.configStore.getTypeConfig(result.type).name;
    const custom = this.builder.options.relay?.encodeGlobalID;
    return custom ? custom(typename, String(result.id), context) : encodeGlobalID(typename, String(result.id));
  };
  return this.field({
    ...options,
    type: "ID",
    resolve: (parent: unknown, args: unknown, context: unknown, info: unknown) =>
      completeValue(resolve(parent, args, context, info), (result) => encode(result, context)),
  });
};
