import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/** A new page starts at its top, as it would with full page loads. */
export function ScrollToTopOnNavigation() {
  const [path] = useLocation();
  // Not on the first render: a visitor who scrolled a prerendered page before it hydrated stays put.
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    window.scrollTo(0, 0);
  }, [path]);
  return null;
}
