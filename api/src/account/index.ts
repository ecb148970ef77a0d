// The account domain's public module (account settings: password, name, email). Outside account/,
// only the composition roots (graphql/schema.ts, rest/routes.ts, ...) import its other files.
export { changePassword, requestEmailChange, updateName } from "./service.ts";
