// relay-compiler and babel-plugin-relay load this file with require(); on an ES module that gives
// the module namespace, so every option is a named export (a default export would hide them).
// Artifacts are committed: `npm test` runs `relay-compiler --validate`, which fails when they are stale.
export const src = "./web/src";
export const schema = "./schema.graphql";
export const language = "typescript";
export const artifactDirectory = "./web/src/__generated__";
export const excludes = ["**/node_modules/**", "**/__generated__/**"];
export const customScalarTypes = { DateTime: "string", Pence: "number" };
// Trusted documents: each operation gets a SHA-256 id, its text goes to this committed map (loaded by
// the server, api/src/graphql/persistedDocuments.ts), and the app sends only the id.
export const persistConfig = { file: "./persisted-queries.json", algorithm: "SHA256" };
