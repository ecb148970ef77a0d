import { useEffect } from "react";

/*
 * `data-hydrated` on #root says the page the server sent is interactive: until then web/index.html
 * keeps its controls inert (docs/performance.md, "Prerendered pages"). React adopts the markup one
 * Suspense boundary at a time, and a boundary whose code (a lazy page) is not in yet stays as the
 * server sent it, its handlers absent, after the rest of the page has hydrated. So the mark is set
 * only once every element under #root carries React's props: the one state that means "all
 * adopted", whatever boundaries the page has. React offers no callback for a boundary's hydration
 * (onRecoverableError reports only failures), so the check runs when a boundary's content commits:
 * App and the boundaries of the server-rendered pages render a <HydrationMark />, whose effect runs
 * as its boundary hydrates; a slow timer covers a boundary without one, and gives up after 10 s.
 */

const RECHECK_MS = 250;
// An element React never owns (a translator's or an extension's) must not leave the page inert for good.
const GIVE_UP_MS = 10_000;
let recheck: ReturnType<typeof setTimeout> | undefined;
let firstCheck: number | undefined;

/** True when React has adopted every element under `root` (hydration attaches its props to each node). */
function everyElementAdopted(root: HTMLElement): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!Object.keys(node).some((key) => key.startsWith("__reactProps$"))) return false;
  return true;
}

function markIfHydrated() {
  const root = document.getElementById("root");
  if (!root || root.hasAttribute("data-hydrated")) return;
  firstCheck ??= performance.now();
  // A page rendered in the browser (createRoot) is React's from its first commit.
  if (
    !root.hasAttribute("data-prerendered") ||
    everyElementAdopted(root) ||
    performance.now() - firstCheck > GIVE_UP_MS
  ) {
    root.setAttribute("data-hydrated", "");
    clearTimeout(recheck);
    return;
  }
  clearTimeout(recheck);
  recheck = setTimeout(markIfHydrated, RECHECK_MS);
}

/** Checks, as its boundary's content commits (hydrated or rendered), whether the whole page is now React's. */
export function HydrationMark() {
  useEffect(markIfHydrated, []);
  return null;
}
