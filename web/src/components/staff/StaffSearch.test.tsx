// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/renderWithProviders.tsx";
import { pendingOperationNames } from "../admin/testing/adminTesting.ts";
import { StaffSearch } from "./StaffSearch.tsx";

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

function renderSearch() {
  const commits: string[] = [];
  const rendered = renderWithProviders(
    <Profiler id="search" onRender={(_id, phase) => commits.push(phase)}>
      <StaffSearch selectedId={null} onOpen={() => {}} />
    </Profiler>,
    { path: "/staff" },
  );
  return { ...rendered, commits };
}

describe("StaffSearch", () => {
  it("renders once as the page loads, and searches once typing pauses", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { environment, commits } = renderSearch();
    const settled = commits.length;
    act(() => vi.advanceTimersByTime(1_000));
    // Nothing typed: no later render of the box (on a phone it was a blocking task as the page loaded).
    expect(commits.length).toBe(settled);
    expect(pendingOperationNames(environment)).toEqual([]);

    fireEvent.change(screen.getByRole("searchbox", { name: "Find a customer" }), { target: { value: "Sarah" } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(pendingOperationNames(environment)).toEqual(["StaffSearchQuery"]);
  });
});
