// Code the first screen does not show (the toaster, the sign-in dialog) is requested at the user's
// first interaction, not while the page loads: nothing then competes with the page's own code for a
// phone's CPU or network (docs/performance.md, "The web app").
const EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/** Calls `then` once, at the first of those events anywhere on the page; returns the cancel. */
export function onFirstInteraction(then: (event: Event) => void): () => void {
  const handler = (event: Event) => {
    cancel();
    then(event);
  };
  const cancel = () => {
    for (const name of EVENTS) window.removeEventListener(name, handler, true);
  };
  for (const name of EVENTS) window.addEventListener(name, handler, { capture: true, passive: true });
  return cancel;
}
