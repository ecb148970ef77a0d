import { Button, Code, Field, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { ScrollText } from "lucide-react";
import { type FormEvent, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminAuditTrailTab_query$key } from "../../../__generated__/AdminAuditTrailTab_query.graphql.ts";
import type { AdminAuditTrailTabPaginationQuery } from "../../../__generated__/AdminAuditTrailTabPaginationQuery.graphql.ts";
import type { AdminAuditTrailTabQuery } from "../../../__generated__/AdminAuditTrailTabQuery.graphql.ts";
import { AdminEmpty } from "../AdminEmpty.tsx";
import { ColumnHeader } from "../ColumnHeader.tsx";
import { formatCount, formatDateTime, NUMERIC } from "../format.ts";
import { LoadMore, ScrollList } from "../ScrollList.tsx";
import { useAdminQuery } from "../useAdminQuery.ts";
import { AdminReportButton } from "./AdminReportButton.tsx";
import type { ReportFormat } from "./reportDownload.ts";
import { rangeProblem } from "./reportRange.ts";

/** The audit trail shows 20 entries; more on demand (docs/rules/web-app.md). */
const AUDIT_PAGE_SIZE = 20;

/** The trail's filters as typed; blank means any. */
interface AuditFilters {
  action: string;
  adminId: string;
  resourceType: string;
  resourceId: string;
  from: string;
  to: string;
}
const NO_FILTERS: AuditFilters = { action: "", adminId: "", resourceType: "", resourceId: "", from: "", to: "" };

/** The filters as the query's variables (null = any), or the reason they cannot be used. */
function filterVariables(filters: AuditFilters) {
  const text = (value: string) => value.trim() || null;
  const adminId = filters.adminId.trim();
  if (adminId && !/^[1-9]\d{0,9}$/.test(adminId))
    return { problem: "The administrator is their user id, a whole number." };
  if (filters.from && filters.to) {
    const problem = rangeProblem({ from: filters.from, to: filters.to });
    if (problem) return { problem };
  }
  return {
    variables: {
      action: text(filters.action),
      adminId: adminId ? Number(adminId) : null,
      resourceType: text(filters.resourceType),
      resourceId: text(filters.resourceId),
      from: filters.from || null,
      to: filters.to || null,
    },
  };
}

/** Audit Trail: newest first, 20 at a time, filtered by action, administrator, resource and days; with the download. */
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
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminAuditTrailTabPaginationQuery,
    AdminAuditTrailTab_query$key
  >(
    graphql`
      fragment AdminAuditTrailTab_query on Query
      @argumentDefinitions(
        count: { type: "Int!" }
        cursor: { type: "String" }
        action: { type: "String" }
        adminId: { type: "Int" }
        resourceType: { type: "String" }
        resourceId: { type: "String" }
        from: { type: "String" }
        to: { type: "String" }
      )
      @refetchable(queryName: "AdminAuditTrailTabPaginationQuery") {
        auditLogs(
          first: $count
          after: $cursor
          action: $action
          adminId: $adminId
          resourceType: $resourceType
          resourceId: $resourceId
          from: $from
          to: $to
        ) @connection(key: "AdminAuditTrail_auditLogs") {
          edges {
            node {
              id
              action
              resourceType
              resourceId
              resourceName
              adminId
              adminName
              actorToken
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
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [problem, setProblem] = useState<string | null>(null);
  const [isFiltering, startFiltering] = useTransition();
  const filtered = Object.values(applied).some(Boolean);

  function apply(next: AuditFilters) {
    const result = filterVariables(next);
    if (!result.variables) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setApplied(next);
    // The current entries stay until the filtered ones arrive.
    startFiltering(() => {
      refetch({ count: AUDIT_PAGE_SIZE, ...result.variables }, { fetchPolicy: "network-only" });
    });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }
  const field = (name: keyof AuditFilters, label: string, props: Record<string, unknown> = {}) => (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        width={props.type === "date" ? "auto" : "40"}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        {...props}
      />
    </Field.Root>
  );

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
        <AdminReportButton
          report="audit-log"
          format={format}
          filters={{ from: applied.from || undefined, to: applied.to || undefined }}
        >
          Export Audit Log
        </AdminReportButton>
      </HStack>
      <HStack
        as="form"
        onSubmit={submit}
        gap="3"
        flexWrap="wrap"
        alignItems="end"
        aria-label="Filter the audit trail"
        borderWidth="1px"
        borderColor="border.muted"
        borderRadius="xl"
        bg="bg.panel"
        p="3"
      >
        {field("action", "Action", { placeholder: "e.g. purchase_cancelled" })}
        {field("adminId", "Administrator (user id)", { inputMode: "numeric" })}
        {field("resourceType", "Resource", { placeholder: "e.g. customer" })}
        {field("resourceId", "Resource id")}
        {field("from", "From", { type: "date" })}
        {field("to", "To", { type: "date" })}
        <HStack gap="2">
          <Button type="submit" size="sm" loading={isFiltering} loadingText="Filtering...">
            Filter
          </Button>
          {filtered ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(NO_FILTERS);
                apply(NO_FILTERS);
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </HStack>
        <Text textStyle="xs" color={problem ? "fg.error" : "fg.muted"} role="status" width="full">
          {problem ?? (filtered ? "Showing the entries that match every filter." : "Days in UK time, both included.")}
        </Text>
      </HStack>
      {entries.length === 0 ? (
        <AdminEmpty
          icon={ScrollText}
          title={filtered ? "No audit entries match these filters" : "No audit entries yet"}
        />
      ) : (
        <>
          <ScrollList label="Audit trail">
            <Table.Root size="sm" stickyHeader data-testid="audit-trail">
              <Table.Header>
                <Table.Row>
                  <ColumnHeader>Time</ColumnHeader>
                  <ColumnHeader>Action</ColumnHeader>
                  <ColumnHeader>Resource</ColumnHeader>
                  <ColumnHeader numeric>Admin ID</ColumnHeader>
                  <ColumnHeader>Details</ColumnHeader>
                  <ColumnHeader>IP Address</ColumnHeader>
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
                      {entry.resourceName ? (
                        <Text as="span" display="block" textStyle="xs" color="fg.muted">
                          {entry.resourceName}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell {...NUMERIC}>
                      {entry.actorToken ?? entry.adminId ?? "System"}
                      {entry.adminName ? (
                        <Text as="span" display="block" textStyle="xs" color="fg.muted">
                          {entry.adminName}
                        </Text>
                      ) : null}
                    </Table.Cell>
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
