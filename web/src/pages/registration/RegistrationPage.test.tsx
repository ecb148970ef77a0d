// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { loadQuery } from "react-relay/hooks";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { afterEach, describe, expect, it } from "vitest";
import RegistrationPageQuery, {
  type RegistrationPageQuery as RegistrationPageQueryType,
} from "../../__generated__/RegistrationPageQuery.graphql.ts";
import {
  type CustomerScenario,
  customerResolvers,
  typeResolvers,
} from "../../components/customer/testing/customerMocks.ts";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { RegistrationPage } from "./RegistrationPage.tsx";

afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

function renderRegistration(
  scenario: CustomerScenario | null,
  rate = { creditRatePercent: "11%", creditRateBasisPoints: 1100 },
) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<RegistrationPageQueryType>(environment, RegistrationPageQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      ...(scenario ? customerResolvers(scenario) : typeResolvers([["User", () => ({ customer: null })]])),
      ...typeResolvers([["Programme", () => rate]]),
    }),
  );
  return renderWithProviders(
    <Suspense fallback={<p>Loading page</p>}>
      <RegistrationPage queryRef={queryRef} />
    </Suspense>,
    { path: "/registration", environment },
  );
}

/** A notification with this title and message appears (an older one may still be fading out). */
async function expectNotice(title: string, message: string) {
  await waitFor(() => {
    const notices = screen.getAllByTestId("notice").map((notice) => notice.textContent ?? "");
    expect(notices.some((text) => text.includes(title) && text.includes(message))).toBe(true);
  });
}

