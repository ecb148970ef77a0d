import { Badge, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";

/**
 * The floor: one screen on the app's stack and theme (React 19, Chakra UI 3, web/src/theme/system.ts),
 * with no data, no router and no code beyond the screen. What the app's pages cost above it is
 * theirs (docs/performance.md, "The web app and Lighthouse").
 */
export function FloorPage() {
  const [started, setStarted] = useState(false);
  return (
    <Box minHeight="100dvh" display="flex" flexDirection="column">
      <Box as="header" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
        <Container maxWidth="5xl" py="3" px="4">
          <HStack justify="space-between" gap="3">
            <Text as="span" fontWeight="bold" fontSize="lg">
              Floor page
            </Text>
            <Button size="md" onClick={() => setStarted(true)}>
              Sign In
            </Button>
          </HStack>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Container maxWidth="3xl" px="4" pt="12" pb="10">
          <Stack gap="6" align="center" textAlign="center">
            <Badge colorPalette="amber" variant="solid" size="lg" borderRadius="full" px="3">
              One screen
            </Badge>
            <Heading as="h1" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.1" color="brand.900">
              The stack's floor
            </Heading>
            <Text fontSize="lg" color="fg.muted" maxWidth="2xl">
              {started
                ? "Started."
                : "A page with a heading, a paragraph, a button and three cards, prerendered and hydrated like the app's."}
            </Text>
            <Button size="xl" onClick={() => setStarted(true)} px="8">
              Get Started
            </Button>
          </Stack>
        </Container>
        <Container maxWidth="5xl" px="4" pb="16">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {["First", "Second", "Third"].map((title) => (
              <Card.Root key={title}>
                <Card.Body gap="3">
                  <Heading as="h2" size="lg">
                    {title} card
                  </Heading>
                  <Text color="fg.muted">A card's text, long enough to wrap on a phone's narrow screen.</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </Box>
  );
}
