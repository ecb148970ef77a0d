// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { TermsDialog } from "./TermsDialog.tsx";

afterEach(cleanup);

const contactSection = async () => {
  const heading = await screen.findByRole("heading", { name: "10. Contact" });
  return heading.parentElement as HTMLElement;
};

describe("the terms' contact section", () => {
  it("gives the programme's contact as mailto: and tel: links when set", async () => {
    renderWithProviders(
      <TermsDialog
        open
        onOpenChange={() => {}}
        onAccept={() => {}}
        creditRate="11%"
        contact={{
          email: "help@hng.example",
          phone: "+443001234567",
          phoneDisplay: "0300 123 4567",
          hours: "Mon–Fri 9–5",
        }}
      />,
    );
    const section = await contactSection();
    expect(within(section).getByRole("link", { name: "help@hng.example" }).getAttribute("href")).toBe(
      "mailto:help@hng.example",
    );
    expect(within(section).getByRole("link", { name: "0300 123 4567" }).getAttribute("href")).toBe("tel:+443001234567");
    expect(section.textContent).toContain(
      "or to exercise any of the rights above, email help@hng.example or call 0300 123 4567 (Mon–Fri 9–5).",
    );
  });

  it("never sends the customer to their contract for the contact: the email alone is enough, and none yet gives no empty link", async () => {
    const { unmount } = renderWithProviders(
      <TermsDialog
        open
        onOpenChange={() => {}}
        onAccept={() => {}}
        creditRate="11%"
        contact={{ email: "rewards@hng.example", phone: null, phoneDisplay: null, hours: null }}
      />,
    );
    const section = await contactSection();
    expect(within(section).getByRole("link", { name: "rewards@hng.example" }).getAttribute("href")).toBe(
      "mailto:rewards@hng.example",
    );
    expect(section.textContent).not.toContain("on your contract");
    unmount();

    renderWithProviders(<TermsDialog open onOpenChange={() => {}} onAccept={() => {}} creditRate="11%" />);
    const bare = await contactSection();
    expect(within(bare).queryAllByRole("link")).toHaveLength(0);
    expect(bare.textContent).toContain("contact HNG customer services.");
    expect(bare.textContent).not.toContain("on your contract");
  });
});
