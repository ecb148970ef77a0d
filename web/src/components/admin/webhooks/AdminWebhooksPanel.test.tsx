// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { TabBoundary } from "../TabBoundary.tsx";
import { answer, connection, failure, pendingOperationNames, success, waitForLoaded } from "../testing/adminTesting.ts";
import { AdminWebhooksPanel } from "./AdminWebhooksPanel.tsx";

afterEach(cleanup);

const ENDPOINT = {
  __typename: "WebhookEndpoint",
  id: "V2ViaG9va0VuZHBvaW50OjE=",
  databaseId: 1,
  url: "https://crm.example.com/hooks",
  description: "CRM",
  events: ["PURCHASE_VERIFIED", "MILESTONE_PAID"],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  secretRotatedAt: null,
};

const DISABLED = {
  ...ENDPOINT,
  id: "V2ViaG9va0VuZHBvaW50OjI=",
  databaseId: 2,
  url: "https://old.example.com/in",
  description: "",
  events: ["CUSTOMER_REGISTERED"],
  enabled: false,
  disabledReason: "Disabled after 20 failed deliveries in a row",
  disabledAt: "2026-11-20T08:00:00.000Z",
};

function delivery(databaseId: number, fields: Record<string, unknown> = {}) {
  return {
    __typename: "WebhookDelivery",
    id: `V2ViaG9va0RlbGl2ZXJ5OjE${databaseId}`,
    databaseId,
    eventType: "purchase.verified",
    eventId: `msg_${databaseId}`,
    status: "SUCCEEDED",
    attempts: 1,
    responseStatus: 200,
    durationMs: 84,
    lastError: null,
    nextAttemptAt: null,
    createdAt: "2026-11-26T09:00:00.000Z",
    deliveredAt: "2026-11-26T09:00:01.000Z",
    ...fields,
  };
}

async function renderPanel(endpoints: unknown[]) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminWebhooksPanel />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminWebhooksPanelQuery", { webhookEndpoints: endpoints });
  await waitForLoaded();
  return rendered;
}

const endpointRows = () => within(screen.getByTestId("webhook-endpoints")).getAllByTestId("webhook-endpoint");

async function openLog(environment: Parameters<typeof answer>[0], deliveries: unknown[], hasNext = false) {
  await userEvent.setup().click(screen.getByRole("button", { name: "Deliveries of CRM" }));
  const sent = await answer(environment, "AdminWebhookDeliveriesQuery", {
    node: { ...ENDPOINT, deliveries: connection(deliveries, {}, hasNext) },
  });
  expect(sent.request.variables).toEqual({ id: ENDPOINT.id, count: expect.any(Number) });
  return screen.findByTestId("webhook-deliveries");
}

