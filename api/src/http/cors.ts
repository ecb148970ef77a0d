import type { IncomingMessage, ServerResponse } from "node:http";

/** Header names a trusted origin's preflight may ask for: tokens only, at most 30 of them. */
const HEADER_LIST = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+){0,29}\s*$/;

/**
 * Cross-origin access to /graphql and /api: none, unless the request's Origin is one the operator
 * listed (CORS_ORIGINS). A listed origin gets exactly itself back with credentials, never `*`.
 */
export function createCors(origins: readonly string[]) {
  const trusted = new Set(origins);

  /** The request's Origin when it is listed, else undefined. */
  function trustedOrigin(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    return origin !== undefined && trusted.has(origin) ? origin : undefined;
  }

  /**
   * Sets the CORS headers of an API answer; answers a trusted origin's preflight itself.
   * Returns true when the answer has been sent.
   */
  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (trusted.size === 0) return false;
    // The answer differs by Origin whenever any origin is trusted.
    res.setHeader("Vary", "Origin");
    const origin = trustedOrigin(req);
    if (!origin) return false;
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    // A trusted integrator reads a REST list's next page (rest/handler.ts) as well as the request id.
    res.setHeader("Access-Control-Expose-Headers", "X-Request-Id, Link, X-Next-After");
    const requestedMethod = req.headers["access-control-request-method"];
    if (req.method !== "OPTIONS" || requestedMethod === undefined) return false;
    const requestedHeaders = req.headers["access-control-request-headers"];
    res.setHeader("Access-Control-Allow-Methods", "GET, POST");
    if (requestedHeaders && HEADER_LIST.test(requestedHeaders))
      res.setHeader("Access-Control-Allow-Headers", requestedHeaders);
    res.setHeader("Access-Control-Max-Age", "600");
    res.writeHead(204).end();
    return true;
  }

  return { trustedOrigin, handle };
}
