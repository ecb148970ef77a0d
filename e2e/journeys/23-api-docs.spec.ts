// Journey 23: an integrator opens /docs, reads a REST path in the viewer, then the GraphQL schema.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { expect, test } from "../support/pages.ts";

test("/docs shows the REST reference (generated OpenAPI) and the GraphQL schema", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API documentation" })).toBeVisible();
  // A summary that exists only in the route table's docs: the viewer read /api/openapi.json.
  await expect(page.getByRole("link", { name: /The signed-in user/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "j23-01-rest-reference");

  await page.getByRole("tab", { name: "GraphQL schema" }).click();
  const schema = page.getByLabel("GraphQL schema");
  await expect(schema).toContainText("type Query");
  await expectNoSeriousA11yViolations(page, "j23-02-graphql-schema");
});