describe("Webhooks", () => {
  it("lists each endpoint's URL, events, status in words and creation date", async () => {
    await renderPanel([ENDPOINT, DISABLED]);
    const [crm, old] = endpointRows();
    expect(crm?.textContent).toContain("https://crm.example.com/hooks");
    expect(crm?.textContent).toContain("purchase.verified");
    expect(crm?.textContent).toContain("milestone.paid");
    expect(crm?.textContent).toContain("Enabled");
    expect(crm?.textContent).toContain("1 Nov 2026");
    expect(old?.textContent).toContain("Disabled");
    expect(old?.textContent).toContain("Disabled after 20 failed deliveries in a row");
    expect(within(old as HTMLElement).getByRole("button", { name: /^Enable / })).toBeTruthy();
    // A test event still reaches a disabled endpoint: a way to check it before enabling it again.
    expect(
      (within(old as HTMLElement).getByRole("button", { name: /^Send test event/ }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("creates an endpoint: it heads the table and its secret is shown once, without asking for the list again", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook endpoint" });
    const create = within(dialog).getByRole("button", { name: "Create endpoint" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), "https://erp.example.com/events");
    await user.type(within(dialog).getByLabelText(/Description/), "ERP");
    expect(within(dialog).getByRole("group", { name: "Purchase events" })).toBeTruthy();
    await user.click(within(dialog).getByText("purchase.verified"));
    await user.click(within(dialog).getByText("email.failed"));
    await user.click(create);
    const secret = `whsec_${"A".repeat(32)}`;
    const sent = await answer(environment, "AdminWebhooksPanelCreateMutation", {
      createWebhookEndpoint: success("MutationCreateWebhookEndpointSuccess", {
        secret,
        endpoint: {
          ...ENDPOINT,
          id: "V2ViaG9va0VuZHBvaW50OjM=",
          databaseId: 3,
          url: "https://erp.example.com/events",
          description: "ERP",
          events: ["PURCHASE_VERIFIED", "EMAIL_FAILED"],
          createdAt: "2026-11-27T07:00:00.000Z",
        },
      }),
    });
    expect(sent.request.variables.input).toEqual({
      url: "https://erp.example.com/events",
      description: "ERP",
      events: ["PURCHASE_VERIFIED", "EMAIL_FAILED"],
    });
    const shown = await screen.findByTestId("new-webhook-secret");
    expect(shown.textContent).toContain("it will not be shown again");
    expect((screen.getByLabelText("Signing secret") as HTMLInputElement).value).toBe(secret);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(endpointRows().map((row) => row.textContent?.includes("erp.example.com"))).toEqual([true, false]);
    expect(pendingOperationNames(environment)).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("new-webhook-secret")).toBeNull();
  });

  it("says under the URL why the server refused it, and keeps the form open", async () => {
    const { environment } = await renderPanel([]);
    expect(screen.getByText("No webhook endpoints yet")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook endpoint" });
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), "http://erp.example.com");
    await user.click(within(dialog).getByText("customer.approved"));
    await user.click(within(dialog).getByRole("button", { name: "Create endpoint" }));
    await answer(environment, "AdminWebhooksPanelCreateMutation", {
      createWebhookEndpoint: failure("ValidationError", "The URL must use HTTPS", "input.url"),
    });
    expect(await within(dialog).findByText("The URL must use HTTPS")).toBeTruthy();
    expect(screen.queryByTestId("new-webhook-secret")).toBeNull();
  });

  it("edits an endpoint's events, and disables and enables it in place", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit CRM" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit webhook endpoint" });
    expect((within(dialog).getByLabelText(/Endpoint URL/) as HTMLInputElement).value).toBe(ENDPOINT.url);
    await user.click(within(dialog).getByText("milestone.paid"));
    await user.click(within(dialog).getByText("referral.added"));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    const saved = await answer(environment, "AdminWebhookEndpointRowUpdateMutation", {
      updateWebhookEndpoint: success("MutationUpdateWebhookEndpointSuccess", {
        endpoint: { ...ENDPOINT, events: ["PURCHASE_VERIFIED", "REFERRAL_ADDED"] },
      }),
    });
    expect(saved.request.variables.input).toEqual({
      endpointId: 1,
      url: ENDPOINT.url,
      description: "CRM",
      events: ["PURCHASE_VERIFIED", "REFERRAL_ADDED"],
    });
    await waitFor(() => expect(endpointRows()[0]?.textContent).toContain("referral.added"));
    expect(endpointRows()[0]?.textContent).not.toContain("milestone.paid");

    await user.click(screen.getByRole("button", { name: "Disable CRM" }));
    const disabled = await answer(environment, "AdminWebhookEndpointRowUpdateMutation", {
      updateWebhookEndpoint: success("MutationUpdateWebhookEndpointSuccess", {
        endpoint: { ...ENDPOINT, enabled: false, disabledReason: "Disabled by an administrator" },
      }),
    });
    expect(disabled.request.variables.input).toEqual({ endpointId: 1, enabled: false });
    expect(await within(endpointRows()[0] as HTMLElement).findByText("Disabled")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Enable CRM" }));
    const enabled = await answer(environment, "AdminWebhookEndpointRowUpdateMutation", {
      updateWebhookEndpoint: success("MutationUpdateWebhookEndpointSuccess", { endpoint: ENDPOINT }),
    });
    expect(enabled.request.variables.input).toEqual({ endpointId: 1, enabled: true });
    expect(await within(endpointRows()[0] as HTMLElement).findByText("Enabled")).toBeTruthy();
  });

  it("rotates the secret after a confirmation and shows the new one once", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Rotate secret of CRM" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    await user.click(within(dialog).getByRole("button", { name: "Rotate secret" }));
    const secret = `whsec_${"B".repeat(32)}`;
    await answer(environment, "AdminWebhookEndpointRowRotateMutation", {
      rotateWebhookSecret: success("MutationRotateWebhookSecretSuccess", {
        secret,
        endpoint: { id: ENDPOINT.id, secretRotatedAt: "2026-11-27T07:10:00.000Z" },
      }),
    });
    expect((await screen.findByLabelText("Signing secret")).getAttribute("value")).toBe(secret);
    expect(endpointRows()[0]?.textContent).toContain("Secret rotated 27 Nov 2026");
  });

  it("deletes an endpoint after a confirmation: its row leaves the table", async () => {
    const { environment } = await renderPanel([ENDPOINT, DISABLED]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete CRM" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this endpoint?" });
    expect(dialog.textContent).toContain("cannot be undone");
    await user.click(within(dialog).getByRole("button", { name: "Delete endpoint" }));
    await answer(environment, "AdminWebhookEndpointRowDeleteMutation", {
      deleteWebhookEndpoint: success("MutationDeleteWebhookEndpointSuccess", { endpointId: 1 }),
    });
    await waitFor(() => expect(endpointRows()).toHaveLength(1));
    expect(endpointRows()[0]?.textContent).toContain("old.example.com");
  });

  it("shows an endpoint's delivery log a page at a time, with status, response code, duration and attempts", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const log = await openLog(
      environment,
      [
        delivery(2),
        delivery(1, {
          status: "FAILED",
          attempts: 8,
          responseStatus: 503,
          durationMs: 1200,
          lastError: "HTTP 503",
          deliveredAt: null,
        }),
      ],
      true,
    );
    const rows = within(log).getAllByTestId("webhook-delivery");
    expect(rows[0]?.textContent).toContain("Succeeded");
    expect(rows[0]?.textContent).toContain("200");
    expect(rows[0]?.textContent).toContain("84 ms");
    expect(rows[1]?.textContent).toContain("Failed");
    expect(rows[1]?.textContent).toContain("503");
    expect(rows[1]?.textContent).toContain("HTTP 503");
    expect(within(rows[1] as HTMLElement).getAllByRole("cell")[4]?.textContent).toBe("8");

    await userEvent.setup().click(within(log).getByRole("button", { name: "Older deliveries" }));
    const older = await answer(environment, "AdminWebhookDeliveriesPaginationQuery", {
      node: { ...ENDPOINT, deliveries: connection([delivery(0, { eventType: "milestone.paid" })]) },
    });
    expect(older.request.variables).toMatchObject({ id: ENDPOINT.id, cursor: "cursor-1" });
    await waitFor(() => expect(within(log).getAllByTestId("webhook-delivery")).toHaveLength(3));
    expect(within(log).queryByRole("button", { name: "Older deliveries" })).toBeNull();
  });

  it("sends a test event: it joins the top of the open log and is followed until it succeeds", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const log = await openLog(environment, [delivery(1)]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Send test event to CRM" }));
    const pending = delivery(9, {
      eventType: "webhook.test",
      status: "PENDING",
      attempts: 0,
      responseStatus: null,
      durationMs: null,
      deliveredAt: null,
      createdAt: "2026-11-27T07:00:00.000Z",
    });
    await answer(environment, "AdminWebhookEndpointRowTestMutation", {
      sendTestWebhook: success("MutationSendTestWebhookSuccess", { delivery: pending }),
    });
    await waitFor(() => expect(within(log).getAllByTestId("webhook-delivery")).toHaveLength(2));
    const first = () => within(log).getAllByTestId("webhook-delivery")[0] as HTMLElement;
    expect(first().textContent).toContain("webhook.test");
    expect(first().textContent).toContain("Pending");
    // The log asks after the pending delivery alone, not the whole list.
    const followed = await answer(environment, "AdminWebhookDeliveriesRefreshQuery", {
      nodes: [{ ...pending, status: "SUCCEEDED", attempts: 1, responseStatus: 204, durationMs: 12 }],
    });
    expect(followed.request.variables).toEqual({ ids: [pending.id] });
    await waitFor(() => expect(first().textContent).toContain("Succeeded"));
    expect(first().textContent).toContain("204");
  });

  it("redelivers a failed delivery: the new delivery of the same event joins the top of the log", async () => {
    const { environment } = await renderPanel([ENDPOINT]);
    const failed = delivery(4, { status: "FAILED", attempts: 8, responseStatus: 500 });
    const log = await openLog(environment, [failed]);
    await userEvent.setup().click(within(log).getByRole("button", { name: /^Redeliver purchase.verified/ }));
    const sent = await answer(environment, "AdminWebhookDeliveriesRedeliverMutation", {
      redeliverWebhook: success("MutationRedeliverWebhookSuccess", {
        delivery: delivery(5, {
          eventId: failed.eventId,
          status: "PENDING",
          attempts: 0,
          responseStatus: null,
          durationMs: null,
          deliveredAt: null,
        }),
      }),
    });
    expect(sent.request.variables.input).toEqual({ deliveryId: 4 });
    await waitFor(() => expect(within(log).getAllByTestId("webhook-delivery")).toHaveLength(2));
    const [again, before] = within(log).getAllByTestId("webhook-delivery");
    expect(again?.textContent).toContain("Pending");
    expect(again?.textContent).toContain("msg_4");
    expect(before?.textContent).toContain("Failed");
  });
});
