import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { TabBoundary } from "../TabBoundary.tsx";

interface AdminDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}

/** A large dialog holding a details table; its content (and so its query) mounts only while open. */
export function AdminDetailsDialog({ open, onOpenChange, title, description, children }: AdminDetailsDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      size="cover"
      placement="center"
      lazyMount
      unmountOnExit
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{title}</Dialog.Title>
              <Dialog.Description textStyle="sm" color="fg.muted">
                {description}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <TabBoundary label={`Loading ${title}`}>{children}</TabBoundary>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
