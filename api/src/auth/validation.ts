import { z } from "zod";
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.ts";

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Username may contain only letters, numbers and . _ @ -");

export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common ones. Please choose a less guessable password.";

/** A new password: sign-up, reset, change and admin:create. Never trimmed or truncated. */
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE, abort: true });

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Please enter a valid email address"));

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const registerUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
});

export const signInSchema = z.object({
  username: z.string().trim().min(1, "Username and password are required"),
  password: z.string().min(1, "Username and password are required").max(PASSWORD_MAX_LENGTH, "Invalid username or password"),
});

/** `newPassword` is still accepted (the documented payload) and ignored: the asker never chooses the password. */
export const passwordResetRequestSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required"),
  newPassword: z.string().nullish(),
});

export const completePasswordResetSchema = z.object({
  token: z.string({ error: "This password reset link is invalid." }).trim().min(1, "This password reset link is invalid."),
  newPassword: passwordSchema,
});

export const confirmEmailSchema = z.object({
  token: z.string({ error: "This confirmation link is invalid." }).trim().min(1, "This confirmation link is invalid."),
});
