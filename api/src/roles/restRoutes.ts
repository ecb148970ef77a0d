import { z } from "zod";
import { restUserSchema, toRestUser } from "../auth/types.ts";
import { bodyText } from "../rest/bodyFields.ts";
import { timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

const USER_FIELDS =
  "databaseId username email firstName lastName role emailConfirmed profileImageUrl createdAt deactivatedAt";
const ERROR_FIELDS = "... on Error { code message }";

const restManagedUserSchema = restUserSchema.extend({
  deactivatedAt: timestamp.nullable().describe("When the account was deactivated, or null"),
});

/** A path's `:id` as the operation's Int: anything else is 0, which no user has (NOT_FOUND). */
const userId = (id: string | undefined) => (/^\d{1,9}$/.test(id ?? "") ? Number(id) : 0);

export const roleRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/staff",
    docs: {
      summary: "The staff accounts, newest first (deactivated ones included)",
      answer: z.array(restManagedUserSchema),
    },
    operation: `query RestStaffMembers { staffMembers { ${USER_FIELDS} } }`,
    answer: (data) => data.staffMembers.map(toRestUser),
  },
  {
    method: "POST",
    path: "/api/admin/staff",
    docs: {
      summary: "Invite a staff member: a STAFF account and an emailed link (7 days) to choose a password",
      body: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
      answer: restManagedUserSchema,
    },
    operation: `mutation RestInviteStaff($input: InviteStaffInput!) {
      inviteStaff(input: $input) { __typename ${ERROR_FIELDS} ... on MutationInviteStaffSuccess { data { ${USER_FIELDS} } } }
    }`,
    variables: ({ body }) => ({
      input: {
        email: bodyText(body, "email"),
        firstName: bodyText(body, "firstName"),
        lastName: bodyText(body, "lastName"),
      },
    }),
    answer: (data) => toRestUser(data.inviteStaff.data),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/role",
    docs: {
      summary: "Give a user a role (ends their sessions and API tokens at once)",
      body: z.object({ role: z.enum(["CUSTOMER", "STAFF", "ADMIN"]) }),
      answer: restManagedUserSchema,
    },
    operation: `mutation RestSetUserRole($input: SetUserRoleInput!) {
      setUserRole(input: $input) { __typename ${ERROR_FIELDS} ... on MutationSetUserRoleSuccess { data { ${USER_FIELDS} } } }
    }`,
    variables: ({ params, body }) => ({
      input: { userId: userId(params.id), role: typeof body.role === "string" ? body.role.toUpperCase() : body.role },
    }),
    answer: (data) => toRestUser(data.setUserRole.data),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/deactivate",
    docs: {
      summary: "Deactivate an account: sign-in refused, its sessions and API tokens end at once",
      answer: restManagedUserSchema,
    },
    operation: `mutation RestDeactivateUser($input: DeactivateUserInput!) {
      deactivateUser(input: $input) { __typename ${ERROR_FIELDS} ... on MutationDeactivateUserSuccess { data { ${USER_FIELDS} } } }
    }`,
    variables: ({ params }) => ({ input: { userId: userId(params.id) } }),
    answer: (data) => toRestUser(data.deactivateUser.data),
  },
];
