import { Box, Button, HStack, Icon, IconButton, Text } from "@chakra-ui/react";
import { Gift, Settings, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { CustomerHeader_viewer$key } from "../../__generated__/CustomerHeader_viewer.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { PRODUCT_NAME } from "../BrandMark.tsx";
import { PageContainer } from "../PageContainer.tsx";

/** The dashboard's sticky header: title, Admin Panel (administrators only), Sign Out, account settings and the profile button. */
export function CustomerHeader({ viewer }: { viewer: CustomerHeader_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment CustomerHeader_viewer on User {
        role
      }
    `,
    viewer,
  );
  return (
    <CustomerTopBar>
      {data.role === "ADMIN" ? (
        <Button
          asChild
          size="sm"
          variant="subtle"
          aria-label="Admin Panel"
          minHeight="11"
          minWidth="11"
          px={{ base: "0", sm: "3" }}
        >
          <RouterLink href="/admin">
            <ShieldCheck aria-hidden="true" />
            <Box as="span" hideBelow="sm">
              Admin Panel
            </Box>
          </RouterLink>
        </Button>
      ) : null}
      <SignOutButton
        size="sm"
        variant="ghost"
        aria-label="Sign Out"
        minHeight="11"
        minWidth="11"
        px={{ base: "0", sm: "3" }}
      >
        <Box as="span" hideBelow="sm">
          Sign Out
        </Box>
      </SignOutButton>
      <IconButton
        asChild
        aria-label="Account settings"
        variant="ghost"
        borderRadius="full"
        size="md"
        minHeight="11"
        minWidth="11"
      >
        <RouterLink href="/account">
          <Settings aria-hidden="true" />
        </RouterLink>
      </IconButton>
      <IconButton
        asChild
        aria-label="My Profile"
        variant="subtle"
        borderRadius="full"
        size="md"
        minHeight="11"
        minWidth="11"
      >
        <RouterLink href="/home?tab=profile">
          <UserRound aria-hidden="true" />
        </RouterLink>
      </IconButton>
    </CustomerTopBar>
  );
}

/** The customer pages' sticky bar: the product's title (a link to `home`) on the left, `children` (actions) on the right. */
export function CustomerTopBar({ children, home = "/home" }: { children?: ReactNode; home?: string }) {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg.panel"
      borderBottomWidth="1px"
      borderColor="border.muted"
      pt="env(safe-area-inset-top)"
    >
      <PageContainer py="2">
        <HStack justify="space-between" gap="2" minHeight="11">
          <RouterLink href={home} aria-label={`${PRODUCT_NAME}, home`} style={{ minWidth: 0 }}>
            <HStack gap={{ base: "1.5", sm: "2" }} minWidth="0">
              <Icon as={Gift} boxSize={{ base: "5", sm: "6" }} color="brand.solid" aria-hidden="true" flexShrink="0" />
              <Text
                as="span"
                fontWeight="bold"
                fontSize={{ base: "md", sm: "lg" }}
                letterSpacing="tight"
                lineHeight="1.2"
                truncate
              >
                {PRODUCT_NAME}
              </Text>
            </HStack>
          </RouterLink>
          <HStack gap="1" flexShrink="0">
            {children}
          </HStack>
        </HStack>
      </PageContainer>
    </Box>
  );
}
