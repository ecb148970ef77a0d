import { Box, Card, Heading, HStack, Stack, type SystemStyleObject, Table, Text } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { ScrollCue } from "../ScrollCue.tsx";
import { LoadMore } from "../ScrollList.tsx";

/** Below the md breakpoint (48em) a section's table reads as a list of entries. */
const NARROW = "@media screen and (max-width: 47.98em)";

/**
 * On a phone each row is an entry: its cells one under another, each with its column's name beside
 * it (from the headers, so the rows need nothing of their own), the headers kept for screen readers.
 */
function entryStyles(headers: readonly { label: string }[]): SystemStyleObject {
  const labels: Record<string, SystemStyleObject> = {};
  headers.forEach((header, index) => {
    labels[`& tbody > tr > td:nth-of-type(${index + 1})::before`] = { content: JSON.stringify(header.label) };
  });
  return {
    [NARROW]: {
      "& table, & tbody": { display: "block", width: "full" },
      "& thead": {
        position: "absolute",
        width: "1px",
        height: "1px",
        overflow: "hidden",
        clipPath: "inset(50%)",
        whiteSpace: "nowrap",
      },
      "& tbody > tr": {
        display: "block",
        py: "2",
        borderBottomWidth: "1px",
        borderColor: "border.muted",
        _last: { borderBottomWidth: "0" },
      },
      "& tbody > tr > td": {
        display: "grid",
        gridTemplateColumns: "6.5rem minmax(0, 1fr)",
        columnGap: "3",
        alignItems: "baseline",
        textAlign: "start",
        whiteSpace: "normal",
        minWidth: "0",
        maxWidth: "none",
        borderBottomWidth: "0",
        px: "3",
        py: "1",
      },
      "& tbody > tr > td > *": { gridColumn: "2" },
      "& tbody > tr > td:empty": { display: "none" },
      // A cell of controls (a form field and its button) takes the entry's whole width.
      "& tbody > tr > td[data-entry-wide]": { display: "block", pt: "2" },
      "& tbody > tr > td[data-entry-wide]::before": { display: "none" },
      "& tbody > tr > td::before": {
        gridColumn: "1",
        gridRow: "1 / span 4",
        color: "fg.muted",
        textStyle: "xs",
        fontWeight: "medium",
      },
      ...labels,
    },
  };
}

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
 * A section's list: a table where it fits, with a cue at the edge when it still scrolls sideways, and
 * on a phone a list of entries, each cell labelled by its column (docs/rules/web-app.md, "The Admin
 * Panel on a phone"); its next page on demand.
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
  const scroller = useRef<HTMLDivElement>(null);
  if (rows === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        {empty}
      </Text>
    );
  return (
    <Stack gap="1">
      <Box position="relative">
        <Table.ScrollArea
          ref={scroller}
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="lg"
          tabIndex={0}
          role="region"
          aria-label={label}
          maxWidth="full"
          css={entryStyles(headers)}
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
        <ScrollCue target={scroller} />
      </Box>
      <HStack justify="flex-end">
        <LoadMore hasNext={hasNext} isLoadingNext={isLoadingNext} onLoadMore={onLoadMore} />
      </HStack>
    </Stack>
  );
}
