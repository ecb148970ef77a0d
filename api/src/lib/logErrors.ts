import pino from "pino";

const PRISMA_INVOCATION = /Invalid `([^`]+)` invocation/;

/**
 * Prisma writes the arguments of a failed call into its error message (password hashes, token
 * hashes, emails, encrypted second-factor secrets): a log keeps the call and the explanation only.
 */
export function withoutCallArguments(message: string): string {
  const invocation = PRISMA_INVOCATION.exec(message);
  if (!invocation) return message;
  const explanation =
    message
      .trimEnd()
      .split(/\n\s*\n/)
      .at(-1)
      ?.trim() ?? "";
  return `Invalid \`${invocation[1]}\` invocation (arguments not logged): ${explanation}`;
}

/** pino's error serializer, with every message in the error's chain (causes, GraphQL's originalError) made safe. */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") return serialized;
  const safe = serialized as { message?: string; stack?: string };
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const original = current.message;
    const cleaned = withoutCallArguments(original);
    if (cleaned !== original) {
      if (safe.message !== undefined) safe.message = safe.message.replaceAll(original, cleaned);
      if (safe.stack !== undefined) safe.stack = safe.stack.replaceAll(original, cleaned);
    }
    current = current.cause ?? (current as { originalError?: unknown }).originalError;
  }
  return safe;
}
