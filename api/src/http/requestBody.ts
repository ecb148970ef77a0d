import type { IncomingMessage } from "node:http";

/** The largest request body /graphql and /api accept, in bytes (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = `Request body too large: at most ${MAX_BODY_BYTES.toLocaleString("en-GB")} bytes (1 MB).`;

/** A Content-Length over the limit: refused before a byte is read. */
export function declaresTooLargeBody(req: IncomingMessage, limit = MAX_BODY_BYTES): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) > limit;
}

/**
 * Reads the whole body, or stops at the first byte past the limit (the rest is discarded as it
 * arrives). A declared Content-Length over the limit is refused before a byte is read; a chunked
 * or understated body is counted as it comes. "aborted": the client went away mid-body.
 */
export function readBodyWithin(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<Buffer | "too large" | "aborted"> {
  if (declaresTooLargeBody(req, limit)) return Promise.resolve("too large");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Buffer | "too large" | "aborted") => {
      req.off("data", onData).off("end", onEnd).off("error", onAborted).off("close", onAborted);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish("too large");
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onAborted = () => finish("aborted");
    // Reading on after a refusal (flowing, with no listener) drains the socket instead of stalling it.
    req.on("data", onData).on("end", onEnd).on("error", onAborted).on("close", onAborted);
  });
}
