// The apiTokens domain's public module: what other parts use of it. Outside apiTokens/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { bearerSecret, createApiTokenGate } from "./gate.ts";
export {
  API_TOKEN_SCOPES,
  SCOPE_REFUSAL_MESSAGE,
  tokenMayDownloadReport,
  tokenMayRun,
  tokenMayRunOperation,
} from "./scopes.ts";
export { clientActingAs } from "./service.ts";
