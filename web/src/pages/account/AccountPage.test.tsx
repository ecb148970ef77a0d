// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { answer } from "../../components/admin/testing/adminTesting.ts";
import { AppRoutes } from "../../routes/AppRoutes.tsx";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const CUSTOMER = {
  id: "VXNlcjo3",
  databaseId: 7,
  username: "priya",
  firstName: "Priya",
  lastName: "Shah",
  email: "priya@example.com",
  emailConfirmed: true,
  isAdmin: false,
  mustEnrolSecondFactor: false,
};

async function renderAccount(viewer: typeof CUSTOMER = CUSTOMER) {
  const rendered = renderWithProviders(<AppRoutes />, { path: "/account" });
  await answer(rendered.environment, "viewerSessionQuery", { viewer });
  await answer(rendered.environment, "AccountPageQuery", { viewer });
  await screen.findByRole("heading", { level: 1, name: "Account settings" });
  return rendered;
}

function pendingNames(environment: ReturnType<typeof renderWithProviders>["environment"]): string[] {
  return environment.mock.getAllOperations().map((operation) => operation.request.node.params.name);
}

async function expectNotice(title: string, message?: string) {
  await waitFor(() => {
    const notices = screen.getAllByTestId("notice").map((notice) => notice.textContent ?? "");
    expect(notices.some((text) => text.includes(title) && (!message || text.includes(message)))).toBe(true);
  });
}

