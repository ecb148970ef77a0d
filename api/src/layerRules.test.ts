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
  "api/src/auth/index.ts": `export type { Session } from "./session.ts";`,
  "api/src/graphql/schema.ts": `import "../customers/schema.ts";\nimport "../referrals/schema.ts";`,
  "api/src/auth/session.ts": `import { creditsOf } from "../customers/index.ts";\nexport type Session = typeof creditsOf;`,
  "api/src/customers/index.ts": `export { creditsOf } from "./credits.ts";\nexport type Customer = { id: number };`,
  "api/src/customers/credits.ts": `import type { Activity } from "./activity.ts";\nexport const creditsOf = (a: Activity) => a;`,
  "api/src/customers/activity.ts": `import type { creditsOf } from "./credits.ts";\nexport type Activity = typeof creditsOf | number;`,
  "api/src/customers/schema.ts": `import { creditsOf } from "./index.ts";\nexport const schema = creditsOf;`,
  "api/src/referrals/service.ts": `import { creditsOf } from "../customers/credits.ts";\nimport type { Customer } from "../customers/index.ts";\nexport const s = (c: Customer) => creditsOf(c.id);`,
  "api/src/referrals/schema.ts": `import { s } from "./service.ts";\nimport { gone } from "./missing.ts";\nexport const schema = [s, gone];`,
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
  it("keep db/ and lib/ free of domains and of graphql/", () => {
    expect(violations).toContainEqual({
      rule: "db-lib-import-no-domain",
      from: "api/src/db/rows.ts",
      to: "api/src/graphql/requestLoaders.ts",
    });
    expect(violations).toContainEqual({
      rule: "db-lib-import-no-domain",
      from: "api/src/lib/money.ts",
      to: "api/src/customers/index.ts",
    });
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

  it("let a domain use another only through its index.ts, and composition roots wire schema files", () => {
    const publicModule = violations.filter((v) => v.rule === "domain-through-public-module");
    expect(publicModule).toContainEqual({
      rule: "domain-through-public-module",
      from: "api/src/referrals/service.ts",
      to: "api/src/customers/credits.ts",
    });
    // referrals' import of customers/index.ts, customers' own files and graphql/schema.ts's wiring are allowed.
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
