import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { pipeline, type Writable } from "node:stream";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";

/** The content codings this server sends: the build's `.br` and `.gz` copies, and the same on the fly. */
export type Coding = "br" | "gzip" | "identity";

/** At equal q the smaller answer wins: brotli, then gzip, then the bytes as they are. */
const PREFERENCE: readonly Coding[] = ["br", "gzip", "identity"];

/** The suffix of each coding's copy beside a built file (vite-plugin-compression2 writes them). */
const STORED_SUFFIX = { br: ".br", gzip: ".gz" } as const;

/** Answers smaller than this go as they are: a packet or two either way, and compressing costs CPU. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * On the fly, brotli 3 is as small as gzip 6 for as little CPU; higher qualities cost 2-3 times
 * that for 3-7% fewer bytes. Under SMALL_ANSWER_BYTES brotli 1 costs half of 3's CPU and its
 * output stays within two TCP segments as 3's does (the dashboard's 8.8 KB: 2,046 bytes against
 * 1,796): docs/performance.md, bench/compressionCost.ts.
 */
const BROTLI_QUALITY = 3;
const SMALL_BROTLI_QUALITY = 1;
const SMALL_ANSWER_BYTES = 16 * 1024;
const GZIP_LEVEL = 6;

/** Text formats: JSON, HTML, JavaScript, CSS, SVG, the web manifest. Images and fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)\b|image\/svg\+xml)/i.test(
    contentType,
  );
}

/**
 * The coding to send of those `available` (identity always is), by the client's Accept-Encoding
 * (RFC 9110 §12.5.3): the highest q wins, `q=0` refuses, `*` stands for any coding not named, and
 * identity is acceptable unless refused, ranked below every coding the client named. No header
 * means identity. A client that refuses everything gets identity too: its bytes, not an error.
 */
export function negotiateEncoding(header: string | string[] | undefined, available: readonly Coding[]): Coding {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return "identity";
  const weights = new Map<string, number>();
  for (const entry of value.split(",")) {
    const [rawName = "", ...params] = entry.split(";");
    let name = rawName.trim().toLowerCase();
    if (name === "") continue;
    if (name === "x-gzip") name = "gzip";
    let q = 1;
    for (const param of params) {
      const [key, rawQ] = param.split("=").map((part) => part.trim());
      if (key?.toLowerCase() === "q") q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(rawQ ?? "") ? Number(rawQ) : -1;
    }
    // A malformed weight names nothing: the entry is ignored rather than guessed at.
    if (q >= 0 && !weights.has(name)) weights.set(name, q);
  }
  // Unnamed identity ranks with the least wanted coding the client accepts: any coding it named wins.
  const identityWeight = Math.min(1, ...[...weights.values()].filter((q) => q > 0));
  const weightOf = (coding: Coding): number =>
    weights.get(coding) ?? weights.get("*") ?? (coding === "identity" ? identityWeight : 0);
  let best: Coding = "identity";
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The headers with Accept-Encoding added to Vary, keeping the names already there (CORS sets Origin). */
function varyOnAcceptEncoding(res: ServerResponse, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const rest: OutgoingHttpHeaders = {};
  const listed = [res.getHeader("vary")];
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === "vary") listed.push(value);
    else rest[name] = value;
  }
  const names = listed
    .flatMap((value) => (value === undefined ? [] : String(value).split(",")))
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) names.push("Accept-Encoding");
  return { ...rest, Vary: names.join(", ") };
}

/** Writes the head of an answer whose body is `length` bytes in `coding`. */
function writeHead(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, length: number, coding: Coding) {
  res.writeHead(status, {
    ...headers,
    "Content-Length": length,
    ...(coding === "identity" ? {} : { "Content-Encoding": coding }),
  });
}

const brotliParams = (size?: number) => ({
  [constants.BROTLI_PARAM_QUALITY]:
    size !== undefined && size < SMALL_ANSWER_BYTES ? SMALL_BROTLI_QUALITY : BROTLI_QUALITY,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  ...(size === undefined ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: size }),
});

/**
 * Starts a streamed text answer (a report download, whose length is not known) in the coding the
 * client prefers, compressed as it is written: write the body to what this returns, then end it.
 * The answer goes chunked; a connection cut mid-way destroys both streams.
 */
