import { type GraphQLResolveInfo, isObjectType } from "graphql";

/**
 * A type's auth scopes run on each of its fields (Pothos caches the verdict per object), not in
 * `isTypeOf`: graphql-jit calls `isTypeOf` without the request's context. Read through node(id),
 * a refused object would then come back as a shell of null fields; resolving its `id` field first
 * raises the type's refusal, so the node is null as a whole, with the error.
 */
export async function readableNode(node: unknown, typename: string, context: object, info: GraphQLResolveInfo): Promise<unknown> {
  if (node === null || node === undefined) return node;
  const type = info.schema.getType(typename);
  const resolveId = isObjectType(type) ? type.getFields().id?.resolve : undefined;
  if (resolveId) await resolveId(node, {}, context, info);
  return node;
}
