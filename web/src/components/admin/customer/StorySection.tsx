import { Card, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { LoadMore } from "../ScrollList.tsx";

interface StorySectionProps {
  /** The heading's id names the section for screen readers. */
  id: string;
  title: string;
  /** A line under the heading: what the section explains. */
  summary?: ReactNode;
  children: ReactNode;
}

/** One section of the customer page: a card with its heading. */
export function StorySection({ id, title, summary, children }: StorySectionProps) {
  return (
    <Card.Root as="section" aria-labelledby={id} borderWidth="1px" borderColor="border.muted" minWidth="0">
      <Card.Body gap="3" p={{ base: "3", md: "5" }}>
        <Stack gap="0">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {summary ? (
            <Text textStyle="sm" color="fg.muted">
              {summary}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

interface StoryTableProps {
  label: string;
  headers: readonly { label: string; numeric?: boolean }[];
  children: ReactNode;
  empty: string;
  rows: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadMore: () => void;
}

/**
 * A section's list as a table that scrolls sideways inside its card on a phone (docs/rules/web-app.md:
 * nothing wider than the screen), with its next page on demand.
 */
export function StoryTable({
  label,
  headers,
  children,
  empty,
  rows,
  hasNext,
  isLoadingNext,
  onLoadMore,
}: StoryTableProps) {
  if (rows === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        {empty}
      </Text>
    );
  return (
    <Stack gap="1">
      <Table.ScrollArea
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="lg"
        tabIndex={0}
        role="region"
        aria-label={label}
        maxWidth="full"
      >
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {headers.map((header) => (
                <ColumnHeader key={header.label} numeric={header.numeric} whiteSpace="nowrap">
                  {header.label}
                </ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack justify="flex-end">
        <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} onLoadMore={onLoadMore} />
      </HStack>
    </Stack>
  );
}
