import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A small tree that breaks each rule of .dependency-cruiser.mjs once, and follows it elsewhere.
const FIXTURE: Record<string, string> = {
  "api/src/db/rows.ts": `import { requestLoader } from "../graphql/requestLoaders.ts";\nexport const rows = requestLoader;`,
  "api/src/lib/money.ts": `import type { Customer } from "../customers/index.ts";\nexport type Money = Customer;`,
  "api/src/graphql/requestLoaders.ts": "export const requestLoader = 1;",
  "api/src/graphql/context.ts": `import type { Session } from "../auth/index.ts";\nexport type Context = Session;`,
  "api/src/graphql/builder.ts": `import { actsAsAdmin } from "../secondFactor/index.ts";\nexport const builder = actsAsAdmin;`,
  "api/src/rest/handler.ts": `import { downloadReport } from "../analytics/index.ts";\nexport const handler = downloadReport;`,
  "api/src/http/server.ts": `import { creditRateTexts } from "../settings/index.ts";\nexport const server = creditRateTexts;`,
  "api/src/jobs/runner.ts": `import { schema } from "../compose/schema.ts";\nexport const runner = schema;`,
  "api/src/analytics/index.ts": "export const downloadReport = 1;",
  "api/src/secondFactor/index.ts": "export const actsAsAdmin = 1;",
  "api/src/settings/index.ts": "export const creditRateTexts = 1;",
  "api/src/auth/index.ts": `export type { Session } from "./session.ts";`,
  "api/src/compose/schema.ts": `import "../customers/schema.ts";\nimport "../referrals/schema.ts";\nexport const schema = 1;`,
  "api/src/compose/restRoutes.ts": `import { milestoneRoutes } from "../milestones/restRoutes.ts";\nexport const routes = milestoneRoutes;`,
  "api/src/main.ts": `import { schema } from "./compose/schema.ts";\nexport const main = schema;`,
  "api/src/auth/session.ts": `import { creditsOf } from "../customers/index.ts";\nexport type Session = typeof creditsOf;`,
  "api/src/customers/index.ts": `export { creditsOf } from "./credits.ts";\nexport type Customer = { id: number };`,
  "api/src/customers/types.ts": `export { CustomerType } from "./schema.ts";`,
  "api/src/customers/credits.ts": `import type { Activity } from "./activity.ts";\nexport const creditsOf = (a: Activity) => a;`,
  "api/src/customers/activity.ts": `import type { creditsOf } from "./credits.ts";\nexport type Activity = typeof creditsOf | number;`,
  "api/src/customers/schema.ts": `import { creditsOf } from "./index.ts";\nexport const CustomerType = creditsOf;`,
  "api/src/referrals/service.ts": `import { creditsOf } from "../customers/credits.ts";\nimport type { Customer } from "../customers/index.ts";\nexport const s = (c: Customer) => creditsOf(c.id);`,
  "api/src/referrals/schema.ts": `import { CustomerType } from "../customers/types.ts";\nimport { s } from "./service.ts";\nimport { gone } from "./missing.ts";\nexport const schema = [CustomerType, s, gone];`,
  "api/src/referrals/expiry.ts": `import { routes } from "../compose/restRoutes.ts";\nexport const expire = routes;`,
  "api/src/milestones/index.ts": `export { readyMilestones } from "./rules.ts";`,
  "api/src/milestones/rules.ts": `import { MilestoneKeyEnum } from "./schema.ts";\nexport const readyMilestones = MilestoneKeyEnum;`,
  "api/src/milestones/schema.ts": `import { builder } from "../graphql/builder.ts";\nexport const MilestoneKeyEnum = builder;`,
  "api/src/milestones/restRoutes.ts": `import { readyMilestones } from "./index.ts";\nexport const milestoneRoutes = readyMilestones;`,
  "examples/shop/client.ts": `import { rows } from "../../api/src/db/rows.ts";\nexport const client = rows;`,
};

