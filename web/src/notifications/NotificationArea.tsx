import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterMountRequested, requestToasterMount } from "./notify.ts";

const Toaster = lazy(() => import("./Toaster.tsx").then((module) => ({ default: module.Toaster })));

/** Mount once, inside the Chakra provider: the toaster arrives when idle or with the first notice. */
export function NotificationArea() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onToasterMountRequested(() => setMounted(true)), []);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(requestToasterMount, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(requestToasterMount, 2000);
    return () => clearTimeout(id);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
