// The idempotency domain's public module: writes that take an idempotency key run through `idempotent`.
export {
  callerKeyOf,
  deleteExpiredIdempotencyKeys,
  eraseFromIdempotentAnswers,
  IDEMPOTENCY_KEY_DESCRIPTION,
  IDEMPOTENCY_KEY_TTL_MS,
  idempotent,
} from "./service.ts";
