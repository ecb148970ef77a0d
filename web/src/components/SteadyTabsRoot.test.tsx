// @vitest-environment jsdom
import { Tabs, useTabsContext } from "@chakra-ui/react";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/renderWithProviders.tsx";
import { SteadyTabsRoot } from "./SteadyTabsRoot.tsx";

afterEach(cleanup);

/** Renders of a component reading the tabs' context, by the tab it sits in. */
let renders: Record<string, number> = {};

function Probe({ name }: { name: string }) {
  useTabsContext();
  renders[name] = (renders[name] ?? 0) + 1;
  return <p>{name} panel</p>;
}

const TABS = ["one", "two"];

function Harness({ steady }: { steady: boolean }) {
  const [value, setValue] = useState("one");
  const contents: ReactNode = (
    <>
      <Tabs.List aria-label="Sections">
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab} value={tab}>
            {tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Content key={tab} value={tab}>
          <Probe name={tab} />
        </Tabs.Content>
      ))}
    </>
  );
  const props = { value, onValueChange: ({ value }: { value: string }) => setValue(value), lazyMount: true };
  return steady ? <SteadyTabsRoot {...props}>{contents}</SteadyTabsRoot> : <Tabs.Root {...props}>{contents}</Tabs.Root>;
}

/** The tab the tab row marks as selected. */
const selected = () =>
  screen
    .getAllByRole("tab")
    .filter((tab) => tab.getAttribute("aria-selected") === "true")
    .map((tab) => tab.textContent)
    .join();

async function renderTabs(steady: boolean) {
  renders = {};
  renderWithProviders(<Harness steady={steady} />);
  // The tabs machine starts in a microtask after the first commit, and updates its state then.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe("SteadyTabsRoot", () => {
  it("passes its context down once when the tabs machine starts, where Tabs.Root passes it twice", async () => {
    await renderTabs(false);
    expect(renders.one).toBe(2);

    cleanup();
    await renderTabs(true);
    expect(renders.one).toBe(1);
    expect(selected()).toBe("one");
  });

  it("still switches tabs on a click, and by the keyboard", async () => {
    await renderTabs(true);
    const user = userEvent.setup();

    await user.click(screen.getByRole("tab", { name: "two" }));
    expect(selected()).toBe("two");
    await screen.findByText("two panel");

    await user.keyboard("{ArrowLeft}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("tab", { name: "one" })));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(selected()).toBe("one"));
    await screen.findByText("one panel");
  });
});
