import { Button, CloseButton, Dialog, HStack, Portal } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in a sentence the administrator reads before confirming. */
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for destructive actions (reject, cancel a purchase): docs/rules/web-app.md. */
  tone?: "brand" | "red" | "green";
  confirmDisabled?: boolean;
  loading?: boolean;
  loadingText?: string;
  onConfirm: () => void;
  size?: "sm" | "md" | "lg";
}

/**
 * A confirmation or small form in a dialog: focus moves in and stays there until it closes
 * (Chakra's focus trap), Escape and Cancel close it, Enter in a field submits it.
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "brand",
  confirmDisabled = false,
  loading = false,
  loadingText,
  onConfirm,
  size = "md",
}: AdminDialogProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmDisabled && !loading) onConfirm();
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={tone === "red" ? "alertdialog" : "dialog"}
      placement="center"
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label={title}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
                {children}
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" width="full" justify="flex-end" flexWrap="wrap-reverse">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{cancelLabel}</Button>
                  </Dialog.ActionTrigger>
                  <Button
                    type="submit"
                    colorPalette={tone}
                    disabled={confirmDisabled}
                    loading={loading}
                    loadingText={loadingText}
                  >
                    {confirmLabel}
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
