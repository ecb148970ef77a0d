import { describe, expect, it } from "vitest";
import { emailSchema, passwordSchema, registerUserSchema, usernameSchema } from "../../../api/src/auth/validation.ts";
import { validateEmail, validateNewPassword, validatePersonName, validateUsername } from "./validation.ts";

/** The server's message for a value, or null when it takes it. */
function serverMessage(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

const CHARACTER_CASES = ["x".repeat(100_000), "Bidi \u202Eevil", "Ctl\u0007x", "x\u000b", "a\ud800b", "ok"];

describe("the forms' checks give the server's messages", () => {
  it.each(["sarah", "x".repeat(50), "x".repeat(51), "sarah smith", ...CHARACTER_CASES])("username %#", (value) => {
    expect(validateUsername(value)).toBe(serverMessage(usernameSchema, value));
  });

  it.each([
    "sarah@example.com",
    `${"x".repeat(243)}@example.com`,
    `${"x".repeat(244)}@example.com`,
    ...CHARACTER_CASES.slice(0, 5),
  ])("email %#", (value) => {
    expect(validateEmail(value)).toBe(serverMessage(emailSchema, value));
  });

  it.each(["a sturdy passphrase", "p".repeat(128), "p".repeat(129), "short", "pass\u0000word-9", "pass\u202Eword-9"])(
    "new password %#",
    (value) => {
      expect(validateNewPassword(value)).toBe(serverMessage(passwordSchema, value));
    },
  );

  it.each(["Zoë", "x".repeat(100), "x".repeat(101), ...CHARACTER_CASES])("first name %#", (firstName) => {
    const server = serverMessage(registerUserSchema, {
      username: "sarah",
      email: "sarah@example.com",
      password: "a sturdy passphrase",
      firstName,
    });
    expect(validatePersonName("firstName", firstName)).toBe(server);
  });
});
