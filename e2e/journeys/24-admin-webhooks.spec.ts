// Journey 24: the administrator adds a webhook endpoint pointing at a real receiver (started here on
// loopback: the journeys' server runs with WEBHOOKS_ALLOW_LOOPBACK=1), keeps the secret shown once,
// sends a test event, and sees the receiver verify its signature and the delivery log show it
// delivered; then deletes the endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { uniqueTag } from "../support/api.ts";
import { dismissNotices, expect, test } from "../support/pages.ts";

interface Received {
  webhookId: string;
  type: string | null;
  verified: boolean;
}

/** An integrator's receiver: checks each delivery with the Standard Webhooks library and the secret it was given. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { secret: "" };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const webhookId = String(request.headers["webhook-id"] ?? "");
      try {
        const event = new Webhook(state.secret).verify(body, request.headers as Record<string, string>) as {
          type: string;
        };
        received.push({ webhookId, type: event.type, verified: true });
        response.writeHead(200).end();
      } catch {
        received.push({ webhookId, type: null, verified: false });
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("the administrator adds a webhook endpoint, sends a test event and sees it delivered with a valid signature", async ({
  adminPage: page,
}) => {
  const receiver = await startReceiver();
  try {
    const description = `Ledger ${uniqueTag()}`;
    await page.goto("/admin/reports?tab=webhooks");
    await expect(page.getByRole("tab", { name: "Webhooks", selected: true })).toBeVisible();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "New webhook endpoint" });
    await form.getByLabel("Endpoint URL").fill(`${receiver.url}/hooks`);
    await form.getByLabel("Description (optional)").fill(description);
    await form.getByRole("group", { name: "Milestone events" }).getByText("milestone.paid").click();
    await expectNoSeriousA11yViolations(page, "j24-01-new-endpoint-form", { modal: true });
    await form.getByRole("button", { name: "Create endpoint" }).click();

    // The signing secret, shown this once: the receiver is given it, as an integrator would copy it.
    const secretField = page.getByLabel("Signing secret");
    await expect(secretField).toHaveValue(/^whsec_/);
    receiver.state.secret = await secretField.inputValue();
    await page.getByTestId("new-webhook-secret").getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);

    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: description });
    await expect(endpoint).toContainText("milestone.paid");
    await expect(endpoint).toContainText("Enabled");
    await endpoint.getByRole("button", { name: `Send test event to ${description}` }).click();

    // The receiver got it, signed with that secret; the log follows the delivery until it succeeds.
    await expect
      .poll(() => receiver.received.filter((event) => event.type === "webhook.test" || !event.verified))
      .toEqual([{ webhookId: expect.stringMatching(/^msg_/), type: "webhook.test", verified: true }]);
    const log = page.getByTestId("webhook-deliveries");
    await expect(log.getByRole("heading", { name: `Deliveries to ${receiver.url}/hooks` })).toBeVisible();
    const delivery = log.getByTestId("webhook-delivery").filter({ hasText: "webhook.test" });
    await expect(delivery).toContainText("Succeeded");
    await expect(delivery).toContainText(receiver.received[0]?.webhookId ?? "?");
    await expect(delivery.getByTestId("webhook-delivery-response")).toHaveText("200");
    await dismissNotices(page);
    await expectNoSeriousA11yViolations(page, "j24-02-delivery-log");

    await endpoint.getByRole("button", { name: `Delete ${description}` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click();
    await expect(endpoint).toHaveCount(0);
    await expect(log).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
