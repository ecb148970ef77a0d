// What other domains' schema and REST files use of auth: the User and Message GraphQL refs they extend
// or return, and the REST shape of a user. index.ts stays free of them, so a rule loads no transport code.
export { restUserSchema, toRestUser } from "./restRoutes.ts";
export { MessagePayload, RoleEnum, UserType } from "./schema.ts";
