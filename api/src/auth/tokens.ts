import { createHash, randomBytes } from "node:crypto";

/** A link's secret: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this is stored: a leaked table gives no working link. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
