// Administrators manage roles (docs/rules/roles.md): change a user's role, deactivate an account,
// invite a staff member. Every change ends the user's sessions and tokens at once, as a password
// change does (auth's endAllSessions bumps the same version), and is audited in its transaction.
import { recordAudit } from "../audit/index.ts";
import { newPasswordResetLink } from "../auth/index.ts";
import { isUniqueViolation, LOCKING_TRANSACTION, lockUntilCommit } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queueEmail } from "../emails/index.ts";
import type { Role, User } from "../generated/prisma/client.ts";
import type { Actor } from "../lib/actor.ts";
import { greetingName } from "../lib/displayName.ts";
import { ConflictError, NotFoundError, ValidationError } from "../lib/errors.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";

/** How long a staff invitation's link works. */
export const STAFF_INVITATION_TTL_DAYS = 7;

/** Staff listed at most: a showroom team is a handful, so one answer is the whole list. */
export const STAFF_LIST_SIZE = 500;

export const ROLE_MESSAGES = {
  notFound: "There is no such user.",
  erased: "This account was erased: its role cannot change.",
  lastAdministrator:
    "This is the last active administrator: make another administrator first, so someone can still run the programme.",
  deactivateSelf: "You cannot deactivate your own account.",
  emailTaken: "An account with this email already exists.",
  badRole: "The role must be CUSTOMER, STAFF or ADMIN.",
} as const;

const ROLES: readonly Role[] = ["CUSTOMER", "STAFF", "ADMIN"];
/** Held while a change could take away an administrator, so two at once cannot leave none. */
const ADMINISTRATORS_LOCK = "roles:administrators";

/** Who the change is made by: an administrator (audited as the actor) or the command line (no actor). */
type ChangeActor = Actor | null;

async function lockedUser(tx: Tx, userId: number): Promise<User> {
  await lockUntilCommit(tx, ADMINISTRATORS_LOCK);
  const user = await tx.user.findUnique({ where: { id: userId } });
  if (!user) throw new NotFoundError(ROLE_MESSAGES.notFound);
  if (user.erasedAt) throw new ConflictError(ROLE_MESSAGES.erased);
  return user;
}

/** Refuses a change that would leave no active administrator. */
async function assertAnotherAdministrator(tx: Tx, user: User): Promise<void> {
  if (user.role !== "ADMIN" || user.deactivatedAt) return;
  const others = await tx.user.count({
    where: { role: "ADMIN", deactivatedAt: null, erasedAt: null, id: { not: user.id } },
  });
  if (others === 0) throw new ConflictError(ROLE_MESSAGES.lastAdministrator);
}

/** The stored role from what a caller sent: the enum's value, in any case. */
export function parseRole(value: unknown): Role {
  const role = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!ROLES.includes(role as Role)) throw new ValidationError(ROLE_MESSAGES.badRole, "role");
  return role as Role;
}

/**
 * Gives a user a role. A change ends their sessions and API tokens at once; the last active
 * administrator cannot be made anything else. Setting the role they have changes nothing.
 */
export async function setUserRole(db: Db, input: { userId: number; role: unknown }, actor: ChangeActor): Promise<User> {
  const role = parseRole(input.role);
  return db.$transaction(async (tx) => {
    const user = await lockedUser(tx, input.userId);
    if (user.role === role) return user;
    if (role !== "ADMIN") await assertAnotherAdministrator(tx, user);
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { role, sessionVersion: { increment: 1 }, apiTokenGeneration: { increment: 1 } },
    });
    await recordAudit(tx, {
      action: "role_changed",
      resourceType: "user",
      resourceId: user.id,
      actorId: actor?.id ?? null,
      before: { role: user.role },
      after: { role },
      details: actor ? null : "Changed from the command line",
      ipAddress: actor?.ip ?? null,
    });
    return updated;
  }, LOCKING_TRANSACTION);
}

/**
 * Deactivates an account: sign-in is refused from now on and its sessions, live streams and API
 * tokens end at once. Never one's own, never the last active administrator; again changes nothing.
 */
