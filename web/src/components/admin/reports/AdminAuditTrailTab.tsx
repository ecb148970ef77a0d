import { Code, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ScrollText } from "lucide-react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminAuditTrailTab_query$key } from "../../../__generated__/AdminAuditTrailTab_query.graphql.ts";
import type { AdminAuditTrailTabPaginationQuery } from "../../../__generated__/AdminAuditTrailTabPaginationQuery.graphql.ts";
import type { AdminAuditTrailTabQuery } from "../../../__generated__/AdminAuditTrailTabQuery.graphql.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { formatCount, formatDateTime, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import type { ReportFormat } from "./reportDownload.ts";

/** Spec section 9: the audit trail shows 20 entries; more on demand. */
const AUDIT_PAGE_SIZE = 20;

/** Audit Trail: newest first, 20 at a time, with the download of the whole log. */
export function AdminAuditTrailTab({ format }: { format: ReportFormat }) {
  const query = useAdminQuery<AdminAuditTrailTabQuery>(
    graphql`
      query AdminAuditTrailTabQuery($count: Int!) {
        ...AdminAuditTrailTab_query @arguments(count: $count)
      }
    `,
    { count: AUDIT_PAGE_SIZE },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminAuditTrailTabPaginationQuery,
    AdminAuditTrailTab_query$key
  >(
    graphql`
      fragment AdminAuditTrailTab_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
      @refetchable(queryName: "AdminAuditTrailTabPaginationQuery") {
        auditLogs(first: $count, after: $cursor) @connection(key: "AdminAuditTrail_auditLogs", filters: []) {
          edges {
            node {
              id
              action
              resourceType
              resourceId
              adminId
              details
              createdAt
              ipAddress
            }
          }
        }
      }
    `,
    query,
  );
  const entries = data.auditLogs.edges.map((edge) => edge.node);

  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Audit Trail
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Every administrator action, setting change and security event, newest first
          </Text>
        </Stack>
        <AdminReportButton report="audit-log" format={format}>
          Export Audit Log
        </AdminReportButton>
      </HStack>
      {entries.length === 0 ? (
        <AdminEmpty icon={ScrollText} title="No audit entries yet" />
      ) : (
        <>
          <ScrollList label="Audit trail">
            <Table.Root size="sm" stickyHeader data-testid="audit-trail">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader bg="bg.muted">Time</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted">Action</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted">Resource</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted" {...NUMERIC}>
                    Admin ID
                  </Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted">Details</Table.ColumnHeader>
                  <Table.ColumnHeader bg="bg.muted">IP Address</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((entry) => (
                  <Table.Row key={entry.id} verticalAlign="top">
                    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {formatDateTime(entry.createdAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <Code size="sm">{entry.action}</Code>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {entry.resourceType}
                      {entry.resourceId ? ` #${entry.resourceId}` : ""}
                    </Table.Cell>
                    <Table.Cell {...NUMERIC}>{entry.adminId ?? "System"}</Table.Cell>
                    <Table.Cell minWidth="64" maxWidth="xl">
                      <Text textStyle="xs" wordBreak="break-word">
                        {entry.details}
                      </Text>
                    </Table.Cell>
                    <Table.Cell fontVariantNumeric="tabular-nums">{entry.ipAddress ?? "—"}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollList>
          <LoadMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            onLoadMore={() => loadNext(AUDIT_PAGE_SIZE)}
            status={`${formatCount(entries.length)} entries shown`}
          />
        </>
      )}
    </Stack>
  );
}