describe("Complete Registration", () => {
  it("shows the credit rate in force from the programme, not the one at launch", async () => {
    renderRegistration(null, { creditRatePercent: "12%", creditRateBasisPoints: 1200 });
    expect(screen.getByRole("region", { name: "How it works" }).textContent).toContain(
      "you earn 12% of what they spend as credit (£0.12 per £1.00 they spend)",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Terms and Conditions" }));
    const terms = await screen.findByRole("dialog");
    expect(terms.textContent).toContain("12%");
    expect(document.body.textContent).not.toMatch(/11%|£0\.11/);
  });

  it("checks the amount, postcode, contract number and terms in the spec's order, then registers and goes to /", async () => {
    const { environment, history } = renderRegistration(null);
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Complete registration" });
    const amount = within(form).getByLabelText(/Original Purchase Amount/);
    expect(amount.getAttribute("inputmode")).toBe("decimal");
    expect(amount.getAttribute("step")).toBe("0.01");
    expect(amount.getAttribute("min")).toBe("0.01");
    expect(amount.getAttribute("placeholder")).toBe("120.00");
    expect(screen.getByRole("region", { name: "How it works" }).textContent).toContain(
      "you earn 11% of what they spend as credit (£0.11 per £1.00 they spend)",
    );
    const submit = within(form).getByRole("button", { name: "Complete Registration" });

    await user.click(submit);
    await expectNotice("Invalid Amount", "Please enter a valid purchase amount.");
    expect(within(form).getByText("Please enter a valid purchase amount.")).toBeTruthy();
    expect(document.activeElement).toBe(amount);

    await user.type(amount, "0");
    await user.click(submit);
    await expectNotice("Invalid Amount", "Please enter a valid purchase amount.");

    await user.clear(amount);
    await user.type(amount, "120.00");
    await user.click(submit);
    await expectNotice("Missing Postcode", "Please enter your postcode.");
    expect(within(form).getByText("Please enter your postcode.")).toBeTruthy();

    await user.type(within(form).getByLabelText(/Postcode/), "SW1A 1AA");
    await user.click(submit);
    await expectNotice("Missing Contract Number", "Please enter your contract number.");
    expect(within(form).getByText("Please enter your contract number.")).toBeTruthy();

    await user.type(within(form).getByLabelText(/Contract Number/), "HNG-2025-0001");
    await user.click(submit);
    await expectNotice("Terms Required", "Please accept the Terms and Conditions to continue.");
    expect(within(form).getByText("Please accept the Terms and Conditions to continue.")).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    // The link opens the dialog without ticking the box; 'I Accept' ticks it.
    const checkbox = within(form).getByRole("checkbox");
    await user.click(within(form).getByRole("button", { name: "Terms and Conditions" }));
    const dialog = await screen.findByRole("dialog", { name: "Terms and Conditions" });
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain("Effective date: 28/07/2025");
    expect(
      within(dialog)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "1. Introduction",
      "2. Referral Programme Overview",
      "3. Data You Provide About Others",
      "4. How Recommendee Data Is Used",
      "5. Lawful Basis",
      "6. Data Retention",
      "7. Your Responsibilities",
      "8. Your Rights",
      "9. Changes to These Terms",
      "10. Contact",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "I Accept" }));
    await waitFor(() => expect((checkbox as HTMLInputElement).checked).toBe(true));

    await user.click(submit);
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({
      originalPurchaseAmount: "120.00",
      postcode: "SW1A 1AA",
      contractNumber: "HNG-2025-0001",
      termsAccepted: true,
    });
    expect(screen.getByRole("button", { name: /Creating Account/ })).toBeTruthy();
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation, {
        ...typeResolvers([
          ["MutationCompleteRegistrationResult", () => ({ __typename: "MutationCompleteRegistrationSuccess" })],
        ]),
        ...customerResolvers({ status: "PENDING", purchasePence: 12_000 }),
      }),
    );
    await expectNotice(
      "Registration Successful!",
      "Welcome to HNG Referral Scheme! Start referring friends to earn credits.",
    );
    expect(history).toEqual(["/registration", "/"]);
  });

  it("shows the server's message under 'Registration Failed' and under its field", async () => {
    const { environment } = renderRegistration(null);
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Complete registration" });
    await user.type(within(form).getByLabelText(/Original Purchase Amount/), "120");
    await user.type(within(form).getByLabelText(/Postcode/), "NOT A POSTCODE");
    await user.type(within(form).getByLabelText(/Contract Number/), "HNG-1");
    await user.click(within(form).getByRole("checkbox"));
    await user.click(within(form).getByRole("button", { name: "Complete Registration" }));
    const message = "Invalid Postcode: Please enter a valid UK postcode, for example SW1A 1AA.";
    environment.mock.resolveMostRecentOperation({
      data: {
        completeRegistration: {
          __typename: "ValidationError",
          __isError: "ValidationError",
          message,
          field: "input.postcode",
        },
      },
    });
    await expectNotice("Registration Failed", message);
    expect(within(form).getByText(message)).toBeTruthy();
  });

  it("shows a rejected customer the reason, with the earlier details ready to correct", async () => {
    renderRegistration({
      status: "REJECTED",
      rejectionReason: "We could not find contract number HNG-2025-9999.",
      purchasePence: 410_000,
      postcode: "LS1 1UR",
      contractNumber: "HNG-2025-9999",
    });
    expect(screen.getByTestId("rejection-reason").textContent).toBe("We could not find contract number HNG-2025-9999.");
    const form = screen.getByRole("form", { name: "Complete registration" });
    expect((within(form).getByLabelText(/Original Purchase Amount/) as HTMLInputElement).value).toBe("4100.00");
    expect((within(form).getByLabelText(/Postcode/) as HTMLInputElement).value).toBe("LS1 1UR");
    expect((within(form).getByLabelText(/Contract Number/) as HTMLInputElement).value).toBe("HNG-2025-9999");
    expect((within(form).getByRole("checkbox") as HTMLInputElement).checked).toBe(false);
  });

  it("sends a customer whose registration is already in to /home", async () => {
    const { history } = renderRegistration({ status: "PENDING" });
    await waitFor(() => expect(history.at(-1)).toBe("/home"));
  });
});
