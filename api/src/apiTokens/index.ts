// The apiTokens domain's public module: what other parts use of it. Outside apiTokens/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { bearerSecret, createApiTokenGate } from "./gate.ts";
export {
  API_TOKEN_SCOPES,
  SCOPE_REFUSAL_MESSAGE,
  tokenMayDownloadReport,
  tokenMayRun,
  tokenMayRunOperation,
} from "./scopes.ts";
export { clientActingAs } from "./service.ts";
