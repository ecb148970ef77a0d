import { Box, Button, CloseButton, Drawer, HStack, Icon, Portal, Stack, Text } from "@chakra-ui/react";
import { ChevronRight, type LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";

/**
 * One row of /account (docs/rules/web-app.md, "Look and accessibility"): its title and what is set
 * now; pressing it opens a sheet (a bottom drawer on phones, a side panel on wider screens) holding
 * that one form. The form is mounted only while its sheet is open, so a closed sheet forgets what was
 * typed (a password above all).
 */
export function SettingsRow({
  id,
  icon,
  title,
  summary,
  description,
  defaultOpen = false,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  /** What is set now ("Jane Smith", the address), shown under the title. */
  summary: ReactNode;
  /** One line at the top of the sheet: what the form changes. */
  description: string;
  /** Opens at once (a step that must be done before anything else). */
  defaultOpen?: boolean;
  /** The sheet's content; given `close`, a form can close its sheet once saved. */
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);
  return (
    <Box as="li" listStyleType="none">
      {/* The button's name is its visible text (title and summary), as axe's label-content-name rule asks. */}
      <Button
        variant="ghost"
        width="full"
        height="auto"
        minHeight="16"
        px="4"
        py="3"
        justifyContent="space-between"
        textAlign="start"
        whiteSpace="normal"
        borderRadius="xl"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-sheet` : undefined}
        data-testid={`${id}-row`}
        onClick={() => setOpen(true)}
      >
        <HStack as="span" gap="3" minWidth="0" flex="1">
          <Box
            as="span"
            boxSize="10"
            flexShrink="0"
            borderRadius="full"
            bg="brand.subtle"
            color="brand.fg"
            display="grid"
            placeItems="center"
          >
            <Icon as={icon} boxSize="5" aria-hidden="true" />
          </Box>
          <Stack as="span" gap="0" minWidth="0" flex="1">
            <Text as="span" fontWeight="semibold" id={id}>
              {title}
            </Text>{" "}
            {/* The space names the button "Name Jane Smith"; a flex container does not draw it. */}
            <Box as="span" display="block" textStyle="sm" color="fg.muted" fontWeight="normal" overflowWrap="anywhere">
              {summary}
            </Box>
          </Stack>
        </HStack>
        <Icon as={ChevronRight} boxSize="5" color="fg.muted" flexShrink="0" aria-hidden="true" />
      </Button>
      <Drawer.Root
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        placement={{ base: "bottom", md: "end" }}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content
              id={`${id}-sheet`}
              borderTopRadius={{ base: "2xl", md: "none" }}
              maxWidth={{ base: "480px", md: "md" }}
              marginX={{ base: "auto", md: "0" }}
              maxHeight={{ base: "92dvh", md: "100dvh" }}
              pb="env(safe-area-inset-bottom)"
            >
              <Drawer.Header pb="2">
                <Stack gap="1">
                  <Drawer.Title fontSize="xl">{title}</Drawer.Title>
                  <Drawer.Description color="fg.muted" textStyle="sm">
                    {description}
                  </Drawer.Description>
                </Stack>
              </Drawer.Header>
              <Drawer.Body pb="6">{typeof children === "function" ? children(close) : children}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