describe("Account settings (/account)", () => {
  it("shows a customer their name, password and email sections in the customer layout, without admin code", async () => {
    const { environment } = await renderAccount();
    expect(screen.getByText("Signed in as priya")).toBeTruthy();
    for (const name of ["Your name", "Password", "Email address"])
      expect(screen.getByRole("region", { name })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Two-step verification" })).toBeNull();
    expect(pendingNames(environment)).not.toContain("SecondFactorSectionQuery");
    expect(screen.getByRole("link", { name: "Back to Profile" }).getAttribute("href")).toBe("/home?tab=profile");
    expect(screen.getByRole("link", { name: "Account settings" }).getAttribute("href")).toBe("/account");
    expect(screen.getByTestId("current-email").textContent).toBe("priya@example.com");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Priya");
  });

  it("checks the new password before sending, then changes it with the current one", async () => {
    const { environment } = await renderAccount();
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Change password" });
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(within(form).getByText("Enter your current password")).toBeTruthy();
    await user.type(within(form).getByLabelText(/Current password/), "old-secret-1");
    await user.type(within(form).getByLabelText(/^New password/), "short");
    await user.type(within(form).getByLabelText(/Confirm new password/), "short");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(within(form).getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(pendingNames(environment)).not.toContain("PasswordSectionMutation");

    await user.clear(within(form).getByLabelText(/^New password/));
    await user.type(within(form).getByLabelText(/^New password/), "new-secret-22");
    await user.clear(within(form).getByLabelText(/Confirm new password/));
    await user.type(within(form).getByLabelText(/Confirm new password/), "new-secret-2");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(within(form).getByText("The two passwords do not match")).toBeTruthy();
    await user.type(within(form).getByLabelText(/Confirm new password/), "2");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    const sent = await answer(environment, "PasswordSectionMutation", {
      changePassword: {
        __typename: "ValidationError",
        __isError: "ValidationError",
        field: "currentPassword",
        message: "Your current password is not correct.",
      },
    });
    expect(sent.request.variables.input).toEqual({ currentPassword: "old-secret-1", newPassword: "new-secret-22" });
    await expectNotice("Password not changed", "Your current password is not correct.");
    expect(within(form).getByText("Your current password is not correct.")).toBeTruthy();

    await user.click(within(form).getByRole("button", { name: "Change password" }));
    await answer(environment, "PasswordSectionMutation", {
      changePassword: { __typename: "MutationChangePasswordSuccess", data: { id: CUSTOMER.id } },
    });
    await expectNotice("Password changed", "Every other device was signed out");
    expect((within(form).getByLabelText(/Current password/) as HTMLInputElement).value).toBe("");
  });

  it("saves the name, showing the server's refusal under its field", async () => {
    const { environment } = await renderAccount();
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Your name" });
    await user.clear(within(form).getByLabelText("First name"));
    await user.type(within(form).getByLabelText("First name"), "Priyanka");
    await user.click(within(form).getByRole("button", { name: "Save name" }));
    const sent = await answer(environment, "NameSectionMutation", {
      updateName: {
        __typename: "MutationUpdateNameSuccess",
        data: { id: CUSTOMER.id, firstName: "Priyanka", lastName: "Shah" },
      },
    });
    expect(sent.request.variables.input).toEqual({ firstName: "Priyanka", lastName: "Shah" });
    await expectNotice("Name saved");

    await user.click(within(form).getByRole("button", { name: "Save name" }));
    await answer(environment, "NameSectionMutation", {
      updateName: {
        __typename: "ValidationError",
        __isError: "ValidationError",
        field: "lastName",
        message: "Last name contains characters that are not allowed",
      },
    });
    expect(await within(form).findByText("Last name contains characters that are not allowed")).toBeTruthy();
  });

  it("asks for a new address and the password, then says where the link went", async () => {
    const { environment } = await renderAccount();
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Change email address" });
    await user.type(within(form).getByLabelText(/New email address/), "not-an-address");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    expect(within(form).getByText("Please enter a valid email address")).toBeTruthy();
    expect(within(form).getByText("Enter your current password")).toBeTruthy();
    await user.clear(within(form).getByLabelText(/New email address/));
    await user.type(within(form).getByLabelText(/New email address/), "priya@new.example.org");
    await user.type(within(form).getByLabelText(/Current password/), "old-secret-1");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    const message = "We have sent a confirmation link to priya@new.example.org.";
    const sent = await answer(environment, "EmailSectionMutation", {
      requestEmailChange: { __typename: "MutationRequestEmailChangeSuccess", data: { message } },
    });
    expect(sent.request.variables.input).toEqual({
      newEmail: "priya@new.example.org",
      currentPassword: "old-secret-1",
    });
    expect((await screen.findByTestId("email-change-sent")).textContent).toContain(message);
    // The account keeps its address until the link is opened.
    expect(screen.getByTestId("current-email").textContent).toBe("priya@example.com");
  });

  it("gives an administrator the second-factor section too, and the way back to the admin panel", async () => {
    const admin = { ...CUSTOMER, username: "alex", isAdmin: true };
    const { environment } = await renderAccount(admin);
    await answer(environment, "SecondFactorSectionQuery", {
      viewer: admin,
      secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, mustEnrol: false },
    });
    expect(await screen.findByRole("region", { name: "Two-step verification" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Admin" }).getAttribute("href")).toBe("/admin");
  });

  it("asks an administrator for their password before setting up two-step verification, and sends it with the code", async () => {
    const admin = { ...CUSTOMER, username: "alex", isAdmin: true };
    const { environment } = await renderAccount(admin);
    await answer(environment, "SecondFactorSectionQuery", {
      viewer: admin,
      secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, mustEnrol: false },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Set up two-step verification" });
    await user.click(within(form).getByRole("button", { name: "Set up two-step verification" }));
    expect(within(form).getByText("Enter your current password")).toBeTruthy();
    expect(pendingNames(environment)).not.toContain("SecondFactorSectionStartMutation");

    await user.type(within(form).getByLabelText(/Current password/), "a-wrong-one");
    await user.click(within(form).getByRole("button", { name: "Set up two-step verification" }));
    const refused = await answer(environment, "SecondFactorSectionStartMutation", {
      startSecondFactorEnrolment: {
        __typename: "ValidationError",
        __isError: "ValidationError",
        field: "currentPassword",
        message: "Your current password is not correct.",
      },
    });
    expect(refused.request.variables.input).toEqual({ currentPassword: "a-wrong-one" });
    await expectNotice("Could not start the set-up", "Your current password is not correct.");
    expect(within(form).getByText("Your current password is not correct.")).toBeTruthy();

    await user.clear(within(form).getByLabelText(/Current password/));
    await user.type(within(form).getByLabelText(/Current password/), "the-right-one");
    await user.click(within(form).getByRole("button", { name: "Set up two-step verification" }));
    await answer(environment, "SecondFactorSectionStartMutation", {
      startSecondFactorEnrolment: {
        __typename: "MutationStartSecondFactorEnrolmentSuccess",
        data: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEH", qrCodeDataUrl: "data:image/svg+xml;base64,PHN2Zy8+" },
      },
    });
    await user.type(await screen.findByLabelText(/Enter the 6-digit code/), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on two-step verification" }));
    const confirm = await answer(environment, "SecondFactorSectionConfirmMutation", {
      confirmSecondFactorEnrolment: {
        __typename: "MutationConfirmSecondFactorEnrolmentSuccess",
        data: { recoveryCodes: ["abcde-fghij"] },
      },
    });
    expect(confirm.request.variables.input).toEqual({ code: "123456", currentPassword: "the-right-one" });
  });
});
