// The benchmark's programme inside a test: a seeded database, the server in the test process (so
// the SQL it sends can be recorded), and the measured requests sent as the benchmark sends them.
// Shared by bench/queryPlans.test.ts and bench/hotPaths.test.ts.
import { expect } from "vitest";
import { type RecordedStatement, recordStatements } from "../api/test/sqlStatements.ts";
import { startTestApp, type TestApp, type TestClient } from "../api/test/testApp.ts";
import {
  lookUpTargets,
  MEASURED_REQUESTS,
  type MeasuredRequest,
  type MeasuredTargets,
  requestVariables,
} from "./requests.ts";
import { BENCH_PASSWORD, type SeedSize, seedBenchData } from "./seed.ts";

export interface Programme {
  app: TestApp;
  recorder: ReturnType<typeof recordStatements>;
  clients: Record<MeasuredRequest["signedInAs"], TestClient>;
  /** What the deep page and the customer page ask for, looked up for every measured request. */
  targets: MeasuredTargets;
  size: SeedSize;
}

export async function startProgramme(size: SeedSize): Promise<Programme> {
  const app = await startTestApp();
  await seedBenchData(app.databaseUrl, size);
  const signIn = async (username: string) => {
    const client = app.client();
    const response = await client.post("/api/login", { username, password: BENCH_PASSWORD });
    if (response.status !== 200) throw new Error(`sign-in of ${username}: ${response.status} ${response.text}`);
    return client;
  };
  const clients = { customer: await signIn("bench_customer_1"), admin: await signIn("bench_admin") };
  const targets = await lookUpTargets(
    async (query, variables) => (await clients.admin.graphql(query, variables)).data,
    MEASURED_REQUESTS,
    size.customers,
  );
  return { app, recorder: recordStatements(app), clients, targets, size };
}

export async function stopProgramme(programme: Programme | undefined): Promise<void> {
  await programme?.recorder.close();
  await programme?.app.close();
}

/** Sends the request as the benchmark does and returns the SQL the server sent for it. */
export async function statementsOf(programme: Programme, request: MeasuredRequest): Promise<RecordedStatement[]> {
  const client = programme.clients[request.signedInAs];
  return programme.recorder.during(async () => {
    if (request.path) {
      const response = await client.get(request.path);
      expect(response.status, `${request.name}: ${response.text.slice(0, 200)}`).toBe(200);
      return;
    }
    // As the bench sends it: the web app's documents by their persisted id, the others as text.
    const variables = requestVariables(request, programme.targets);
    const persistedId = request.graphql?.persistedId;
    const response = persistedId
      ? await client.persisted({ params: { id: persistedId } }, variables)
      : await client.graphql(request.graphql?.query ?? "", variables);
    expect(response.errors, request.name).toBeUndefined();
  });
}
