// Imports every domain's schema part, then builds the schema. Nothing else belongs here.
import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./commonTypes.ts";
import "../auth/schema.ts";
import "../settings/schema.ts";

export const schema = builder.toSchema();

export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
