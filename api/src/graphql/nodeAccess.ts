import { type GraphQLResolveInfo, isObjectType } from "graphql";
import { Prisma } from "../generated/prisma/client.ts";
import { AppError, ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { SCOPE_REFUSAL_MESSAGE, STAFF_REFUSAL_MESSAGE, tokenMayReadType } from "./access.ts";
import type { Context } from "./context.ts";
import type { GlobalId } from "./globalIds.ts";

/**
 * What a refused read answers: UNAUTHENTICATED signed out, FORBIDDEN signed in. A staff member's
 * refusal says it is for administrators and is audited (docs/rules/roles.md).
 */
export function accessRefusal(context: Context, what: string): Error {
  if (!context.viewer) return new NotAuthenticatedError();
  const enrolFirst = context.app.adminGate.enrolFirstRefusal(context);
  if (enrolFirst) return enrolFirst;
  if (context.viewer.role === "STAFF" && !context.apiToken) {
    const refusal = new ForbiddenError(STAFF_REFUSAL_MESSAGE);
    context.app.auditRefusal(context, what);
    return refusal;
  }
  return new ForbiddenError("You do not have permission to do this");
}

type ReadCheck = (node: any, context: Context) => boolean;
const readChecksByType = new Map<string, ReadCheck>();

/**
 * Referrals and activities carry no type-level scopes, since checking them on each field of each
 * object showed in the dashboard's profile (docs/performance.md); every field that returns them is guarded instead
 * (objectAccess.test.ts lists those fields and fails on a new one). node(id) is one of them: it
 * asks the check registered here.
 */
export function guardNodeReads<Node>(typename: string, mayRead: (node: Node, context: Context) => boolean): void {
  readChecksByType.set(typename, mayRead);
}

export const NODE_MESSAGES = {
  invalid: "This is not an id this API gives out.",
  notFound: "Nothing with this id exists, or it is not yours to read.",
};

/** The global id node(id) and nodes(ids) were given, as the builder's decodeGlobalID left it: a typename of "" when it is not one. */
export type DecodedNodeId = { typename: string; id: string };

/** What the relay plugin's decodeGlobalID yields for a string that is not a global id; node(id) then answers BAD_INPUT. */
export const NOT_AN_ID: DecodedNodeId = { typename: "", id: "" };

export function decodedNodeId(parsed: GlobalId | null): DecodedNodeId {
  return parsed ? { typename: parsed.typename, id: String(parsed.id) } : NOT_AN_ID;
}

/**
 * The node node(id) or nodes(ids) asked for, or the typed error that takes its place: BAD_INPUT for
 * what is not an id of a Node type, NOT_FOUND for a node that does not exist or that a signed-in
 * viewer may not read (the answer is the same, so ids cannot be probed), UNAUTHENTICATED signed
 * out, FORBIDDEN for a type the request's API token may not read (graphql/access.ts). None of them is logged: they are the caller's mistakes, not the server's.
 *
 * A type with type-level scopes runs them on each of its fields (Pothos caches the verdict per
 * object; not in `isTypeOf`, which graphql-jit calls without the request's context): resolving its
 * `id` field first raises the type's refusal, so a refused node is null as a whole, with the error,
 * not a shell of null fields.
 */
export async function readableNode(
  globalId: DecodedNodeId,
  context: Context,
  info: GraphQLResolveInfo,
  load: (globalId: DecodedNodeId) => Promise<unknown>,
): Promise<unknown> {
  const type = info.schema.getType(globalId.typename);
  if (!isObjectType(type) || !type.getInterfaces().some((face) => face.name === "Node")) {
    throw new ValidationError(NODE_MESSAGES.invalid, "id");
  }
  // A token reads by id only the types its scopes read whole (graphql/access.ts), decided before any read.
  if (context.apiToken && !tokenMayReadType(context.apiToken.token.scopes, globalId.typename))
    throw new ForbiddenError(SCOPE_REFUSAL_MESSAGE);
  let node: unknown;
  try {
    node = await load(globalId);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
      throw new NotFoundError(NODE_MESSAGES.notFound);
    throw error;
  }
  if (node === null || node === undefined) throw new NotFoundError(NODE_MESSAGES.notFound);
  const mayRead = readChecksByType.get(globalId.typename);
  if (mayRead) {
    if (!mayRead(node, context)) throw nodeRefusal(context);
    return node;
  }
  const resolveId = type.getFields().id?.resolve;
  try {
    if (resolveId) await resolveId(node, {}, context, info);
  } catch (error) {
    if (error instanceof AppError && (error.code === "FORBIDDEN" || error.code === "UNAUTHENTICATED"))
      throw nodeRefusal(context);
    throw error;
  }
  return node;
}

/** Signed out: sign in. An administrator held back until they enrol: that. Anyone else: as if it did not exist. */
function nodeRefusal(context: Context): Error {
  if (!context.viewer) return new NotAuthenticatedError();
  return context.app.adminGate.enrolFirstRefusal(context) ?? new NotFoundError(NODE_MESSAGES.notFound);
}
