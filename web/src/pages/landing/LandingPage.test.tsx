// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import LandingPageQuery, {
  type LandingPageQuery as LandingPageQueryType,
} from "../../__generated__/LandingPageQuery.graphql.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { LandingPage } from "./LandingPage.tsx";

afterEach(cleanup);

function renderLanding(settings: {
  demoMode: boolean;
  demoAccounts: { role: string; username: string; password: string }[];
  creditRatePercent?: string;
  creditPerPound?: string;
}) {
  const programme = { creditRatePercent: "11%", creditPerPound: "£0.11", ...settings };
  const environment = createMockEnvironment();
  const queryRef = loadQuery<LandingPageQueryType>(environment, LandingPageQuery, {});
  environment.mock.resolveMostRecentOperation({ data: { programme } });
  return renderWithProviders(<LandingPage queryRef={queryRef} />, { environment });
}

async function openSignIn(buttonName: string) {
  await userEvent.setup().click(screen.getByRole("button", { name: buttonName }));
  return screen.findByRole("dialog", { name: "Sign In" });
}

describe("landing page", () => {
  it("advertises the scheme with the spec's hero and three feature cards", () => {
    renderLanding({ demoMode: false, demoAccounts: [] });
    expect(screen.getByRole("heading", { level: 1, name: "Earn Rewards for Every Referral" })).toBeTruthy();
    for (const title of ["Track Your Progress", "Earn 11% Credits", "Full Refund at 100%"]) {
      expect(screen.getByRole("heading", { level: 3, name: title })).toBeTruthy();
    }
    expect(screen.getByText(/£0\.11 per £1\.00 referrals spend/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Get Started Now" })).toBeTruthy();
  });

  it("shows the credit rate in force, not the one at launch", () => {
    renderLanding({ demoMode: false, demoAccounts: [], creditRatePercent: "12.5%", creditPerPound: "£0.125" });
    expect(screen.getByRole("heading", { level: 3, name: "Earn 12.5% Credits" })).toBeTruthy();
    expect(screen.getByText(/£0\.125 per £1\.00 referrals spend/)).toBeTruthy();
    expect(screen.queryByText(/11%/)).toBeNull();
  });

  it("shows the demo credentials in the Sign In modal on a demo installation", async () => {
    renderLanding({
      demoMode: true,
      demoAccounts: [
        { role: "Administrator", username: "admin", password: "admin123" },
        { role: "Customer", username: "sarah", password: "demo123" },
      ],
    });
    const dialog = await openSignIn("Get Started Now");
    const hint = within(dialog).getByRole("region", { name: "Demo accounts" });
    expect(hint.textContent).toContain("Administrator: admin / admin123");
    expect(hint.textContent).toContain("Customer: sarah / demo123");
    expect(within(dialog).getByLabelText(/Username/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Password/)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Create one here" }).getAttribute("href")).toBe(
      "/auth?tab=create-account",
    );
  });

  it("shows no demo credentials outside demo mode", async () => {
    renderLanding({ demoMode: false, demoAccounts: [] });
    const dialog = await openSignIn("Sign In");
    expect(within(dialog).getByLabelText(/Username/)).toBeTruthy();
    expect(within(dialog).queryByText("Demo accounts")).toBeNull();
    expect(within(dialog).queryByText(/admin123/)).toBeNull();
  });
});