let root: string;
let violations: { rule: string; from: string; to: string }[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "layer-rules-"));
  for (const [path, text] of Object.entries(FIXTURE)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), `${text}\n`);
  }
  const options = await extractDepcruiseOptions(join(process.cwd(), ".dependency-cruiser.mjs"));
  const result = await cruise(["api/src", "examples"], { ...options, baseDir: root });
  violations = (result.output as ICruiseResult).summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
  }));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the layer rules (npm run deps)", () => {
  it("keep graphql/, rest/, http/, jobs/, db/ and lib/ free of domains, their index.ts included", () => {
    const below = violations.filter((v) => v.rule === "infrastructure-imports-no-domain");
    expect(below.map((v) => `${v.from} -> ${v.to}`).sort()).toEqual([
      "api/src/graphql/builder.ts -> api/src/secondFactor/index.ts",
      "api/src/graphql/context.ts -> api/src/auth/index.ts",
      "api/src/http/server.ts -> api/src/settings/index.ts",
      "api/src/jobs/runner.ts -> api/src/compose/schema.ts",
      "api/src/lib/money.ts -> api/src/customers/index.ts",
      "api/src/rest/handler.ts -> api/src/analytics/index.ts",
    ]);
  });

  it("keep db/ and lib/ free of graphql/, rest/, http/ and jobs/", () => {
    expect(violations).toContainEqual({
      rule: "db-lib-import-no-transport",
      from: "api/src/db/rows.ts",
      to: "api/src/graphql/requestLoaders.ts",
    });
  });

  it("leave compose/ the only composition root: main.ts may start it, a domain may not reach it", () => {
    const roots = violations.filter((v) => v.rule === "compose-is-the-only-root");
    expect(roots.map((v) => `${v.from} -> ${v.to}`).sort()).toEqual([
      "api/src/jobs/runner.ts -> api/src/compose/schema.ts",
      "api/src/referrals/expiry.ts -> api/src/compose/restRoutes.ts",
    ]);
  });

  it("let a domain's index.ts reach no schema, REST or Pothos module, however indirectly", () => {
    const loads = violations.filter((v) => v.rule === "domain-index-loads-no-transport");
    // milestones/index.ts -> rules.ts -> schema.ts -> graphql/builder.ts; customers/index.ts stays clean
    // although customers/schema.ts imports it, and customers/types.ts may re-export its schema's refs.
    expect(loads.map((v) => `${v.from} -> ${v.to}`).sort()).toEqual([
      "api/src/milestones/index.ts -> api/src/graphql/builder.ts",
      "api/src/milestones/index.ts -> api/src/milestones/schema.ts",
    ]);
  });

  it("keep auth/ free of business domains, even through their public module", () => {
    expect(violations).toContainEqual({
      rule: "auth-imports-no-business-domain",
      from: "api/src/auth/session.ts",
      to: "api/src/customers/index.ts",
    });
  });

  it("keep the request context a leaf, type imports included", () => {
    expect(violations).toContainEqual({
      rule: "context-is-a-leaf",
      from: "api/src/graphql/context.ts",
      to: "api/src/auth/index.ts",
    });
  });

  it("let a domain use another only through its index.ts or types.ts, and compose/ wire schema and REST files", () => {
    const publicModule = violations.filter((v) => v.rule === "domain-through-public-module");
    // referrals' imports of customers/index.ts and customers/types.ts, customers' own files and compose/'s wiring are allowed.
    expect(publicModule.map((v) => `${v.from} -> ${v.to}`)).toEqual([
      "api/src/referrals/service.ts -> api/src/customers/credits.ts",
    ]);
  });
  it("find cycles made of type-only imports", () => {
    const cycles = violations.filter((v) => v.rule === "no-cycles").map((v) => [v.from, v.to].sort());
    expect(cycles).toContainEqual(["api/src/customers/activity.ts", "api/src/customers/credits.ts"]);
  });

  it("refuse an import that does not resolve, so no file escapes the rules", () => {
    expect(violations).toContainEqual({
      rule: "no-unresolvable",
      from: "api/src/referrals/schema.ts",
      to: "./missing.ts",
    });
  });

  it("keep examples/ free of our code, as an outside developer would copy it", () => {
    expect(violations).toContainEqual({
      rule: "examples-stand-alone",
      from: "examples/shop/client.ts",
      to: "api/src/db/rows.ts",
    });
  });
});
