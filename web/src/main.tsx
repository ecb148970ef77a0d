import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { createRelayEnvironment } from "./relay/environment.ts";
import { readInitialData } from "./relay/initialData.ts";

const environment = createRelayEnvironment(readInitialData());

const root = document.getElementById("root");
if (root) {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a phone's Total Blocking Time: docs/performance.md).
  startTransition(() => {
    // The server sends a signed-out visitor the page prerendered for this path (web/scripts/prerender.ts).
    if (root.dataset.prerendered === window.location.pathname) hydrateRoot(root, <App environment={environment} />);
    else createRoot(root).render(<App environment={environment} />);
  });
}
