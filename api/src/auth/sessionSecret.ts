import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config.ts";

/**
 * SESSION_SECRET is required in production. In development one is generated on first start
 * and kept in DATA_DIR, so sessions survive restarts and no secret is ever committed.
 */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.sessionSecret) {
    if (config.sessionSecret.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters.");
    return config.sessionSecret;
  }
  if (config.production) throw new Error("SESSION_SECRET is required when NODE_ENV=production.");
  const file = path.join(config.dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
