// docs/rules/roles.md's table of what each role may run says what the access table decides
// (graphql/access.ts): every mutation and subscription, no more, with the same roles.
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MUTATION_ACCESS, type Role, SUBSCRIPTION_ACCESS } from "../graphql/access.ts";

const PAGE = path.join(import.meta.dirname, "../../../docs/rules/roles.md");
const COLUMNS: Role[] = ["anonymous", "customer", "staff", "admin"];

describe("docs/rules/roles.md", () => {
  it("lists every mutation and subscription with the roles the access table gives it", async () => {
    const text = await fs.readFile(PAGE, "utf8");
    const page = new Map<string, Role[]>();
    for (const match of text.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)) {
      const cells = match[2]!.split("|").map((cell) => cell.trim());
      expect(
        cells.every((cell) => cell === "yes" || cell === "no"),
        match[0],
      ).toBe(true);
      page.set(
        match[1]!,
        COLUMNS.filter((_role, index) => cells[index] === "yes"),
      );
    }
    const code = new Map<string, Role[]>(
      [...Object.entries(MUTATION_ACCESS), ...Object.entries(SUBSCRIPTION_ACCESS)].map(([name, access]) => [
        name,
        COLUMNS.filter((role) => access.roles.includes(role)),
      ]),
    );
    expect([...page.keys()].sort(), "the page's operations").toEqual([...code.keys()].sort());
    for (const [name, roles] of code) expect(page.get(name), name).toEqual(roles);
  });
});
