// The account domain's public module (account settings: password, name, email). Outside account/,
// compose/ imports its other files.
export { changePassword, requestEmailChange, updateName } from "./service.ts";
