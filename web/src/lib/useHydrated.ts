import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates prerendered markup (and in the prerender itself), true from the next
 * render on; true at once for a page rendered in the browser. A prerendered form takes input only
 * once its handlers are attached: typed earlier, React's first render reset it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
