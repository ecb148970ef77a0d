// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminApiTokensPanel } from "./AdminApiTokensPanel.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import { answer, failure, success, waitForLoaded } from "./testing/adminTesting.ts";

afterEach(cleanup);

const TOKEN = {
  id: "QXBpVG9rZW46MQ==",
  databaseId: 1,
  name: "Accounts system",
  scopes: ["READ", "PURCHASES_WRITE"],
  createdAt: "2026-11-01T10:00:00.000Z",
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: "2026-11-20T09:30:00.000Z",
  lastUsedIp: "203.0.113.9",
};

async function renderPanel(tokens: unknown[]) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminApiTokensPanel />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminApiTokensPanelQuery", { apiTokens: tokens });
  await waitForLoaded();
  return rendered;
}

describe("API Tokens", () => {
  it("lists each token's name, scopes, last use and status", async () => {
    await renderPanel([
      TOKEN,
      {
        ...TOKEN,
        id: "QXBpVG9rZW46Mg==",
        databaseId: 2,
        name: "Old",
        scopes: ["ADMIN"],
        revokedAt: "2026-11-02T10:00:00.000Z",
        lastUsedAt: null,
      },
    ]);
    const rows = within(screen.getByTestId("api-tokens")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain("Accounts system");
    expect(rows[1]?.textContent).toContain("read");
    expect(rows[1]?.textContent).toContain("purchases:write");
    expect(rows[1]?.textContent).toContain("203.0.113.9");
    expect(rows[1]?.textContent).toContain("Active");
    expect(rows[2]?.textContent).toContain("Revoked");
    expect(within(rows[2] as HTMLElement).queryByRole("button", { name: /Revoke/ })).toBeNull();
  });

  it("shows a new token's secret once, in a copyable field with a warning", async () => {
    const { environment } = await renderPanel([]);
    expect(screen.getByText("No API tokens yet")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Name/), "Till");
    await user.click(screen.getByRole("button", { name: "Create token" }));
    const secret = `hng_${"a".repeat(43)}`;
    await answer(environment, "AdminApiTokensPanelCreateMutation", {
      createApiToken: success("MutationCreateApiTokenSuccess", {
        secret,
        token: { id: "QXBpVG9rZW46Mw==", name: "Till" },
      }),
    });
    const shown = await screen.findByTestId("new-token-secret");
    expect(shown.textContent).toContain("it will not be shown again");
    expect((screen.getByLabelText("New token secret") as HTMLInputElement).value).toBe(secret);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("new-token-secret")).toBeNull();
  });

  it("shows the default expiry and lets one choose another, up to a year", async () => {
    const { environment } = await renderPanel([]);
    expect(screen.getByText(/Empty: in 90 days .*; up to 365 days\./)).toBeTruthy();
    const date = screen.getByLabelText("Expires") as HTMLInputElement;
    expect(date.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Name/), "Year-long");
    await user.type(date, date.max);
    await user.click(screen.getByRole("button", { name: "Create token" }));
    const sent = environment.mock.getMostRecentOperation().request.variables.input;
    expect(new Date(sent.expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
  });

  it("says why a token was not created", async () => {
    const { environment } = await renderPanel([]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Name/), "x");
    await user.click(screen.getByRole("button", { name: "Create token" }));
    await answer(environment, "AdminApiTokensPanelCreateMutation", {
      createApiToken: failure("ValidationError", "Expiry must be in the future", "expiresAt"),
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Expiry must be in the future");
  });

  it("revokes a token", async () => {
    const { environment } = await renderPanel([TOKEN]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Revoke Accounts system" }));
    await answer(environment, "AdminApiTokensPanelRevokeMutation", {
      revokeApiToken: success("MutationRevokeApiTokenSuccess", {
        token: { id: TOKEN.id, revokedAt: "2026-11-27T06:00:00.000Z" },
      }),
    });
    expect(await screen.findByText("Revoked")).toBeTruthy();
  });
});
