import { Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One section of /account: a card with an icon, a heading and a short line of explanation. */
export function SettingsCard({
  id,
  icon: IconType,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderRadius="2xl"
      boxShadow="card"
      p={{ base: "5", md: "8" }}
      gap="4"
    >
      <Stack gap="1">
        <HStack gap="3">
          <IconType aria-hidden="true" />
          <Heading as="h2" size="lg" id={id}>
            {title}
          </Heading>
        </HStack>
        <Text color="fg.muted">{description}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
