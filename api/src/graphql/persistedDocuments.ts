// Trusted documents (docs/security.md): the web app sends the id of a document the Relay compiler wrote into
// persisted-queries.json; in production only some callers may send a document's text instead.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "./context.ts";

/** Written by `relay-compiler` (relay.config.js `persistConfig`) and committed beside schema.graphql. */
export const PERSISTED_DOCUMENTS_FILE = path.resolve(import.meta.dirname, "../../../persisted-queries.json");

/** The id (the SHA-256 of the text, hex) → text map, read once at start-up; a missing or broken file stops it. */
export function loadPersistedDocuments(file: string = PERSISTED_DOCUMENTS_FILE): ReadonlyMap<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${file} is not an object of id → document text`);
  const documents = new Map<string, string>();
  for (const [id, text] of Object.entries(parsed)) {
    if (typeof text !== "string") throw new Error(`${file}: the document ${id} is not a string`);
    documents.set(id, text);
  }
  return documents;
}

/**
 * Who may send a document's text rather than a persisted id: anyone in development; in production
 * administrators who act as one (a confirmed second factor under REQUIRE_ADMIN_MFA) and API token
 * holders (whose creator does, apiTokens/gate.ts) only. Anonymous callers and customers'
 * sessions run only the web app's documents.
 */
export function mayRunArbitraryDocuments(context: Context): boolean {
  if (!context.app.config.production) return true;
  // A token's own integration writes its documents; its scopes still decide what runs.
  if (context.apiToken !== null) return true;
  return context.app.adminGate.actsAsAdmin(context);
}

/** The errors a refused request gets (400: the request, not the server, is at fault). */
export const PERSISTED_DOCUMENT_ERRORS = {
  notFound: {
    message: "Unknown persisted document id: the page is from another build of the app; reload it",
    extensions: { code: "PERSISTED_QUERY_NOT_FOUND", http: { status: 400 } },
  },
  persistedQueryOnly: {
    message:
      "This server runs only the web app's own documents for this caller: send extensions.persistedQuery { version: 1, sha256Hash } instead of a query",
    extensions: { code: "PERSISTED_QUERY_ONLY", http: { status: 400 } },
  },
  keyNotFound: {
    message: "Send a query, or extensions.persistedQuery { version: 1, sha256Hash } naming a persisted document",
    extensions: { code: "PERSISTED_QUERY_ID_REQUIRED", http: { status: 400 } },
  },
};
