import { dictionary } from "@zxcvbn-ts/language-common";
import argon2 from "argon2";
import { TEXT_FIELDS } from "../lib/textFields.ts";

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and about 20 ms here.
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MIN_LENGTH } from "../lib/textFields.ts";
export const PASSWORD_MAX_LENGTH = TEXT_FIELDS.password.max;

/** zxcvbn-ts's list of the ~49,000 most used passwords (lower case, most used first). */
let commonPasswords: Set<string> | undefined;

/** True for a password on the common list, ignoring case ("Password123" is as guessable as "password123"). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the username is unknown keeps both answers equally slow. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-users");
  return decoyHash;
}
