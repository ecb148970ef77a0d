// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminPurchasedReferralsTab } from "./AdminPurchasedReferralsTab.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import {
  answer,
  captureDownloads,
  connection,
  failure,
  money,
  success,
  waitForLoaded,
} from "./testing/adminTesting.ts";

let restoreDownloads = () => {};
afterEach(() => {
  cleanup();
  restoreDownloads();
});

function purchase(id: number, name: string, amountPence: number) {
  return {
    id: `UmVmZXJyYWxQdXJjaGFzZTo${id}`,
    referralDatabaseId: id,
    customerDatabaseId: 1,
    customerName: "Sarah Johnson",
    verifiedAt: "2025-07-01T10:00:00.000Z",
    notes: id === 1 ? "Receipt 4471" : null,
    creditRatePercent: "11%",
    amount: money(amountPence),
    creditEarned: money(Math.round(amountPence * 0.11)),
    referral: {
      id: `UmVmZXJyYWw6${id}`,
      name,
      phone: `+44770090010${id}`,
      phoneDisplay: `07700 90010${id}`,
      email: id === 1 ? "tom.baker@example.com" : null,
      address: null,
      statusDisplay: "Purchased",
      createdAt: "2025-06-20T10:00:00.000Z",
    },
  };
}

const TOM = purchase(1, "Tom Baker", 1_500_000);
const PRIYA = purchase(2, "Priya Shah", 1_200_000);

async function renderTab(purchases: ReturnType<typeof purchase>[]) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminPurchasedReferralsTab />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminPurchasedReferralsTabQuery", {
    purchasedReferrals: connection(purchases, { totalCount: purchases.length }),
  });
  await waitForLoaded();
  return rendered;
}

async function askToCancel(name: string, reason: string) {
  const user = userEvent.setup();
  const row = screen
    .getAllByTestId("purchased-referral")
    .find((candidate) => candidate.textContent?.includes(name)) as HTMLElement;
  const button = within(row).getByRole("button", { name: "Cancel Purchase" }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await user.type(within(row).getByLabelText(`Cancellation reason for ${name}`), reason);
  expect(button.disabled).toBe(false);
  await user.click(button);
  const dialog = await screen.findByRole("alertdialog", { name: "Cancel Purchase" });
  return { user, dialog };
}

describe("Purchased Referrals tab", () => {
  it("lists each verified purchase with its details", async () => {
    await renderTab([TOM, PRIYA]);
    expect(screen.getByText("2 verified purchases, newest first")).toBeTruthy();
    const [tom] = screen.getAllByTestId("purchased-referral") as [HTMLElement];
    for (const text of [
      "Tom Baker",
      "07700 900101",
      "tom.baker@example.com",
      "Sarah Johnson",
      "£15,000.00",
      "£1,650.00",
      "at 11%",
      "1 Jul 2025",
      "Receipt 4471",
    ]) {
      expect(tom.textContent).toContain(text);
    }
  });

  it("says when there are none, and that there is no data to export", async () => {
    const { environment } = await renderTab([]);
    expect(screen.getByRole("heading", { name: "No Purchased Referrals" })).toBeTruthy();
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    await userEvent.setup().click(screen.getByRole("button", { name: "Export CSV" }));
    await answer(environment, "adminExportsPurchasedReferralsQuery", { purchasedReferrals: connection([]) });
    expect(await screen.findByText("No data to export")).toBeTruthy();
    expect(downloads.files).toEqual([]);
  });

  it("cancels a purchase with a reason after a dialog that says what will happen; the row leaves the list", async () => {
    const { environment } = await renderTab([TOM, PRIYA]);
    const { user, dialog } = await askToCancel("Tom Baker", "Goods returned");
    expect(dialog.textContent).toContain(
      "The £15,000.00 purchase by Tom Baker will be cancelled and £1,650.00 of credit taken back from Sarah Johnson's account.",
    );
    expect(dialog.textContent).toContain("Reason: Goods returned");
    // The category is what the customer is told, on their friend's row and in their feed.
    await user.selectOptions(within(dialog).getByLabelText("What the customer is told"), "GOODS_RETURNED");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Purchase" }));
    const operation = await answer(environment, "AdminPurchasedReferralRowMutation", {
      cancelReferralPurchase: success("MutationCancelReferralPurchaseSuccess", {
        purchase: { id: TOM.id, isCancelled: true, cancellationReason: "Goods returned" },
        referral: { id: TOM.referral.id, status: "PENDING" },
        overpaid: money(0),
      }),
    });
    expect(operation.request.variables.input).toEqual({
      referralId: TOM.referral.id,
      reason: "Goods returned",
      category: "GOODS_RETURNED",
    });
    expect(await screen.findByText("Referral Cancelled")).toBeTruthy();
    expect(screen.getByText("Purchase has been cancelled and credits reverted.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("purchased-referral")).toHaveLength(1));
    expect(screen.getByText("1 verified purchase, newest first")).toBeTruthy();
  });

  it("shows Cancellation Failed with the server's message", async () => {
    const { environment } = await renderTab([TOM]);
    const { user, dialog } = await askToCancel("Tom Baker", "Goods returned");
    await user.click(within(dialog).getByRole("button", { name: "Cancel Purchase" }));
    await answer(environment, "AdminPurchasedReferralRowMutation", {
      cancelReferralPurchase: failure("ConflictError", "This purchase has already been cancelled."),
    });
    expect(await screen.findByText("Cancellation Failed")).toBeTruthy();
    expect(screen.getByText("This purchase has already been cancelled.")).toBeTruthy();
    expect(screen.getAllByTestId("purchased-referral")).toHaveLength(1);
  });

  it("exports the purchased referrals to a dated CSV", async () => {
    const { environment } = await renderTab([TOM]);
    const downloads = captureDownloads();
    restoreDownloads = downloads.restore;
    await userEvent.setup().click(screen.getByRole("button", { name: "Export CSV" }));
    await answer(environment, "adminExportsPurchasedReferralsQuery", { purchasedReferrals: connection([TOM, PRIYA]) });
    expect(await screen.findByText("Exported 2 purchased referrals to CSV file.")).toBeTruthy();
    const file = downloads.files[0]!;
    expect(file.name).toMatch(/^purchased-referrals-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await file.blob.text()).split("\r\n");
    expect(lines[0]).toBe(
      "id,name,phone,email,address,customerId,customerName,status,createdAt,purchaseDate,purchaseAmount,creditEarned,creditRate,notes",
    );
    // A phone number starting with + would be read as a formula: it gets the apostrophe.
    expect(lines[1]).toBe(
      "1,Tom Baker,'+447700900101,tom.baker@example.com,,1,Sarah Johnson,Purchased,2025-06-20T10:00:00.000Z,2025-07-01T10:00:00.000Z,15000.00,1650.00,11%,Receipt 4471",
    );
  });
});