export function startCompressedStream(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
): Writable {
  if (!isCompressible(headerValue(headers, "content-type") ?? "")) {
    res.writeHead(status, headers);
    return res;
  }
  const coding = negotiateEncoding(req.headers["accept-encoding"], PREFERENCE);
  res.writeHead(status, {
    ...varyOnAcceptEncoding(res, headers),
    ...(coding === "identity" ? {} : { "Content-Encoding": coding }),
  });
  if (coding === "identity") return res;
  const encoder =
    coding === "br" ? createBrotliCompress({ params: brotliParams() }) : createGzip({ level: GZIP_LEVEL });
  pipeline(encoder, res, () => undefined);
  return encoder;
}

function compress(body: string | Buffer, coding: "br" | "gzip", size: number): Buffer {
  if (coding === "gzip") return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, { params: brotliParams(size) });
}

/**
 * Sends a body made in memory (JSON, an HTML document) in the coding the client prefers, compressed
 * now when it is text of at least MIN_COMPRESSED_BYTES. Every text answer varies on Accept-Encoding,
 * whether or not this one was compressed. HEAD gets the headers GET would, without the body.
 */
export function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string | Buffer,
): void {
  const contentType = headerValue(headers, "content-type") ?? String(res.getHeader("content-type") ?? "");
  let sent: string | Buffer = body;
  let coding: Coding = "identity";
  let finalHeaders = headers;
  if (isCompressible(contentType)) {
    finalHeaders = varyOnAcceptEncoding(res, headers);
    const size = typeof body === "string" ? Buffer.byteLength(body) : body.length;
    if (size >= MIN_COMPRESSED_BYTES) coding = negotiateEncoding(req.headers["accept-encoding"], PREFERENCE);
    if (coding !== "identity") sent = compress(body, coding, size);
  }
  writeHead(res, status, finalHeaders, typeof sent === "string" ? Buffer.byteLength(sent) : sent.length, coding);
  if (req.method === "HEAD") res.end();
  else res.end(sent);
}

/**
 * Sends a Fetch API Response (Yoga's answer) through sendCompressed: a finished text is read whole.
 * A subscription's event stream (text/event-stream) goes as it comes, uncompressed, each event
 * written at once; it ends when the subscription does or the client goes.
 */
export async function sendFetchResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    // The length is the sent body's, and cookies go as separate header lines.
    if (name !== "content-length" && name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (response.body && /^text\/event-stream\b/i.test(response.headers.get("content-type") ?? "")) {
    return sendEventStream(res, response.status, headers, response.body);
  }
  const body = await response.text();
  if (res.destroyed) return;
  sendCompressed(req, res, response.status, headers, body);
}

/** Writes each chunk of an event stream as it comes; a proxy is told not to buffer it (X-Accel-Buffering). */
async function sendEventStream(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: ReadableStream<Uint8Array>,
): Promise<void> {
  const reader = body.getReader();
  // The client gone: the subscription behind the stream ends too.
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once("close", cancel);
  res.writeHead(status, { ...headers, "X-Accel-Buffering": "no" });
  res.flushHeaders();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
    }
  } catch {
    // A stream cut mid-way ends the answer; the client reconnects.
  } finally {
    res.off("close", cancel);
    if (!res.destroyed) res.end();
  }
}

/**
 * Sends a built file, or the copy beside it (`.br`, `.gz`) in the coding the client prefers when
 * it is text. A copy the build skipped (not smaller than the file) falls back to the next coding.
 */
export async function sendStoredFile(
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  file: string,
  size: number,
): Promise<void> {
  let sent = { file, size, coding: "identity" as Coding };
  let finalHeaders = headers;
  if (isCompressible(headerValue(headers, "content-type") ?? "")) {
    finalHeaders = varyOnAcceptEncoding(res, headers);
    let available = PREFERENCE;
    for (;;) {
      const coding = negotiateEncoding(req.headers["accept-encoding"], available);
      if (coding === "identity") break;
      const copy = `${file}${STORED_SUFFIX[coding]}`;
      const stat = await fs.stat(copy).catch(() => null);
      if (stat?.isFile()) {
        sent = { file: copy, size: stat.size, coding };
        break;
      }
      available = available.filter((other) => other !== coding);
    }
  }
  writeHead(res, 200, finalHeaders, sent.size, sent.coding);
  if (req.method === "HEAD") res.end();
  // A rebuild can remove the file mid-answer: the connection is cut, the server stays up.
  else
    createReadStream(sent.file)
      .on("error", () => res.destroy())
      .pipe(res);
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}