export async function deactivateUser(db: Db, input: { userId: number }, actor: Actor): Promise<User> {
  return db.$transaction(async (tx) => {
    const user = await lockedUser(tx, input.userId);
    if (user.id === actor.id) throw new ConflictError(ROLE_MESSAGES.deactivateSelf);
    if (user.deactivatedAt) return user;
    await assertAnotherAdministrator(tx, user);
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { deactivatedAt: new Date(), sessionVersion: { increment: 1 }, apiTokenGeneration: { increment: 1 } },
    });
    await recordAudit(tx, {
      action: "user_deactivated",
      resourceType: "user",
      resourceId: user.id,
      actorId: actor.id,
      before: { role: user.role },
      ipAddress: actor.ip ?? null,
    });
    return updated;
  }, LOCKING_TRANSACTION);
}

const USERNAME_RULE = /^[A-Za-z0-9._@-]+$/;

/** A username for an invited person: their address when it is one, else its first part made one; numbered when taken. */
async function freeUsername(tx: Tx, email: string): Promise<string> {
  const max = TEXT_FIELDS.username.max;
  const base =
    email.length <= max && USERNAME_RULE.test(email)
      ? email
      : (email.split("@")[0] ?? "staff").replace(/[^A-Za-z0-9._-]+/g, ".").slice(0, max - 6) || "staff";
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, max - 4)}-${n}`;
    if (!(await tx.user.findUnique({ where: { username: candidate }, select: { id: true } }))) return candidate;
  }
  throw new ConflictError(ROLE_MESSAGES.emailTaken);
}

/**
 * Invites a staff member: a STAFF account with no password, and an email with a link (valid
 * STAFF_INVITATION_TTL_DAYS) to choose one, which also confirms the address. Inviting again someone
 * who has not used their link yet sends a fresh one; any other account with the address is a conflict.
 */
export async function inviteStaff(
  deps: { db: Db; publicUrl: string },
  input: { email: unknown; firstName: unknown; lastName: unknown },
  actor: Actor,
): Promise<User> {
  const email = parseText(TEXT_FIELDS.email, input.email, "email").toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ValidationError("Please enter a valid email address", "email");
  const firstName = parseText(TEXT_FIELDS.firstName, input.firstName, "firstName");
  const lastName = parseText(TEXT_FIELDS.lastName, input.lastName, "lastName");
  if (!firstName) throw new ValidationError("First name is required", "firstName");
  if (!lastName) throw new ValidationError("Last name is required", "lastName");
  try {
    return await deps.db.$transaction(async (tx) => {
      await lockUntilCommit(tx, `roles:invite:${email}`);
      const existing = await tx.user.findUnique({ where: { email } });
      const invitedBefore =
        existing?.role === "STAFF" && existing.emailConfirmedAt === null && existing.deactivatedAt === null;
      if (existing && !invitedBefore) throw new ConflictError(ROLE_MESSAGES.emailTaken);
      const user =
        existing ??
        (await tx.user.create({
          // No password: nothing signs in until the link's holder chooses one (verifyPassword refuses this).
          data: {
            username: await freeUsername(tx, email),
            email,
            firstName,
            lastName,
            passwordHash: "!",
            role: "STAFF",
          },
        }));
      const resetUrl = await newPasswordResetLink(tx, user.id, deps.publicUrl, STAFF_INVITATION_TTL_DAYS * 24 * 60);
      await queueEmail(tx, {
        type: "STAFF_INVITATION",
        to: user.email,
        userId: user.id,
        data: {
          firstName: greetingName(user),
          username: user.username,
          resetUrl,
          expiresInDays: STAFF_INVITATION_TTL_DAYS,
        },
      });
      await recordAudit(tx, {
        action: "staff_invited",
        resourceType: "user",
        resourceId: user.id,
        actorId: actor.id,
        details: existing ? "Invitation sent again" : null,
        ipAddress: actor.ip ?? null,
      });
      return user;
    }, LOCKING_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ROLE_MESSAGES.emailTaken);
    throw error;
  }
}

/** The staff accounts, newest first (deactivated ones included, erased ones not). */
export function staffMembers(db: Db): Promise<User[]> {
  return db.user.findMany({
    where: { role: "STAFF", erasedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: STAFF_LIST_SIZE,
  });
}
