// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import HomeDashboardQuery, {
  type HomeDashboardQuery as HomeDashboardQueryType,
} from "../../__generated__/HomeDashboardQuery.graphql.ts";
import { DASHBOARD_VARIABLES } from "../../pages/home/dashboardVariables.ts";
import { HomeDashboard } from "../../pages/home/HomeDashboard.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { answer, success } from "../admin/testing/adminTesting.ts";
import { ShareLinkCard, type ShareLinkView } from "./SharePanel.tsx";
import { SHARE_SUBJECT, shareTargets } from "./shareLinks.ts";
import { type CustomerScenario, customerResolvers } from "./testing/customerMocks.ts";

const LINK: ShareLinkView = {
  url: "https://refer.example.com/r/K7PQ2XMA",
  paused: false,
  opens: 1234,
  signUps: 3,
  shareMessage: "Sarah thinks you'd like a quote from us: add your details here https://refer.example.com/r/K7PQ2XMA",
};
const CUSTOMER_ID = "Q3VzdG9tZXI6MQ==";

afterEach(async () => {
  cleanup();
  Reflect.deleteProperty(navigator, "share");
  // useRouteQuery-style releases happen a tick after unmount: the next test must not reuse them.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/** The dashboard of a verified customer at `path`, its query answered for `scenario`. */
async function renderDashboard(scenario: Partial<CustomerScenario>, path = "/home") {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<HomeDashboardQueryType>(environment, HomeDashboardQuery, DASHBOARD_VARIABLES);
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, customerResolvers({ status: "VERIFIED", ...scenario })),
  );
  const rendered = renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <HomeDashboard queryRef={queryRef} />
    </Suspense>,
    { path, environment },
  );
  await screen.findByRole("navigation", { name: "Main" });
  return rendered;
}

describe("the share panel", () => {
  it("copies the link to the clipboard and says Copied, to screen readers too", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={LINK} />);
    expect((screen.getByLabelText("Your link") as HTMLInputElement).value).toBe(LINK.url);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(LINK.url);
    expect(screen.getByRole("status").textContent).toBe("Your link is copied to the clipboard.");
  });

  it("offers the phone's share sheet only where the browser has one, with the prefilled message", async () => {
    const first = renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={LINK} />);
    expect(screen.queryByRole("button", { name: /Share…/ })).toBeNull();
    first.unmount();

    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={LINK} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Share…" }));
    expect(share).toHaveBeenCalledWith({ title: SHARE_SUBJECT, text: LINK.shareMessage });
    // Closing the sheet is no failure: nothing is said.
    share.mockRejectedValueOnce(new DOMException("Share canceled", "AbortError"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Share…" }));
    expect(screen.queryByText("Could not open sharing")).toBeNull();
  });

  it("sends the prefilled message by WhatsApp, SMS and email", () => {
    renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={LINK} />);
    const encoded = encodeURIComponent(LINK.shareMessage);
    expect(screen.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toBe(`https://wa.me/?text=${encoded}`);
    expect(screen.getByRole("link", { name: "SMS" }).getAttribute("href")).toBe(`sms:?&body=${encoded}`);
    const email = new URL(screen.getByRole("link", { name: "Email" }).getAttribute("href") ?? "");
    expect(email.protocol).toBe("mailto:");
    expect(email.searchParams.get("body")).toBe(LINK.shareMessage);
    expect(email.searchParams.get("subject")).toBe(SHARE_SUBJECT);
    expect(shareTargets(LINK.shareMessage).map((target) => target.label)).toEqual(["WhatsApp", "SMS", "Email"]);
  });

  it("shows the customer's own opens and sign-ups, and that an administrator paused the link", () => {
    renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={{ ...LINK, paused: true }} />);
    expect(screen.getByTestId("share-link-figures").textContent).toBe("Link opens1,234Sign-ups3");
    expect(screen.getByTestId("share-link-paused").textContent).toContain("Your link is paused");
  });

  it("loads the QR code only when asked, as an SVG of the link", async () => {
    renderWithProviders(<ShareLinkCard customerId={CUSTOMER_ID} link={LINK} />);
    expect(screen.queryByTestId("share-qr-code")).toBeNull();
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Show QR code" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    const code = await screen.findByRole("img", { name: `QR code for ${LINK.url}` });
    const svg = code.querySelector("svg");
    expect(svg?.getAttribute("viewBox")).toMatch(/^0 0 \d+ \d+$/);
    expect(svg?.querySelectorAll("path").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Hide QR code" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("is on Home and on the Referrals tab, where a friend who added themselves says so on their row", async () => {
    await renderDashboard({ shareLink: { code: "HOME2345", opens: 7, signUps: 1 } });
    const home = within(screen.getByTestId("share-panel"));
    expect((home.getByLabelText("Your link") as HTMLInputElement).value).toBe("https://refer.example.com/r/HOME2345");
    cleanup();

    await renderDashboard(
      {
        shareLink: { code: "HOME2345" },
        referrals: [
          { name: "Grace Lee", channel: "SHARE_LINK" },
          { name: "Tom Baker", channel: "TYPED" },
        ],
      },
      "/home?tab=referrals",
    );
    expect(screen.getByTestId("share-panel")).toBeTruthy();
    const rows = screen.getAllByRole("listitem").filter((item) => item.querySelector('[data-testid="referral-name"]'));
    expect(rows.map((row) => row.querySelector('[data-testid="referral-channel"]')?.textContent ?? null)).toEqual([
      "Added through your link",
      null,
    ]);
  });

  it("shows no panel while the customer has no link", async () => {
    await renderDashboard({ shareLink: null });
    expect(screen.queryByTestId("share-panel")).toBeNull();
  });

  it("makes a new link only after saying the old one stops working, and shows the new one at once", async () => {
    const { environment } = await renderDashboard({ shareLink: { code: "OLD23456" } });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Make a new link?" });
    expect(dialog.textContent).toContain("Your current link will stop working");

    await user.click(within(dialog).getByRole("button", { name: "Keep my link" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(environment.mock.getAllOperations()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    const again = await screen.findByRole("alertdialog", { name: "Make a new link?" });
    await user.click(within(again).getByRole("button", { name: "Make a new link" }));
    const url = "https://refer.example.com/r/NEW98765";
    await answer(environment, "SharePanelExtrasRenewMutation", {
      renewShareLink: success("MutationRenewShareLinkSuccess", {
        shareLink: { id: "share-link-NEW98765", url, paused: false, opens: 0, signUps: 0, shareMessage: `Hi ${url}` },
      }),
    });
    expect(await screen.findByText("New link ready")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Your link") as HTMLInputElement).value).toBe(url));
    expect(screen.getByTestId("share-link-figures").textContent).toBe("Link opens0Sign-ups0");
  });
});
