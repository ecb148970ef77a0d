// The demo domain's public module: what other domains use of it. Outside demo/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { DEMO_ACCOUNTS } from "./accounts.ts";
