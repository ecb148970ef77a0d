import { EmptyState, Icon, VStack } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a tab shows when its list is empty. */
export function AdminEmpty({ icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <EmptyState.Root
      size="md"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border"
      borderRadius="xl"
      bg="bg.panel"
    >
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <Icon as={icon} aria-hidden="true" />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title as="h3">{title}</EmptyState.Title>
          {children ? <EmptyState.Description>{children}</EmptyState.Description> : null}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
