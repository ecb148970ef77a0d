import { useEffect } from "react";
import { useLocation } from "wouter";

/** A new page starts at its top, as it would with full page loads. */
export function ScrollToTopOnNavigation() {
  const [path] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);
  return null;
}
