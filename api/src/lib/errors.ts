/**
 * Expected failures. GraphQL returns them as typed errors (the errors plugin), the REST shim
 * turns them into the HTTP status below with the message as the body.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly httpStatus: number;
}

export class ValidationError extends AppError {
  readonly code = "BAD_INPUT";
  readonly httpStatus = 400;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class NotAuthenticatedError extends AppError {
  readonly code = "UNAUTHENTICATED";
  readonly httpStatus = 401;
  constructor(message = "Not signed in") {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly code = "FORBIDDEN";
  readonly httpStatus = 403;
  constructor(message = "Not allowed") {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly code = "NOT_FOUND";
  readonly httpStatus = 404;
}

export class ConflictError extends AppError {
  readonly code = "CONFLICT";
  readonly httpStatus = 409;
}

export class RateLimitedError extends AppError {
  readonly code = "RATE_LIMITED";
  readonly httpStatus = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** An idempotency key sent again with other input (or for another operation): nothing is done. */
export class IdempotencyKeyReusedError extends AppError {
  readonly code = "IDEMPOTENCY_KEY_REUSED";
  readonly httpStatus = 422;
  constructor(
    message = "This Idempotency-Key was already used with different input; send a new key for a new request",
  ) {
    super(message);
  }
}
