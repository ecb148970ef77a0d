import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import type { IEnvironment } from "relay-runtime";
import { AppErrorBoundary } from "./components/AppErrorBoundary.tsx";
import { HydrationMark } from "./components/HydrationMark.tsx";
import { ScrollToTopOnNavigation } from "./components/ScrollToTopOnNavigation.tsx";
import { NotificationArea } from "./notifications/NotificationArea.tsx";
import { AppRoutes } from "./routes/AppRoutes.tsx";
import { system } from "./theme/system.ts";

/** The whole app: the browser renders or hydrates it (main.tsx), the build prerenders it (ssr/renderPage.tsx). */
export function App({ environment }: { environment: IEnvironment }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <RelayEnvironmentProvider environment={environment}>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
          <ScrollToTopOnNavigation />
          <NotificationArea />
          <HydrationMark />
        </RelayEnvironmentProvider>
      </ChakraProvider>
    </StrictMode>
  );
}
