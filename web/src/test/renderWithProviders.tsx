import { ChakraProvider } from "@chakra-ui/react";
import { configure, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMockEnvironment } from "relay-test-utils";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { NotificationArea } from "../notifications/NotificationArea.tsx";
import { system } from "../theme/system.ts";

// Lazy chunks and Chakra's dialogs can take seconds on a loaded 2-core machine (the API suites run
// beside these): wait up to 10 s for what a user would wait for, instead of testing-library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

installBrowserStubs();

/**
 * Renders a component as the app would: Chakra's theme, a Relay MockEnvironment (resolve its
 * operations with environment.mock), the router at `path`, and the notification area.
 * `history` lists every address the component navigated to.
 */
export function renderWithProviders(ui: ReactElement, { path = "/", environment = createMockEnvironment() } = {}) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <ChakraProvider value={system}>
      <RelayEnvironmentProvider environment={environment}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
        <NotificationArea />
      </RelayEnvironmentProvider>
    </ChakraProvider>,
  );
  return { ...result, environment, history: location.history };
}

/** What jsdom lacks and Chakra's machines call; relay-test-utils expects Jest's `jest.fn`. */
function installBrowserStubs() {
  (globalThis as { jest?: unknown }).jest ??= vi;
  if (typeof window === "undefined") return;
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  globalThis.IntersectionObserver ??= class {
    readonly root = null;
    readonly rootMargin = "";
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}
