// The demo domain's public module: what other domains use of it. Outside demo/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { DEMO_ACCOUNTS } from "./accounts.ts";
