// The auth domain's public module: what other domains use of it. Outside auth/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { SENT_BEFORE_CONFIRMATION } from "./emailConfirmation.ts";
export { hashPassword } from "./passwords.ts";
export { UserType } from "./schema.ts";
export { checkCurrentPassword, endAllSessions } from "./service.ts";
export { readCookie, sessionCookieName } from "./session.ts";
export { deviceCookieName } from "./throttle.ts";
