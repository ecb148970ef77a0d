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
    // The page's markup came with it: prerendered for a signed-out visitor (web/scripts/prerender.ts), or
    // rendered by the server with the page's data for a signed-in one (api/src/http/prerenderedPages.ts).
    if (root.dataset.prerendered === window.location.pathname) hydrateRoot(root, <App environment={environment} />);
    else createRoot(root).render(<App environment={environment} />);
  });
}
