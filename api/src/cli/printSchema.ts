// npm run schema:print: writes schema.graphql from the Pothos schema (committed; a test fails when stale).
import fs from "node:fs";
import path from "node:path";
import { printSchemaSdl } from "../compose/schema.ts";

export const SCHEMA_FILE = path.resolve(import.meta.dirname, "../../../schema.graphql");
fs.writeFileSync(SCHEMA_FILE, printSchemaSdl());
console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
