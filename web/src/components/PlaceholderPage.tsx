import { Badge, Box, type BoxProps, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Construction } from "lucide-react";
import { Link as RouterLink } from "wouter";
import { SignOutButton } from "../auth/SignOutButton.tsx";
import { displayName, type SessionViewer } from "../session/viewerSession.ts";
import { BrandMark } from "./BrandMark.tsx";
import { PageContainer } from "./PageContainer.tsx";

interface PlaceholderPageProps {
  title: string;
  viewer: SessionViewer | null;
  /** Which issue fills this page in. */
  comingIn: string;
  wide?: boolean;
}

/**
 * PLACEHOLDER: stands in for a screen that is still being built, so its route, redirects and
 * code splitting already work. Each page module that uses it is replaced by the real screen.
 */
export function PlaceholderPage({ title, viewer, comingIn, wide = false }: PlaceholderPageProps) {
  const Container = wide ? WideContainer : PageContainer;
  return (
    <Box minHeight="100dvh">
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="bg.panel"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Container py="3">
          <HStack justify="space-between" gap="3">
            <BrandMark to="/home" />
            {viewer ? <SignOutButton size="sm" /> : null}
          </HStack>
        </Container>
      </Box>
      <Container as="main" py="8">
        <Stack gap="4" bg="bg.panel" borderRadius="2xl" boxShadow="card" p="6" data-testid="placeholder-page">
          <Badge alignSelf="flex-start" colorPalette="amber" variant="subtle" size="md">
            <Construction aria-hidden="true" /> Placeholder
          </Badge>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {viewer ? (
            <Text>
              Signed in as <strong>{displayName(viewer)}</strong> ({viewer.username}).
            </Text>
          ) : null}
          <Text color="fg.muted">This screen is being built ({comingIn}).</Text>
          {viewer?.role === "ADMIN" ? (
            <Button asChild variant="outline" alignSelf="flex-start">
              <RouterLink href="/admin">Admin Panel</RouterLink>
            </Button>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}

function WideContainer(props: BoxProps) {
  return <Box width="full" maxWidth="7xl" marginX="auto" paddingX={{ base: "4", md: "8" }} {...props} />;
}
