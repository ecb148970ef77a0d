import { z } from "zod";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { followsRule } from "../lib/validation.ts";
import { isCommonPassword, PASSWORD_MIN_LENGTH } from "./passwords.ts";

export const usernameSchema = z
  .string({ error: "Username is required" })
  .superRefine(followsRule(TEXT_FIELDS.username))
  .trim()
  .min(1, "Username is required");

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common ones. Please choose a less guessable password.";

/** A new password: sign-up, reset, change and admin:create. Never trimmed or truncated. */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .superRefine(followsRule(TEXT_FIELDS.password, { trim: false }))
  .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE, abort: true });

export const emailSchema = z
  .string({ error: "Email is required" })
  .superRefine(followsRule(TEXT_FIELDS.email))
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Please enter a valid email address"));

const optionalName = (rule: typeof TEXT_FIELDS.firstName | typeof TEXT_FIELDS.lastName) =>
  z
    .string()
    .superRefine(followsRule(rule))
    .trim()
    .nullish()
    .transform((value) => (value ? value : null));

export const registerUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalName(TEXT_FIELDS.firstName),
  lastName: optionalName(TEXT_FIELDS.lastName),
});

const SIGN_IN_REQUIRED = "Username and password are required";
const SIGN_IN_REFUSED = "Invalid username or password";

/**
 * Checked before the throttle counts the attempt: a username or password that no account can
 * have is refused as bad input, and costs no hashing, no counter and no audit entry.
 */
export const signInSchema = z.object({
  username: z.string().superRefine(followsRule(TEXT_FIELDS.username)).trim().min(1, SIGN_IN_REQUIRED),
  password: z
    .string()
    .min(1, SIGN_IN_REQUIRED)
    .superRefine(
      followsRule({ ...TEXT_FIELDS.password, tooLong: SIGN_IN_REFUSED, notAllowed: SIGN_IN_REFUSED }, { trim: false }),
    ),
  code: z.string().superRefine(followsRule(TEXT_FIELDS.secondFactorCode)).trim().nullish(),
});

/** `newPassword` is still accepted (the documented payload) and ignored, but must be a password's text. */
export const passwordResetRequestSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .superRefine(followsRule(TEXT_FIELDS.username))
    .trim()
    .min(1, "Username is required"),
  newPassword: z
    .string()
    .superRefine(followsRule(TEXT_FIELDS.password, { trim: false }))
    .nullish(),
});

export const completePasswordResetSchema = z.object({
  token: z
    .string({ error: "This password reset link is invalid." })
    .superRefine(followsRule(TEXT_FIELDS.passwordResetToken))
    .trim()
    .min(1, "This password reset link is invalid."),
  newPassword: passwordSchema,
});

export const confirmEmailSchema = z.object({
  token: z
    .string({ error: "This confirmation link is invalid." })
    .superRefine(followsRule(TEXT_FIELDS.emailConfirmationToken))
    .trim()
    .min(1, "This confirmation link is invalid."),
});

/**
 * The current password asked for before a change: any text a password can be, never trimmed. Text
 * no password can be (too long, control characters) is refused before the throttle counts a guess.
 */
export const currentPasswordSchema = z
  .string({ error: "Please enter your current password" })
  .min(1, "Please enter your current password")
  .superRefine(
    followsRule(
      {
        ...TEXT_FIELDS.password,
        tooLong: "Your current password is not correct",
        notAllowed: "Your current password is not correct",
      },
      { trim: false },
    ),
  );

export const changePasswordSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: passwordSchema });

/** The same rules as registration's names: optional, trimmed, blank clears. */
export const updateNameSchema = z.object({
  firstName: optionalName(TEXT_FIELDS.firstName),
  lastName: optionalName(TEXT_FIELDS.lastName),
});

export const requestEmailChangeSchema = z.object({ newEmail: emailSchema, currentPassword: currentPasswordSchema });
