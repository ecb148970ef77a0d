import {
  Box,
  type BoxProps,
  Button,
  CloseButton,
  Drawer,
  Heading,
  HStack,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Menu } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { BrandMark } from "../BrandMark.tsx";

/** The admin app's width: the whole screen, with a little air at the sides (docs/rules/web-app.md). */
export function AdminContainer(props: BoxProps) {
  return <Box width="full" maxWidth="1600px" marginX="auto" paddingX={{ base: "3", md: "6" }} {...props} />;
}

interface AdminShellProps {
  title: string;
  subtitle?: string;
  /** The header's buttons. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * An admin page: a sticky header with the page's title and buttons, then the page at full width. On
 * a phone the buttons sit behind a Menu button (a sheet from the top), so the header stays one line.
 */
export function AdminShell({ title, subtitle, actions, children }: AdminShellProps) {
  return (
    <Box minHeight="100dvh">
      <Box
        as="header"
        position={{ base: "static", md: "sticky" }}
        top="0"
        zIndex="sticky"
        bg="bg.panel"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <AdminContainer py="3">
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <HStack gap="4" flexWrap="wrap">
              <BrandMark to="/admin" />
              <Stack gap="0">
                <Heading as="h1" size="lg" lineHeight="1.2">
                  {title}
                </Heading>
                {subtitle ? (
                  <Text textStyle="xs" color="fg.muted">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
            </HStack>
            <HStack gap="2" flexWrap="wrap" hideBelow="md">
              {actions}
            </HStack>
            <PhoneMenu title={title}>{actions}</PhoneMenu>
          </HStack>
        </AdminContainer>
      </Box>
      <AdminContainer as="main" py="5">
        {children}
      </AdminContainer>
    </Box>
  );
}

/** The header's buttons on a phone: a Menu button opening them as a sheet, each at full width. */
function PhoneMenu({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const [openedAt, setOpenedAt] = useState(location);
  // A link followed from the sheet closes it.
  if (open && location !== openedAt) {
    setOpen(false);
    setOpenedAt(location);
  }
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        setOpenedAt(location);
      }}
      placement="top"
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>
        <Button size="sm" variant="outline" hideFrom="md" data-testid="admin-menu-button">
          <Menu aria-hidden="true" />
          Menu
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content borderBottomRadius="2xl" pt="env(safe-area-inset-top)">
            <Drawer.Header pb="2">
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="5">
              <Stack
                gap="2"
                align="stretch"
                css={{ "& > *, & > * > *": { width: "full", justifyContent: "flex-start" } }}
              >
                {children}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
