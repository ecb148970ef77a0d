import { Button, Center, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "wouter";
import { PageContainer } from "./PageContainer.tsx";

interface MessagePageProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: { label: string; to: string };
  tone?: "brand" | "red" | "amber";
}

/** A whole page that says one thing: not found, access denied, a broken link. */
export function MessagePage({ icon, title, children, action, tone = "brand" }: MessagePageProps) {
  return (
    <Center as="main" minHeight="100dvh" py="10">
      <PageContainer>
        <Stack align="center" textAlign="center" gap="4" bg="bg.panel" borderRadius="2xl" boxShadow="card" p="8">
          <Icon as={icon} boxSize="12" color={`${tone}.fg`} aria-hidden="true" />
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {children ? <Text color="fg.muted">{children}</Text> : null}
          {action ? (
            <Button asChild size="lg">
              <RouterLink href={action.to}>{action.label}</RouterLink>
            </Button>
          ) : null}
        </Stack>
      </PageContainer>
    </Center>
  );
}
