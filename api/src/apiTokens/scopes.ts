import {
  type ASTNode,
  BREAK,
  type DocumentNode,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  type OperationTypeNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";
import { REPORT_ROWS, tokenMayReadField, tokenMayReadType, tokenMayRunOperationField } from "../graphql/access.ts";
import type { ApiTokenScope } from "../graphql/context.ts";

export const API_TOKEN_SCOPES = ["read", "purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];

/**
 * May a token with these scopes run this root field? Derived from the access table (graphql/access.ts):
 * a query when the token reads its types whole, a mutation or subscription by its own entry.
 */
export function tokenMayRun(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  operation: `${OperationTypeNode}`,
  field: string,
): boolean {
  if (operation !== "query") return tokenMayRunOperationField(scopes, operation, field);
  const query = schema.getQueryType();
  const definition = query?.getFields()[field];
  return query != null && definition !== undefined && tokenMayReadField(scopes, schema, query, definition, true);
}

/** May a token with these scopes download this report? When it reads the report's rows' type whole. */
export function tokenMayDownloadReport(scopes: readonly ApiTokenScope[], report: string): boolean {
  const rows = REPORT_ROWS[report];
  return rows !== undefined && tokenMayReadType(scopes, rows);
}

/** What a refused operation answers (FORBIDDEN, REST 403): none of its fields runs. */
export { SCOPE_REFUSAL_MESSAGE } from "../graphql/access.ts";

/** Decisions per parsed document (Yoga's parse cache and the REST routes reuse the same DocumentNode). */
const decided = new WeakMap<DocumentNode, Map<string, boolean>>();

/**
 * Whether the token may run every field of the operation: its root fields by tokenMayRun, and,
 * below them, every field by the access table (fragments are followed), `admin` tokens included.
 */
export function tokenMayRunOperation(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  const key = `${scopes.join(",")}|${operationName ?? ""}`;
  const byKey = decided.get(document) ?? new Map<string, boolean>();
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const allowed = decide(scopes, schema, document, operationName);
  byKey.set(key, allowed);
  decided.set(document, byKey);
  return allowed;
}

function decide(
  scopes: readonly ApiTokenScope[],
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation) return false;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const roots = new Map<string, `${OperationTypeNode}`>(
    (["query", "mutation", "subscription"] as const).flatMap((kind) => {
      const type = schema.getRootType(kind as OperationTypeNode);
      return type ? [[type.name, kind] as const] : [];
    }),
  );
  const pending: ASTNode[] = [operation];
  const seen = new Set<string>();
  let allowed = true;
  while (allowed && pending.length > 0) {
    const definition = pending.pop() as ASTNode;
    const typeInfo = new TypeInfo(schema);
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !seen.has(spread.name.value)) {
            seen.add(spread.name.value);
            pending.push(fragment);
          }
        },
        Field(field) {
          const name = field.name.value;
          if (name.startsWith("__")) return;
          const parent = typeInfo.getParentType();
          const definition = typeInfo.getFieldDef();
          const root = parent ? roots.get(parent.name) : undefined;
          const ok =
            parent != null &&
            definition != null &&
            (root
              ? tokenMayRun(scopes, schema, root, name)
              : tokenMayReadField(scopes, schema, parent, definition, false));
          if (ok) return undefined;
          allowed = false;
          return BREAK;
        },
      }),
    );
  }
  return allowed;
}
