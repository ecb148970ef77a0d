import type { ArgBuilder, SchemaTypes } from "@pothos/core";
import type { builder } from "./builder.ts";
import { Money } from "./commonTypes.ts";

/**
 * Fields and arguments many schema files declare alike: a Money amount read from a number of
 * pence, and the `afterDatabaseId` that starts a list where a REST `?after=<id>` says (docs/api.md).
 */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

/** A Money field of the parent's amount in pence. */
export function moneyField<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  pence: (parent: Parent) => number,
  description?: string,
) {
  return t.field({ type: Money, description, resolve: (parent) => pence(parent) });
}

/** The `afterDatabaseId` argument of a list: continue after the `noun` with this id (`how`: e.g. "in this order"). */
export function afterDatabaseIdArg(t: { arg: ArgBuilder<Types> }, noun: string, how?: string) {
  return t.arg.int({
    description: `Continue after the ${noun} with this databaseId${how ? `, ${how}` : ""} (the REST \`?after=\`).`,
  });
}
