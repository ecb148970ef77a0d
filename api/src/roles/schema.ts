import { RoleEnum, UserType } from "../auth/types.ts";
import { builder } from "../graphql/builder.ts";
import { MUTATION_ERRORS } from "../graphql/commonTypes.ts";
import { actorOf } from "../lib/actor.ts";
import {
  deactivateUser,
  inviteStaff,
  STAFF_INVITATION_TTL_DAYS,
  STAFF_LIST_SIZE,
  setUserRole,
  staffMembers,
} from "./service.ts";

const SetUserRoleInput = builder.inputType("SetUserRoleInput", {
  fields: (t) => ({
    userId: t.int({ required: true, description: "The user's databaseId." }),
    role: t.field({ type: RoleEnum, required: true }),
  }),
});

const DeactivateUserInput = builder.inputType("DeactivateUserInput", {
  fields: (t) => ({ userId: t.int({ required: true, description: "The user's databaseId." }) }),
});

const InviteStaffInput = builder.inputType("InviteStaffInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  staffMembers: t.field({
    type: [UserType],
    description: `The staff accounts, newest first (the newest ${STAFF_LIST_SIZE}; deactivated ones included). Administrators only.`,
    authScopes: { admin: true },
    resolve: (_root, _args, context) => staffMembers(context.prisma),
  }),
}));

builder.mutationFields((t) => ({
  setUserRole: t.field({
    type: UserType,
    description:
      "Gives a user a role; a change ends their sessions and API tokens at once. The last active administrator cannot be made anything else. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SetUserRoleInput, required: true }) },
    resolve: (_root, { input }, context) =>
      setUserRole(context.prisma, { userId: input.userId, role: input.role }, actorOf(context)),
  }),
  deactivateUser: t.field({
    type: UserType,
    description:
      "Deactivates an account: sign-in refused, its sessions, live streams and API tokens end at once. Not your own, not the last active administrator. Administrators only.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DeactivateUserInput, required: true }) },
    resolve: (_root, { input }, context) => deactivateUser(context.prisma, { userId: input.userId }, actorOf(context)),
  }),
  inviteStaff: t.field({
    type: UserType,
    description: `Makes a staff account with no password and emails it a link (valid ${STAFF_INVITATION_TTL_DAYS} days) to choose one; using it confirms the address. Administrators only.`,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: InviteStaffInput, required: true }) },
    resolve: (_root, { input }, context) =>
      inviteStaff({ db: context.prisma, publicUrl: context.app.config.publicUrl }, input, actorOf(context)),
  }),
}));
