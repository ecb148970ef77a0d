// The secondFactor domain's public module: what other domains use of it. Outside secondFactor/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { actsAsAdmin, enrolFirstRefusal, mustEnrolSecondFactor } from "./adminGate.ts";
export { checkSignInCode, SecondFactorRequiredError } from "./codes.ts";
