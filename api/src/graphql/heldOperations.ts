// Operations the server itself holds (the REST shim's routes, the pages' route data), never taken
// from a request: parsed and validated against the schema, then compiled by graphql-jit as /graphql
// runs operations. One way for both, so a held operation is checked and run like a client's.
import { type DocumentNode, type GraphQLSchema, parse, validate } from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";

/** The operation's document; throws, naming `label`, when it does not parse or fit the schema. */
export function parseHeldOperation(schema: GraphQLSchema, text: string, label: string): DocumentNode {
  const document = parse(text);
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`${label}: ${errors.map((e) => e.message).join("; ")}`);
  return document;
}

/** graphql-jit's compiled form; throws, naming `label`, when it does not compile. */
export function compileHeldOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  label: string,
  operationName?: string,
): CompiledQuery {
  const compiled = compileQuery(schema, document, operationName);
  if (!isCompiledQuery(compiled)) throw new Error(`${label}: ${compiled.errors?.map((e) => e.message).join("; ")}`);
  return compiled;
}
