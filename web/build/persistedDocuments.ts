// The text of a Relay operation for the build and the tests: the artifacts carry only its persisted
// id (relay.config.js `persistConfig`), and its text is in the committed map. Never bundled (it reads a file).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RequestParameters } from "relay-runtime";

const MAP_FILE = path.resolve(import.meta.dirname, "../../persisted-queries.json");

let documents: Record<string, string> | undefined;

export function operationText(params: RequestParameters): string {
  documents ??= JSON.parse(readFileSync(MAP_FILE, "utf8")) as Record<string, string>;
  const text = params.text ?? (params.id ? documents[params.id] : undefined);
  if (!text) throw new Error(`${params.name} has no text in persisted-queries.json: run relay-compiler`);
  return text;
}
