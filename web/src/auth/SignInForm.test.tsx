// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/renderWithProviders.tsx";
import { SignInForm } from "./SignInForm.tsx";

afterEach(cleanup);

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText(/Username/), username);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("sign-in form", () => {
  it("refuses a username no account can have with the server's message, sending nothing", async () => {
    const { environment } = renderWithProviders(<SignInForm />, { path: "/auth" });
    await fillAndSubmit("sarah smith", "a-password");
    expect(await screen.findByText("Username may contain only letters, numbers and . _ @ -")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("shows the server's message under 'Login failed' when sign-in is refused", async () => {
    const { environment, history } = renderWithProviders(<SignInForm />, { path: "/auth" });
    await fillAndSubmit("sarah", "wrong-password");

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { username: "sarah", password: "wrong-password" } });
    environment.mock.resolve(operation, {
      data: {
        signIn: {
          __typename: "NotAuthenticatedError",
          __isError: "NotAuthenticatedError",
          message: "Invalid username or password",
        },
      },
    });

    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getByText("Invalid username or password")).toBeTruthy();
    expect(history).toEqual(["/auth"]);
  });

  it("asks for the verification code when the account has a second factor, then sends it with the password", async () => {
    const { environment, history } = renderWithProviders(<SignInForm />, { path: "/auth" });
    await fillAndSubmit("nadia", "correct-horse-1");
    environment.mock.resolveMostRecentOperation({
      data: {
        signIn: {
          __typename: "SecondFactorRequiredError",
          __isError: "SecondFactorRequiredError",
          message: "A verification code is needed.",
        },
      },
    });
    const codeField = await screen.findByLabelText(/Verification code/);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Enter the code from your authenticator app")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.type(codeField, "123456");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({
      input: { username: "nadia", password: "correct-horse-1", code: "123456" },
    });
    environment.mock.resolve(operation, {
      data: {
        signIn: {
          __typename: "NotAuthenticatedError",
          __isError: "NotAuthenticatedError",
          message: "Invalid verification code",
        },
      },
    });
    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getAllByText("Invalid verification code").length).toBeGreaterThan(0);
    expect(history).toEqual(["/auth"]);
  });

  it("sends nothing while a field is empty", async () => {
    const { environment } = renderWithProviders(<SignInForm />, { path: "/auth" });
    await fillAndSubmit("sarah", "");
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(screen.getByText("Enter your password")).toBeTruthy();
  });

  it("welcomes the user back and moves to /home about a second later", async () => {
    const { environment, history } = renderWithProviders(<SignInForm />, { path: "/" });
    await fillAndSubmit("sarah", "demo123");
    environment.mock.resolveMostRecentOperation({
      data: {
        signIn: {
          __typename: "MutationSignInSuccess",
          data: {
            id: "VXNlcjoy",
            databaseId: 2,
            username: "sarah",
            firstName: "Sarah",
            lastName: "Jones",
            role: "CUSTOMER",
            mustEnrolSecondFactor: false,
          },
        },
      },
    });

    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    expect(screen.getByText("You have successfully signed in.")).toBeTruthy();
    expect(history).toEqual(["/"]);
    await waitFor(() => expect(history).toEqual(["/", "/home"]), { timeout: 2500 });

    const viewer = environment.getStore().getSource().get("client:root")?.viewer as { __ref: string } | undefined;
    expect(viewer?.__ref).toBe("VXNlcjoy");
  });

  it("moves a member of staff to /staff, their own page", async () => {
    const { environment, history } = renderWithProviders(<SignInForm />, { path: "/auth" });
    await fillAndSubmit("sam@example.com", "demo123");
    environment.mock.resolveMostRecentOperation({
      data: {
        signIn: {
          __typename: "MutationSignInSuccess",
          data: {
            id: "VXNlcjo3",
            databaseId: 7,
            username: "sam@example.com",
            firstName: "Sam",
            lastName: "Kay",
            role: "STAFF",
            mustEnrolSecondFactor: false,
          },
        },
      },
    });
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    await waitFor(() => expect(history.at(-1)).toBe("/staff"), { timeout: 2500 });
  });
});
