import { type DocumentNode, getOperationAST, Kind, type OperationTypeNode } from "graphql";
import type { ApiTokenScope } from "../graphql/context.ts";

export const API_TOKEN_SCOPES = ["read", "purchases:write", "admin"] as const satisfies readonly ApiTokenScope[];

/** The only mutations a `purchases:write` token may run (each is audited with the token's name). */
export const PURCHASE_WRITE_MUTATIONS = new Set(["verifyPurchase", "cancelReferralPurchase"]);

/**
 * May a token with these scopes run this root field? The one place the scopes are defined:
 * `read` runs every query (an administrator's reads), `purchases:write` those and the two purchase
 * mutations, `admin` everything an administrator can do. Field guards stay `admin: true`.
 */
export function tokenMayRun(scopes: readonly ApiTokenScope[], operation: `${OperationTypeNode}`, field: string) {
  if (scopes.includes("admin")) return true;
  if (operation === "query") return scopes.includes("read") || scopes.includes("purchases:write");
  if (operation === "mutation") return scopes.includes("purchases:write") && PURCHASE_WRITE_MUTATIONS.has(field);
  return false;
}

/** Whether every root field of the operation is one the token may run (fragments on the root are followed). */
export function tokenMayRunOperation(
  scopes: readonly ApiTokenScope[],
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation) return false;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const rootFields = (selections: typeof operation.selectionSet.selections, seen: Set<string>): string[] =>
    selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection.name.value];
      if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet.selections, seen);
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) return [];
      return rootFields(fragment.selectionSet.selections, new Set([...seen, name]));
    });
  return rootFields(operation.selectionSet.selections, new Set())
    .filter((field) => field !== "__typename")
    .every((field) => tokenMayRun(scopes, operation.operation, field));
}
