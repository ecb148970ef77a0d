import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { useEffect } from "react";
import { markToasterReady, NOTICE_DURATION_MS } from "./notify.ts";

const toaster = createToaster({
  placement: "top",
  max: 1,
  duration: NOTICE_DURATION_MS,
  // F8 moves focus to the notification area (docs/rules/web-app.md, "Notices").
  hotkey: ["F8"],
  pauseOnPageIdle: true,
});

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

/** The notification area's toasts; loaded lazily by <NotificationArea>. */
export function Toaster() {
  useEffect(() => markToasterReady(toaster), []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => {
          const Icon = ICONS[toast.type as keyof typeof ICONS] ?? Info;
          return (
            <Toast.Root width={{ md: "sm" }} data-testid="notice">
              <Icon aria-hidden="true" size={20} style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
                {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
              </Stack>
              {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
            </Toast.Root>
          );
        }}
      </ChakraToaster>
    </Portal>
  );
}
