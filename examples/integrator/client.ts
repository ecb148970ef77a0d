// A small client for the referral-rewards API: GraphQL and REST over plain fetch, with an API token.
// Copy it into your own project; it needs Node 20+ and nothing else.

export interface ClientConfig {
  /** Where the API is, e.g. "https://rewards.example.com" (no trailing slash needed). */
  baseUrl: string;
  /** An API token made in the admin pages (Reports > API Tokens): "hng_...". */
  token: string;
}

/** The configuration from `HNG_API_URL` and `HNG_API_TOKEN`; stops with a clear message if one is missing. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const baseUrl = env.HNG_API_URL;
  const token = env.HNG_API_TOKEN;
  if (!baseUrl) throw new Error("Set HNG_API_URL to the API's address, e.g. http://localhost:3000");
  if (!token) throw new Error("Set HNG_API_TOKEN to an API token (Reports > API Tokens in the admin pages)");
  return { baseUrl: baseUrl.replace(/\/+$/, ""), token };
}

/** The server answered with a status other than 2xx. REST refusals carry their reason as plain text. */
export class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body || "(no body)"}`);
    this.name = "HttpError";
  }
}

/** GraphQL answered with top-level `errors`: the document was invalid, or a field was refused (no token scope). */
export class GraphQLErrors extends Error {
  constructor(readonly errors: { message: string; extensions?: { code?: string } }[]) {
    super(`GraphQL errors: ${errors.map((error) => error.message).join("; ")}`);
    this.name = "GraphQLErrors";
  }
}

/**
 * A mutation answered one of its typed errors (its result is a union: `...Success` or an `Error`
 * with a `code` such as NOT_FOUND, CONFLICT, BAD_INPUT, FORBIDDEN, IDEMPOTENCY_KEY_REUSED).
 */
export class TypedError extends Error {
  constructor(
    readonly typename: string,
    readonly code: string,
    message: string,
  ) {
    super(`${typename} (${code}): ${message}`);
    this.name = "TypedError";
  }
}

/** A mutation's union result: the success's `data`, or a thrown `TypedError`. Select `__typename` and `... on Error { code message }`. */
export function successData<T>(result: { __typename: string; data?: T; code?: string; message?: string }): T {
  if (result.__typename.endsWith("Success") && result.data !== undefined) return result.data;
  throw new TypedError(result.__typename, result.code ?? "UNKNOWN", result.message ?? "(no message)");
}

export interface RestAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Client {
  /** POST /graphql; returns `data`, or throws `GraphQLErrors` / `HttpError`. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** Any REST path (`/api/...`) with an optional JSON body; returns the parsed answer, or throws `HttpError`. */
  rest<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<RestAnswer<T>>;
}

export function createClient(config: ClientConfig = configFromEnv()): Client {
  async function send(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: Error) => {
      // fetch says only "fetch failed"; the reason (refused, DNS, TLS) is its cause.
      const reason = error.cause instanceof Error ? error.cause.message : error.message;
      throw new Error(`${method} ${path}: could not reach ${config.baseUrl} (${reason})`, { cause: error });
    });
    const text = await response.text();
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      text,
      json: isJson && text ? JSON.parse(text) : undefined,
    };
  }

  return {
    async graphql(query, variables) {
      const answer = await send("POST", "/graphql", { query, variables }, {});
      // A document the server refuses comes back as 400 with `errors`: show those, not the status.
      if (answer.json?.errors?.length) throw new GraphQLErrors(answer.json.errors);
      if (!answer.ok) throw new HttpError("POST", "/graphql", answer.status, answer.text);
      return answer.json.data;
    },
    async rest(method, path, body, headers = {}) {
      const answer = await send(method, path, body, headers);
      if (!answer.ok) throw new HttpError(method, path, answer.status, answer.text);
      return { status: answer.status, headers: answer.headers, body: answer.json ?? answer.text };
    },
  };
}
