// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { answer, failure, success } from "../admin/testing/adminTesting.ts";
import { MY_DATA_URL, YourDataCard } from "./YourDataCard.tsx";

afterEach(cleanup);

describe("Your data (Profile)", () => {
  it("downloads the data as a file from the REST path", () => {
    renderWithProviders(<YourDataCard />);
    const link = screen.getByRole("link", { name: "Download my data" });
    expect(link.getAttribute("href")).toBe(MY_DATA_URL);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("says what is erased and kept, asks for the password and shows the server's refusal", async () => {
    const { environment, history } = renderWithProviders(<YourDataCard />, { path: "/home?tab=profile" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete my account" });
    expect(dialog.textContent).toContain("What we erase");
    expect(dialog.textContent).toContain("What we keep");
    const confirm = within(dialog).getByRole("button", { name: "Delete my account for good" });
    await user.click(confirm);
    expect(within(dialog).getByText("Please enter your password.")).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Your password/), "wrong-one");
    await user.click(confirm);
    const refused = await answer(environment, "YourDataCardDeleteMutation", {
      deleteMyAccount: failure("ValidationError", "That password is not correct.", "password"),
    });
    expect(refused.request.variables.input).toEqual({ password: "wrong-one" });
    expect(await within(dialog).findByText("That password is not correct.")).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/Your password/));
    await user.type(within(dialog).getByLabelText(/Your password/), "right-one");
    await user.click(confirm);
    await answer(environment, "YourDataCardDeleteMutation", {
      deleteMyAccount: success("MutationDeleteMyAccountSuccess", { message: "Your account has been deleted." }),
    });
    expect(await screen.findByText("Account deleted")).toBeTruthy();
    await waitFor(() => expect(history.at(-1)).toBe("/auth"));
  });
});
