import { Box, Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { NUMERIC } from "../format.ts";

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface ChartWithTableProps<Row> {
  title: string;
  /** One sentence saying what the figures are (read before the table too). */
  description: ReactNode;
  /** Controls beside the title (a week/month switch). */
  actions?: ReactNode;
  chart: ReactNode;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId: string;
}

/**
 * A chart and its numbers: the table is always there for screen readers (visually hidden), and
 * "Show as table" shows it to everyone. The chart itself is hidden from assistive technology.
 */
export function ChartWithTable<Row>({
  title,
  description,
  actions,
  chart,
  columns,
  rows,
  rowKey,
  testId,
}: ChartWithTableProps<Row>) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-heading`}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      p="4"
      data-testid={testId}
    >
      <Stack gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="2" alignItems="start">
          <Stack gap="0">
            <Heading as="h2" size="md" id={`${id}-heading`}>
              {title}
            </Heading>
            <Text textStyle="sm" color="fg.muted" id={`${id}-desc`}>
              {description}
            </Text>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            {actions}
            <Button
              size="sm"
              variant="outline"
              aria-pressed={tableShown}
              aria-controls={`${id}-table`}
              onClick={() => setTableShown((shown) => !shown)}
            >
              <Table2 aria-hidden="true" />
              {tableShown ? "Show as chart" : "Show as table"}
            </Button>
          </HStack>
        </HStack>
        {tableShown ? null : chart}
        {/* Shown, it may scroll sideways on a phone: focusable and named, so the keyboard can scroll it too. */}
        <Box
          id={`${id}-table`}
          {...(tableShown
            ? { overflowX: "auto", tabIndex: 0, role: "region", "aria-label": `${title} (table)` }
            : { srOnly: true })}
        >
          <Table.Root size="sm" data-testid={`${testId}-table`} aria-describedby={`${id}-desc`}>
            <Table.Caption srOnly>{title}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <ColumnHeader key={column.header} numeric={column.numeric}>
                    {column.header}
                  </ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.header} {...(column.numeric ? NUMERIC : {})}>
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </Box>
  );
}
