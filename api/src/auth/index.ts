// The auth domain's public module: what other domains use of it. Outside auth/, compose/ imports its other files;
// other domains' schema and REST files use its types.ts (.dependency-cruiser.mjs). No schema or REST module loads from here.
export type { EmailChangedHook } from "./emailConfirmation.ts";
export {
  confirmEmail,
  EMAIL_CONFIRMATION_TTL_HOURS,
  EMAIL_TAKEN_MESSAGE,
  queueEmailChangeConfirmation,
  SENT_BEFORE_CONFIRMATION,
} from "./emailConfirmation.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export {
  checkCurrentPassword,
  DEACTIVATED_MESSAGE,
  endAllSessions,
  newPasswordResetLink,
  PASSWORD_RESET_TTL_MINUTES,
  queueResetLinkEmail,
  WRONG_CURRENT_PASSWORD,
} from "./service.ts";
export { readCookie, sessionCookieName } from "./session.ts";
export { addressKey, consumeOrThrow, createRateLimiter, deviceCookieName } from "./throttle.ts";
export { hashToken } from "./tokens.ts";
export { changePasswordSchema, requestEmailChangeSchema, updateNameSchema } from "./validation.ts";
