import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstInteraction } from "../lib/firstInteraction.ts";
import { onToasterMountRequested, requestToasterMount, whenToasterReady } from "./notify.ts";

const Toaster = lazy(() => import("./Toaster.tsx").then((module) => ({ default: module.Toaster })));

/** Mount once, inside the Chakra provider: the toaster arrives at the user's first interaction or with the first notice. */
export function NotificationArea() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onToasterMountRequested(() => setMounted(true)), []);
  useEffect(
    () =>
      onFirstInteraction((event) => {
        requestToasterMount();
        // F8 as the first key: the toaster's own hotkey listener was not there to see it.
        if (event instanceof KeyboardEvent && event.key === "F8") void whenToasterReady().then(focusNotificationArea);
      }),
    [],
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function focusNotificationArea() {
  document.querySelector<HTMLElement>('[data-scope="toast"][data-part="group"]')?.focus();
}
