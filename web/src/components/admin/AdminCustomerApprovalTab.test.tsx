// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { AdminCustomerApprovalTab } from "./AdminCustomerApprovalTab.tsx";
import { TabBoundary } from "./TabBoundary.tsx";
import {
  answer,
  connection,
  failure,
  money,
  pendingOperationNames,
  success,
  waitForLoaded,
} from "./testing/adminTesting.ts";

afterEach(cleanup);

const OLIVER = {
  id: "Q3VzdG9tZXI6NQ==",
  createdAt: "2025-07-27T09:30:00.000Z",
  postcode: "B1 1BB",
  contractNumber: "HNG-2025-0412",
  originalPurchaseAmount: money(650_000),
  user: { id: "VXNlcjo2", username: "oliver", email: "oliver@example.com", firstName: "Oliver", lastName: "Davies" },
};
const NIA = {
  ...OLIVER,
  id: "Q3VzdG9tZXI6Nw==",
  contractNumber: "HNG-2025-0500",
  user: { ...OLIVER.user, id: "VXNlcjo4", username: "nia", firstName: "Nia", lastName: "Okafor" },
};

async function renderTab(customers: (typeof OLIVER)[]) {
  const rendered = renderWithProviders(
    <TabBoundary>
      <AdminCustomerApprovalTab />
    </TabBoundary>,
  );
  await answer(rendered.environment, "AdminCustomerApprovalTabQuery", { pendingCustomers: connection(customers) });
  await waitForLoaded();
  return rendered;
}

describe("Customer Approval tab", () => {
  it("lists registrations waiting for review with their details and the three actions", async () => {
    await renderTab([OLIVER, NIA]);
    const card = screen.getByRole("article", { name: "Oliver Davies" });
    for (const text of ["oliver@example.com", "£6,500.00", "B1 1BB", "HNG-2025-0412", "27 Jul 2025", "Pending review"])
      expect(card.textContent).toContain(text);
    for (const action of ["Approve Customer", "Edit Details", "Reject Application"])
      expect(within(card).getByRole("button", { name: action })).toBeTruthy();
    expect(screen.getAllByTestId("pending-customer")).toHaveLength(2);
  });

  it("says so when nobody is waiting", async () => {
    await renderTab([]);
    expect(screen.getByRole("heading", { name: "No Pending Approvals" })).toBeTruthy();
  });

  it("approves a customer, who leaves the list", async () => {
    const { environment } = await renderTab([OLIVER, NIA]);
    await userEvent.setup().click(
      within(screen.getByRole("article", { name: "Oliver Davies" })).getByRole("button", {
        name: "Approve Customer",
      }),
    );
    const operation = await answer(environment, "AdminPendingCustomerCardApproveMutation", {
      approveCustomer: success("MutationApproveCustomerSuccess", {
        id: OLIVER.id,
        status: "VERIFIED",
        isVerified: true,
      }),
    });
    expect(operation.request.variables.input).toEqual({ customerId: OLIVER.id });
    expect(await screen.findByText("Customer Approved")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Oliver Davies" })).toBeNull());
    expect(screen.getByRole("article", { name: "Nia Okafor" })).toBeTruthy();
  });

  it("shows Approval Failed with the server's message", async () => {
    const { environment } = await renderTab([OLIVER]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Approve Customer" }));
    await answer(environment, "AdminPendingCustomerCardApproveMutation", {
      approveCustomer: failure("ConflictError", "This customer is already verified."),
    });
    expect(await screen.findByText("Approval Failed")).toBeTruthy();
    expect(screen.getByText("This customer is already verified.")).toBeTruthy();
    expect(screen.getByRole("article", { name: "Oliver Davies" })).toBeTruthy();
  });

  it("keeps Confirm Rejection disabled until a reason is given, then shows Rejection Failed on refusal", async () => {
    const { environment } = await renderTab([OLIVER]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Reject Application" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reject Application" });
    expect(dialog.textContent).toContain("oliver@example.com");
    const confirm = within(dialog).getByRole("button", { name: "Confirm Rejection" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), "   ");
    expect(confirm.disabled).toBe(true);
    await user.click(confirm);
    expect(pendingOperationNames(environment)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), "Contract number not found");
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    const operation = await answer(environment, "AdminRejectCustomerDialogMutation", {
      rejectCustomer: failure("ConflictError", "This registration has already been rejected."),
    });
    expect(operation.request.variables.input).toEqual({ customerId: OLIVER.id, reason: "Contract number not found" });
    expect(await screen.findByText("Rejection Failed")).toBeTruthy();
    expect(screen.getByText("This registration has already been rejected.")).toBeTruthy();
  });

  it("rejects with a reason: the customer leaves the list", async () => {
    const { environment } = await renderTab([OLIVER]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Reject Application" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reject Application" });
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), "Contract number not found");
    await user.click(within(dialog).getByRole("button", { name: "Confirm Rejection" }));
    await answer(environment, "AdminRejectCustomerDialogMutation", {
      rejectCustomer: success("MutationRejectCustomerSuccess", {
        id: OLIVER.id,
        status: "REJECTED",
        rejectionReason: "Contract number not found",
      }),
    });
    expect(await screen.findByText("Customer Rejected")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("heading", { name: "No Pending Approvals" })).toBeTruthy());
  });

  it("edits the purchase amount and contract number, and shows the saved values", async () => {
    const { environment } = await renderTab([OLIVER]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Details" });
    const amount = within(dialog).getByLabelText(/Purchase Amount/) as HTMLInputElement;
    expect(amount.value).toBe("6500.00");
    await user.clear(amount);
    await user.type(amount, "6750.5");
    const contract = within(dialog).getByLabelText(/Contract Number/);
    await user.clear(contract);
    await user.type(contract, "HNG-2025-0413");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    const operation = await answer(environment, "AdminEditCustomerDialogMutation", {
      updateCustomer: success("MutationUpdateCustomerSuccess", {
        id: OLIVER.id,
        contractNumber: "HNG-2025-0413",
        originalPurchaseAmount: money(675_050),
      }),
    });
    expect(operation.request.variables.input).toEqual({
      customerId: OLIVER.id,
      originalPurchaseAmount: "6750.50",
      contractNumber: "HNG-2025-0413",
    });
    expect(await screen.findByText("Customer Updated")).toBeTruthy();
    const card = screen.getByRole("article", { name: "Oliver Davies" });
    await waitFor(() => expect(card.textContent).toContain("£6,750.50"));
    expect(card.textContent).toContain("HNG-2025-0413");
  });

  it("shows Update Failed with the server's message", async () => {
    const { environment } = await renderTab([OLIVER]);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit Details" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Details" });
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await answer(environment, "AdminEditCustomerDialogMutation", {
      updateCustomer: failure("ConflictError", "Details can only be edited while the registration is pending review."),
    });
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(screen.getByText("Details can only be edited while the registration is pending review.")).toBeTruthy();
  });
});
