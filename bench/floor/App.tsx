import { ChakraProvider } from "@chakra-ui/react";
import { StrictMode } from "react";
import { system } from "../../web/src/theme/system.ts";
import { FloorPage } from "./FloorPage.tsx";

/** As the app's App.tsx wraps its pages: StrictMode and the app's own Chakra system. */
export function FloorApp() {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <FloorPage />
      </ChakraProvider>
    </StrictMode>
  );
}
