import { Tabs, useTabs } from "@chakra-ui/react";
import { type ReactNode, useMemo } from "react";

interface SteadyTabsRootProps extends Omit<Tabs.RootProviderProps, "value" | "children"> {
  value: string;
  onValueChange: (details: { value: string }) => void;
  children: ReactNode;
}

/**
 * Tabs.Root whose context changes only when what the tabs show does (the open tab, the focused
 * one, whether focus is in the row). The tabs machine's first act on mount is to mark itself as
 * past server rendering, which only the "plain" variant shows; Tabs.Root passes that down as a new
 * context, and a new context during hydration makes React hydrate every Suspense boundary still
 * waiting below it (a tab's list, the counts in the labels) at once, in one long task, instead of
 * one at a time (docs/performance.md, "Lighthouse on a phone"). The handlers read the machine's
 * current state whatever context they came from.
 */
export function SteadyTabsRoot({ value, onValueChange, children, ...rest }: SteadyTabsRootProps) {
  const tabs = useTabs({ value, onValueChange });
  const focusInRow = (tabs.getRootProps() as Record<string, unknown>)["data-focus"];
  // The rest of the props are the page's constants; `tabs` is taken afresh whenever a listed value moves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to leave out the machine's server-rendering flag.
  return useMemo(
    () => (
      <Tabs.RootProvider value={tabs} {...rest}>
        {children}
      </Tabs.RootProvider>
    ),
    [tabs.value, tabs.focusedValue, focusInRow, children],
  );
}
