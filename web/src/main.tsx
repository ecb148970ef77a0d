import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { AppErrorBoundary } from "./components/AppErrorBoundary.tsx";
import { ScrollToTopOnNavigation } from "./components/ScrollToTopOnNavigation.tsx";
import { NotificationArea } from "./notifications/NotificationArea.tsx";
import { createRelayEnvironment } from "./relay/environment.ts";
import { readInitialData } from "./relay/initialData.ts";
import { AppRoutes } from "./routes/AppRoutes.tsx";
import { system } from "./theme/system.ts";

const environment = createRelayEnvironment(readInitialData());

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <RelayEnvironmentProvider environment={environment}>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
          <ScrollToTopOnNavigation />
          <NotificationArea />
        </RelayEnvironmentProvider>
      </ChakraProvider>
    </StrictMode>,
  );
}
