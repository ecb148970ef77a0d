import SchemaBuilder, {
  BasePlugin,
  isThenable,
  type PothosOutputFieldConfig,
  PothosValidationError,
  type SchemaTypes,
} from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";
import { ValidationError } from "../lib/errors.ts";

/**
 * Pothos reads a connection's cursors and its first/last/before/after (prisma connections, offset
 * connections) and throws PothosValidationError at what it cannot use: a cursor it never gave out,
 * `last` without `before`. That is the caller's input, not the server's fault: every connection
 * field answers it as BAD_INPUT (nothing logged), once for the whole schema.
 */
const pluginName = "connectionCursors";

const CURSOR_MESSAGE = "This cursor is not one this list gave out.";
const UNREADABLE_CURSOR =
  /^(Invalid cursor|Invalid base64|Invalid offset cursor|Expected compound cursor|Cursor must be|Invalid id received)/;

export function connectionInputError(error: unknown): unknown {
  if (!(error instanceof PothosValidationError)) return error;
  return UNREADABLE_CURSOR.test(error.message)
    ? new ValidationError(CURSOR_MESSAGE, "after")
    : new ValidationError(error.message);
}

class ConnectionCursorsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    if (!("first" in fieldConfig.args && "last" in fieldConfig.args)) return resolver;
    return (parent, args, context, info) => {
      try {
        const result = resolver(parent, args, context, info);
        return isThenable(result)
          ? Promise.resolve(result).catch((error: unknown) => {
              throw connectionInputError(error);
            })
          : result;
      } catch (error) {
        throw connectionInputError(error);
      }
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      connectionCursors: ConnectionCursorsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(pluginName, ConnectionCursorsPlugin);

export default pluginName;
