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
  role: "CUSTOMER",
  mustEnrolSecondFactor: false,
};

async function renderAccount(viewer: typeof CUSTOMER = CUSTOMER) {
  const rendered = renderWithProviders(<AppRoutes />, { path: "/account" });
  await answer(rendered.environment, "viewerSessionQuery", { viewer });
  await answer(rendered.environment, "AccountPageQuery", { viewer });
  await screen.findByRole("heading", { level: 1, name: "Account settings" });
  return rendered;
}

/** Presses the row whose visible text starts with `title` and answers its sheet (a dialog named by the title). */
async function openSheet(title: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: new RegExp(`^${title} `) }));
  return screen.findByRole("dialog", { name: title });
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
  it("is a short list of rows (name, email, password, your data), each opening a sheet with its one form and one Current password", async () => {
    const { environment } = await renderAccount();
    expect(screen.getByText("Signed in as priya")).toBeTruthy();
    const rows = within(screen.getByTestId("account-rows")).getAllByRole("button");
    // Each row is named by what it shows: the title, then what is set now.
    expect(rows.map((row) => row.textContent)).toEqual([
      "Name Priya Shah",
      "Email priya@example.com ",
      "Password Change your password",
      "Your data Download it, or delete your account",
    ]);
    // No form is on the page until its row is pressed.
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    expect(pendingNames(environment)).not.toContain("SecondFactorSectionQuery");
    expect(screen.getByRole("link", { name: "Back to Profile" }).getAttribute("href")).toBe("/home?tab=profile");
    expect(screen.getByRole("link", { name: "Account settings" }).getAttribute("href")).toBe("/account");
    expect(screen.getByTestId("current-email").textContent).toBe("priya@example.com");

    for (const [title, form, passwords] of [
      ["Name", "Your name", 0],
      ["Email", "Change email address", 1],
      ["Password", "Change password", 1],
    ] as const) {
      const sheet = await openSheet(title);
      expect(within(sheet).getByRole("form", { name: form })).toBeTruthy();
      expect(within(sheet).queryAllByLabelText(/Current password/)).toHaveLength(passwords);
      expect(screen.getAllByRole("form")).toHaveLength(1);
      await userEvent.setup().click(within(sheet).getByRole("button", { name: "Close" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    const data = await openSheet("Your data");
    expect(within(data).getByRole("link", { name: "Download my data" }).getAttribute("href")).toBe("/api/me/data");
    expect(within(data).getByRole("button", { name: "Delete my account" })).toBeTruthy();
  });

  it("checks the new password before sending, then changes it with the current one", async () => {
    const { environment } = await renderAccount();
    const user = userEvent.setup();
    const form = within(await openSheet("Password")).getByRole("form", { name: "Change password" });
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
    // The sheet closes, and with it what was typed.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
  });

  it("saves the name, showing the server's refusal under its field", async () => {
    const { environment } = await renderAccount();
    const user = userEvent.setup();
    let form = within(await openSheet("Name")).getByRole("form", { name: "Your name" });
    expect((within(form).getByLabelText("First name") as HTMLInputElement).value).toBe("Priya");
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
    // The sheet closes; the row shows the new name.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /^Name/ }).textContent).toBe("Name Priyanka Shah");

    form = within(await openSheet("Name")).getByRole("form", { name: "Your name" });
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
    const form = within(await openSheet("Email")).getByRole("form", { name: "Change email address" });
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
    const admin = { ...CUSTOMER, username: "alex", role: "ADMIN" };
    const { environment } = await renderAccount(admin);
    await answer(environment, "SecondFactorSectionQuery", {
      viewer: admin,
      secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, mustEnrol: false },
    });
    expect((await screen.findByRole("button", { name: /^Two-step verification/ })).textContent).toBe(
      "Two-step verification Off",
    );
    expect(screen.getByRole("button", { name: /^Password/ })).toBeTruthy();
    // An administrator's account cannot be deleted here: no Your data row.
    expect(screen.queryByRole("button", { name: /^Your data/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Admin" }).getAttribute("href")).toBe("/admin");
  });

  it("asks an administrator for their password before setting up two-step verification, and sends it with the code", async () => {
    const admin = { ...CUSTOMER, username: "alex", role: "ADMIN" };
    const { environment } = await renderAccount(admin);
    await answer(environment, "SecondFactorSectionQuery", {
      viewer: admin,
      secondFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false, mustEnrol: false },
    });
    const user = userEvent.setup();
    await screen.findByRole("button", { name: /^Two-step verification/ });
    const form = within(await openSheet("Two-step verification")).getByRole("form", {
      name: "Set up two-step verification",
    });
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
