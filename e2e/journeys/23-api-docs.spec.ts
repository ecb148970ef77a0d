// Journey 23: an integrator opens /docs, reads a REST path in the viewer (Redoc), then the GraphQL schema.
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { expect, test } from "../support/pages.ts";

test("/docs shows the REST reference (generated OpenAPI) and the GraphQL schema", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API documentation" })).toBeVisible();
  // The generated document's title, a route's summary and an idempotent path's header: the viewer read /api/openapi.json.
  const reference = page.getByRole("region", { name: "REST API reference" });
  await expect(reference.getByRole("heading", { name: /Referral rewards REST API/ })).toBeVisible();
  await expect(reference.getByText("The signed-in user").first()).toBeAttached();
  await expect(reference.getByText("Idempotency-Key").first()).toBeAttached();
  // The whole page with the rendered viewer, nothing left out.
  await expectNoSeriousA11yViolations(page, "j23-01-rest-reference");

  await page.getByRole("tab", { name: "GraphQL schema" }).click();
  const schema = page.locator('pre[aria-label="GraphQL schema"]');
  await expect(schema).toContainText("type Query");
  await expectNoSeriousA11yViolations(page, "j23-02-graphql-schema");
});
