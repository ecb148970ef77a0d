// GraphQL-over-HTTP conformance of /graphql: graphql-http's own server audit, run against the
// production-mode server with an administrator's cookie (some audits introspect `__type`, which
// production answers for administrators only).
import { type AuditResult, auditServer } from "graphql-http";
import { describe, expect } from "vitest";
import { it } from "../../test/fixtures.ts";

it.override("appOptions", { env: { NODE_ENV: "production" } });

let results: AuditResult[];
it.beforeAll(async ({ app, admin }) => {
  const fetchAsAdmin = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", admin.cookieHeader);
    return fetch(input, { ...init, headers });
  };
  results = await auditServer({ url: `${app.baseUrl}/graphql`, fetchFn: fetchAsAdmin });
  const failed = results.filter((result) => result.status !== "ok");
  const counts = (level: string) =>
    `${results.filter((r) => r.name.startsWith(level) && r.status === "ok").length}/${results.filter((r) => r.name.startsWith(level)).length}`;
  console.info(`graphql-http audit: MUST ${counts("MUST")}, SHOULD ${counts("SHOULD")}, MAY ${counts("MAY")} passed`);
  for (const result of failed)
    console.info(`  ${result.status} ${result.id} ${result.name}: ${"reason" in result ? result.reason : ""}`);
});

describe("the GraphQL-over-HTTP audit (graphql-http 1.23.1)", () => {
  it("passes every MUST", () => {
    const must = results.filter((result) => result.name.startsWith("MUST"));
    expect(must.length).toBeGreaterThanOrEqual(13);
    expect(
      must
        .filter((result) => result.status !== "ok")
        .map((result) => `${result.name}: ${"reason" in result ? result.reason : ""}`),
    ).toEqual([]);
  });

  it("passes every SHOULD and MAY too", () => {
    const recommended = results.filter((result) => !result.name.startsWith("MUST"));
    expect(recommended.length).toBeGreaterThanOrEqual(48);
    expect(
      recommended
        .filter((result) => result.status !== "ok")
        .map((result) => `${result.name}: ${"reason" in result ? result.reason : ""}`),
    ).toEqual([]);
  });
});
