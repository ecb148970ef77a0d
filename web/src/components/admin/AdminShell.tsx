import { Box, type BoxProps, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
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

/** An admin page: a sticky header with the page's title and buttons, then the page at full width. */
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
            <HStack gap="2" flexWrap="wrap">
              {actions}
            </HStack>
          </HStack>
        </AdminContainer>
      </Box>
      <AdminContainer as="main" py="5">
        {children}
      </AdminContainer>
    </Box>
  );
}
