import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft } from "lucide-react";
import { Link as RouterLink } from "wouter";

/** A non-home tab's top: 'Back to Home' and the tab's heading. */
export function TabHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="2">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" minHeight="11">
        <RouterLink href="/home">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </RouterLink>
      </Button>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {description ? <Text color="fg.muted">{description}</Text> : null}
    </Stack>
  );
}
