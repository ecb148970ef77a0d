// The secondFactor domain's public module: what other domains use of it. Outside secondFactor/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { actsAsAdmin, actsAsStaff, enrolFirstRefusal, mustEnrolSecondFactor } from "./adminGate.ts";
export { checkSignInCode, SecondFactorRequiredError } from "./codes.ts";
