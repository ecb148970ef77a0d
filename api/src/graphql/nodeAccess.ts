import { type GraphQLResolveInfo, isObjectType } from "graphql";
import { ForbiddenError, NotAuthenticatedError } from "../lib/errors.ts";
import type { Context } from "./context.ts";
import { enrolFirstRefusal } from "../secondFactor/adminGate.ts";

/** What a refused read answers: UNAUTHENTICATED signed out, FORBIDDEN signed in. */
export function accessRefusal(context: Pick<Context, "viewer" | "app">): Error {
  if (!context.viewer) return new NotAuthenticatedError();
  return enrolFirstRefusal(context) ?? new ForbiddenError("You do not have permission to do this");
}

type ReadCheck = (node: any, context: Context) => boolean;
const readChecksByType = new Map<string, ReadCheck>();

/**
 * Referrals and activities carry no type-level scopes: checking them on each field of each object
 * cost the dashboard 12% of its CPU, and every field that returns them is guarded instead
 * (objectAccess.test.ts lists those fields and fails on a new one). node(id) is one of them: it
 * asks the check registered here.
 */
export function guardNodeReads<Node>(typename: string, mayRead: (node: Node, context: Context) => boolean): void {
  readChecksByType.set(typename, mayRead);
}

/**
 * The node node(id) and nodes(ids) found, or the refusal. A type with type-level scopes runs them
 * on each of its fields (Pothos caches the verdict per object; not in `isTypeOf`, which
 * graphql-jit calls without the request's context): resolving its `id` field first raises the
 * type's refusal, so a refused node is null as a whole, with the error, not a shell of null fields.
 */
export async function readableNode(node: unknown, typename: string, context: Context, info: GraphQLResolveInfo): Promise<unknown> {
  if (node === null || node === undefined) return node;
  const mayRead = readChecksByType.get(typename);
  if (mayRead) {
    if (!mayRead(node, context)) throw accessRefusal(context);
    return node;
  }
  const type = info.schema.getType(typename);
  const resolveId = isObjectType(type) ? type.getFields().id?.resolve : undefined;
  if (resolveId) await resolveId(node, {}, context, info);
  return node;
}
