import type { AddressInfo } from "node:net";
import type pino from "pino";
import type { ConcreteRequest } from "relay-runtime";
import { createAppDeps } from "../src/compose/appDeps.ts";
import { createAppServer } from "../src/compose/server.ts";
import { readConfig } from "../src/config.ts";
import type { Db } from "../src/db/prisma.ts";
import type { AppDeps } from "../src/graphql/context.ts";
import { createMetrics, createMetricsServer } from "../src/http/metrics.ts";
import { asAppRole, createTestDatabase } from "./database.ts";

export interface TestApp {
  baseUrl: string;
  /** The database owner's URL (the server itself connects as the app's role: `asAppRole`). */
  databaseUrl: string;
  db: Db;
  deps: AppDeps;
  /** With METRICS_PORT in the environment (0: a free one): where /metrics is served. */
  metricsUrl?: string;
  /** A client with its own cookie jar, like one browser. */
  client(): TestClient;
  close(): Promise<void>;
}

export interface AppStartOptions {
  webDir?: string;
  logDestination?: pino.DestinationStream;
  /** Another instance on this database (a scale-out in one process) instead of a fresh one. */
  databaseUrl?: string;
}

/** The real server on a loopback port, on a fresh database cloned from the migrated template. */
export async function startTestApp(env: Record<string, string> = {}, options: AppStartOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = readConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-that-is-long-enough-for-iron-session-0123456789",
    DEMO: "0",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...env,
  });
  const { deps, close, pools } = createAppDeps(config, asAppRole(databaseUrl), {
    logDestination: options.logDestination,
  });
  const metrics = createMetrics(deps, pools);
  const server = createAppServer(deps, { webDir: options.webDir ?? "web/dist", metrics });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metricsServer = config.metricsPort === undefined ? undefined : createMetricsServer(metrics);
  await new Promise<void>((resolve) =>
    metricsServer ? metricsServer.listen(config.metricsPort, config.metricsHost, resolve) : resolve(),
  );
  const metricsUrl = metricsServer
    ? `http://${config.metricsHost}:${(metricsServer.address() as AddressInfo).port}/metrics`
    : undefined;
  return {
    baseUrl,
    databaseUrl,
    db: deps.prisma,
    deps,
    metricsUrl,
    client: () => new TestClient(baseUrl),
    async close() {
      metricsServer?.closeAllConnections();
      metricsServer?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
}

/** Every test user's password unless a test says otherwise: 8+ characters, not on the common list. */
export const TEST_PASSWORD = "referral-tester-9";

/** Marks an account's email confirmed, as its emailed link would: its held emails then go out. */
export async function confirmEmailOf(app: TestApp, userId: number): Promise<void> {
  await app.db.user.update({ where: { id: userId }, data: { emailConfirmedAt: new Date() } });
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; body?: string } = {},
  ): Promise<JsonResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => a.trim().toLowerCase() === "max-age=0");
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json")) parsed = text ? JSON.parse(text) : null;
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, json?: unknown) {
    return this.request("POST", path, json === undefined ? {} : { json });
  }

  /** POST /graphql; returns the parsed GraphQL response. */
  async graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: T; errors?: any[]; status: number }> {
    const response = await this.request("POST", "/graphql", { json: { query, variables } });
    return { ...(response.body as object), status: response.status } as { data?: T; errors?: any[]; status: number };
  }

  /** POST /graphql as the web app sends an operation: its persisted id (production takes no text from customers). */
  async persisted<T = any>(
    request: { params: Pick<ConcreteRequest["params"], "id"> & { name?: string } },
    variables: Record<string, unknown> = {},
  ): Promise<{ data?: T; errors?: any[]; status: number }> {
    const response = await this.request("POST", "/graphql", {
      json: {
        operationName: request.params.name,
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: request.params.id } },
      },
    });
    return { ...(response.body as object), status: response.status } as { data?: T; errors?: any[]; status: number };
  }

  /** Registers (and so signs in) a new user through the REST shim. */
  async register(username: string, overrides: Record<string, unknown> = {}) {
    const response = await this.post("/api/register", {
      username,
      password: TEST_PASSWORD,
      email: `${username.toLowerCase()}@example.com`,
      firstName: username,
      lastName: "Tester",
      ...overrides,
    });
    if (response.status !== 200) throw new Error(`register ${username}: ${response.status} ${response.text}`);
    return response.body as { id: number; username: string };
  }
}

/** A client signed in as a freshly created administrator. */
export async function signedInAdmin(app: TestApp, username = "admin"): Promise<TestClient> {
  const { createAdministrator } = await import("../src/auth/service.ts");
  await createAdministrator(app.db, { username, email: `${username}@example.com`, password: "admin-password" });
  const client = app.client();
  const response = await client.post("/api/login", { username, password: "admin-password" });
  if (response.status !== 200) throw new Error(`admin sign-in: ${response.status} ${response.text}`);
  return client;
}

/**
 * A client signed in as a customer who completed registration through POST /api/customer/register;
 * verified directly in the database unless `verified: false` (approval belongs to the admin API).
 */
export async function signedInCustomer(
  app: TestApp,
  username: string,
  options: { verified?: boolean; originalPurchaseAmount?: string; postcode?: string; contractNumber?: string } = {},
): Promise<{ client: TestClient; userId: number; customerId: number }> {
  const client = app.client();
  const user = await client.register(username);
  const response = await client.post("/api/customer/register", {
    originalPurchaseAmount: options.originalPurchaseAmount ?? "1000.00",
    postcode: options.postcode ?? "SW1A 1AA",
    contractNumber: options.contractNumber ?? `HNG-${username}`,
  });
  if (response.status !== 200)
    throw new Error(`complete registration ${username}: ${response.status} ${response.text}`);
  const customerId = response.body.id as number;
  await confirmEmailOf(app, user.id);
  if (options.verified !== false) {
    await app.db.customerProfile.update({
      where: { id: customerId },
      data: { status: "VERIFIED", verifiedAt: new Date() },
    });
  }
  return { client, userId: user.id, customerId };
}

/** A client whose requests come from `address` through the trusted proxy (the app runs with TRUST_PROXY=1). */
export function clientFromAddress(app: TestApp, address: string): TestClient {
  const client = app.client();
  const send = client.request.bind(client);
  client.request = (method, path, options = {}) =>
    send(method, path, { ...options, headers: { ...options.headers, "x-forwarded-for": address } });
  return client;
}
