// The REST routes' types, a leaf: a domain's routes name them without importing the shim (which imports the schema).
import type { z } from "zod";

/** What a REST call gives its route: the JSON body, the path parameters and the query string. */
export interface RestRequest {
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The Idempotency-Key header, passed to the writes that take one as their input's `idempotencyKey`. */
  idempotencyKey?: string | null;
}

export interface RestRoute {
  method: "GET" | "POST";
  /** Express-style: `/api/admin/referrals/:id/purchase`. */
  path: string;
  /** The GraphQL operation this path runs: the rule lives behind it, not here. */
  operation: string;
  variables?: (request: RestRequest) => Record<string, unknown>;
  /** Shapes the operation's data as the documented REST answer. */
  answer: (data: any) => unknown;
  /**
   * A write that may be accepted without taking effect yet (a setting raise waiting for a second
   * administrator): its 202 answer when the data says so, else undefined and `answer` gives the 200.
   */
  accepted?: (data: any) => unknown;
  /** Headers of a successful answer beyond Content-Type (a download's Content-Disposition). */
  headers?: () => Record<string, string>;
  /**
   * A REST list (`?limit=`, `?after=`): the connection in the operation's data, which selects
   * `pageInfo { hasNextPage endCursor }` and takes `first` and `after` as variables. Read
   * MAX_PAGE_SIZE rows at a time up to `first` and answered as one list; when more rows follow,
   * the answer carries the next page's link (shim.ts).
   */
  pagedList?: (data: any) => PagedConnection | null | undefined;
  /** What /api/openapi.json says of this path (rest/openapi.ts): generated from these schemas, never written by hand. */
  docs: RouteDocs;
  /**
   * The operation's input takes `idempotencyKey`: the shim passes the `Idempotency-Key` header to
   * this route only, and the document names the header and its 422 (a test checks the flag against the schema).
   */
  idempotent?: true;
  /** The id a node's REST item is known by (its `id`, the next page's `?after=`): `databaseId` unless said. */
  pagedItemId?: (node: any) => number;
}

interface PagedConnection {
  edges: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A route's documentation: the answer's schema is the one source of its shape (checked against real answers in tests). */
export interface RouteDocs {
  summary?: string;
  /**
   * The path's operationId when another path runs the same GraphQL operation (the default is the
   * operation's name); the document refuses two paths with one id (rest/openapi.ts).
   */
  operationId?: string;
  /** The query string's parameters (a paged list's `limit` and `after` are added by the generator). */
  query?: z.ZodObject;
  /** The JSON body of a POST. */
  body?: z.ZodObject;
  /** The 200 answer, after `answer` shaped it. */
  answer: z.ZodType;
  /** The 202 answer of a route with `accepted`, and what it means. */
  accepted?: { description: string; answer: z.ZodType };
}
