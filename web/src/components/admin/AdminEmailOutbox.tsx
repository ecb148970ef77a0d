import { Badge, Box, Button, Field, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { CircleAlert, CircleCheck, Clock, Inbox, RotateCcw } from "lucide-react";
import { useState, useTransition } from "react";
import { graphql, useFragment, usePaginationFragment } from "react-relay/hooks";
import type { AdminEmailOutbox_query$key } from "../../__generated__/AdminEmailOutbox_query.graphql.ts";
import type { AdminEmailOutboxPaginationQuery } from "../../__generated__/AdminEmailOutboxPaginationQuery.graphql.ts";
import type {
  AdminEmailOutboxQuery,
  EmailStatus,
  EmailType,
} from "../../__generated__/AdminEmailOutboxQuery.graphql.ts";
import type { AdminEmailOutboxRetryAllMutation } from "../../__generated__/AdminEmailOutboxRetryAllMutation.graphql.ts";
import type { AdminOutboxEmailCard_email$key } from "../../__generated__/AdminOutboxEmailCard_email.graphql.ts";
import type { AdminOutboxEmailCardRetryMutation } from "../../__generated__/AdminOutboxEmailCardRetryMutation.graphql.ts";
import { notify, notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "./AdminDialog.tsx";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { formatCount, formatDateTime } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";

/** Every email the outbox holds, by its name in the page (the filter's options, in the server's order). */
export const EMAIL_TYPE_LABELS: Record<Exclude<EmailType, "%future added value">, string> = {
  REGISTRATION_CONFIRMATION: "Registration confirmation",
  ACCOUNT_VERIFICATION: "Account verification",
  ACCOUNT_REJECTION: "Account rejection",
  NEW_REFERRAL_ALERT: "New referral alert",
  CREDITS_EARNED: "Credits earned",
  MILESTONE_ACHIEVEMENT: "Milestone achievement",
  MILESTONE_PAID: "Milestone paid",
  PASSWORD_RESET: "Password reset",
  EMAIL_CONFIRMATION: "Email confirmation",
  REFERRAL_EXPIRY_WARNING: "Referral expiry warning",
  REFERRAL_EXPIRED: "Referral expired",
  PURCHASE_CANCELLED: "Purchase cancelled",
  EMAIL_CHANGE_CONFIRMATION: "Email change confirmation",
  EMAIL_CHANGE_NOTICE: "Email change notice",
  PASSWORD_CHANGED: "Password changed",
  SECOND_FACTOR_CHANGED: "Two-step verification changed",
  STAFF_INVITATION: "Staff invitation",
  SHARE_LINK_FRIEND_CONFIRMATION: "Share link: friend's confirmation",
};

const STATUS_STYLE = {
  PENDING: { label: "Pending", palette: "amber", icon: Clock },
  SENT: { label: "Sent", palette: "green", icon: CircleCheck },
  FAILED: { label: "Failed", palette: "red", icon: CircleAlert },
} as const;

type StatusFilter = "" | Exclude<EmailStatus, "%future added value">;
type TypeFilter = "" | keyof typeof EMAIL_TYPE_LABELS;

interface AdminEmailOutboxProps {
  /** The failed count of the panel's figures: "Retry all failed (N)". */
  failedCount: number;
  /** After a retry: the panel asks for its counts again. */
  onRetried: () => void;
}

/**
 * The outbox, newest first: filtered by status and type, each email a card with its recipient,
 * attempts, last error and times, a Retry button on a failed one, and "Retry all failed".
 */
export function AdminEmailOutbox({ failedCount, onRetried }: AdminEmailOutboxProps) {
  const query = useAdminQuery<AdminEmailOutboxQuery>(
    graphql`
      query AdminEmailOutboxQuery($count: Int!, $status: EmailStatus, $type: EmailType) {
        ...AdminEmailOutbox_query @arguments(count: $count, status: $status, type: $type)
      }
    `,
    { count: ADMIN_PAGE_SIZE, status: null, type: null },
    "every-visit",
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminEmailOutboxPaginationQuery,
    AdminEmailOutbox_query$key
  >(
    graphql`
      fragment AdminEmailOutbox_query on Query
      @argumentDefinitions(
        count: { type: "Int!" }
        cursor: { type: "String" }
        status: { type: "EmailStatus" }
        type: { type: "EmailType" }
      )
      @refetchable(queryName: "AdminEmailOutboxPaginationQuery") {
        emailOutbox(first: $count, after: $cursor, status: $status, type: $type)
          @connection(key: "AdminEmailOutbox_emailOutbox") {
          edges {
            node {
              id
              ...AdminOutboxEmailCard_email
            }
          }
        }
      }
    `,
    query,
  );
  const [status, setStatus] = useState<StatusFilter>("");
  const [type, setType] = useState<TypeFilter>("");
  const [filtering, startFiltering] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const emails = data.emailOutbox.edges.map((edge) => edge.node);

  const [commitRetryAll, retryingAll] = useMutationWithNotice<AdminEmailOutboxRetryAllMutation>(graphql`
    mutation AdminEmailOutboxRetryAllMutation {
      retryFailedEmails {
        __typename
        ... on MutationRetryFailedEmailsSuccess {
          data {
            retried
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function applyFilter(next: { status: StatusFilter; type: TypeFilter }, fetchPolicy?: "network-only") {
    startFiltering(() => {
      refetch(
        { count: ADMIN_PAGE_SIZE, status: next.status || null, type: next.type || null },
        fetchPolicy ? { fetchPolicy } : undefined,
      );
    });
  }

  function retryAll() {
    commitRetryAll({
      variables: {},
      failed: "Failed to retry emails",
      onSuccess: (result) => {
        notify({
          title: "Failed emails retried",
          description: result.data.message,
          tone: result.data.retried > 0 ? "success" : "info",
        });
        setConfirming(false);
        // Every failed email may have changed: the list and the counts are asked for again.
        applyFilter({ status, type }, "network-only");
        onRetried();
      },
    });
  }

  return (
    <Stack gap="3" data-testid="email-outbox">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h3" size="sm">
          Outbox
        </Heading>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={failedCount === 0}
          onClick={() => setConfirming(true)}
        >
          <RotateCcw aria-hidden="true" />
          Retry all failed ({formatCount(failedCount)})
        </Button>
      </HStack>
      <Stack direction={{ base: "column", sm: "row" }} gap="3">
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value as StatusFilter);
            applyFilter({ status: value as StatusFilter, type });
          }}
          options={[
            ["", "All statuses"],
            ["PENDING", "Pending"],
            ["SENT", "Sent"],
            ["FAILED", "Failed"],
          ]}
        />
        <FilterSelect
          label="Type"
          value={type}
          onChange={(value) => {
            setType(value as TypeFilter);
            applyFilter({ status, type: value as TypeFilter });
          }}
          options={[["", "All types"], ...Object.entries(EMAIL_TYPE_LABELS)]}
        />
      </Stack>
      {emails.length === 0 ? (
        <AdminEmpty icon={Inbox} title="No emails">
          {status || type ? "No email matches these filters." : "Emails appear here as soon as they are queued."}
        </AdminEmpty>
      ) : (
        <>
          <ScrollList label="Email outbox" opacity={filtering ? 0.6 : 1} aria-busy={filtering}>
            <Stack as="ul" gap="0" listStyleType="none">
              {emails.map((email) => (
                <AdminOutboxEmailCard key={email.id} email={email} onRetried={onRetried} />
              ))}
            </Stack>
          </ScrollList>
          <LoadMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
            status={`${formatCount(emails.length)} shown, newest first`}
          />
        </>
      )}
      <AdminDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Retry all failed emails?"
        description={`${formatCount(failedCount)} failed ${failedCount === 1 ? "email goes" : "emails go"} back in the queue and ${failedCount === 1 ? "is" : "are"} sent again. Emails whose text was removed (reset and confirmation links) stay failed.`}
        confirmLabel="Retry all"
        loading={retryingAll}
        loadingText="Retrying..."
        onConfirm={retryAll}
      />
    </Stack>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field.Root flex="1" minWidth="0">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One email as a card: stacked on a phone, its facts in columns on a wider screen. */
function AdminOutboxEmailCard({
  email: emailKey,
  onRetried,
}: {
  email: AdminOutboxEmailCard_email$key;
  onRetried: () => void;
}) {
  const email = useFragment(
    graphql`
      fragment AdminOutboxEmailCard_email on OutboxEmail {
        id
        type
        toAddress
        subject
        status
        attempts
        lastError
        nextAttemptAt
        sentAt
        createdAt
      }
    `,
    emailKey,
  );
  const [commit, isInFlight] = useMutationWithNotice<AdminOutboxEmailCardRetryMutation>(graphql`
    mutation AdminOutboxEmailCardRetryMutation($input: RetryEmailInput!) {
      retryEmail(input: $input) {
        __typename
        ... on MutationRetryEmailSuccess {
          data {
            ...AdminOutboxEmailCard_email
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const style = STATUS_STYLE[email.status as keyof typeof STATUS_STYLE] ?? STATUS_STYLE.PENDING;
  const StatusIcon = style.icon;
  const typeLabel = EMAIL_TYPE_LABELS[email.type as keyof typeof EMAIL_TYPE_LABELS] ?? email.type;

  function retry() {
    commit({
      variables: { input: { emailId: email.id } },
      failed: "Failed to retry the email",
      onSuccess: () => {
        notifySuccess(
          "Email queued again",
          `The ${typeLabel.toLowerCase()} email to ${email.toAddress} will be sent again.`,
        );
        onRetried();
      },
    });
  }

  return (
    <Box as="li" p="3" borderBottomWidth="1px" borderColor="border.muted" data-testid="outbox-email">
      <HStack justify="space-between" align="start" gap="2" flexWrap="wrap">
        <Stack gap="0" minWidth="0">
          <Text fontWeight="medium">{typeLabel}</Text>
          <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
            To {email.toAddress}
          </Text>
        </Stack>
        <Badge colorPalette={style.palette} variant="subtle">
          <StatusIcon aria-hidden="true" />
          {style.label}
        </Badge>
      </HStack>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="2" mt="2" textStyle="sm">
        <Fact label="Attempts" value={formatCount(email.attempts)} />
        <Fact label="Created" value={formatDateTime(email.createdAt)} />
        {email.status === "SENT" ? (
          <Fact label="Sent" value={email.sentAt ? formatDateTime(email.sentAt) : "—"} />
        ) : email.status === "PENDING" ? (
          <Fact label="Next attempt" value={formatDateTime(email.nextAttemptAt)} />
        ) : (
          <Fact label="Sent" value="Not sent" />
        )}
        <Fact label="Subject" value={email.subject} />
      </SimpleGrid>
      {email.lastError ? (
        <Text textStyle="sm" mt="2" color="fg.error" wordBreak="break-word" data-testid="outbox-email-error">
          Last error: {email.lastError}
        </Text>
      ) : null}
      {email.status === "FAILED" ? (
        <Button
          size="sm"
          mt="2"
          width={{ base: "full", sm: "auto" }}
          onClick={retry}
          loading={isInFlight}
          loadingText="Retrying..."
          aria-label={`Retry the ${typeLabel.toLowerCase()} email to ${email.toAddress}`}
        >
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      ) : null}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box minWidth="0">
      <Text as="dt" color="fg.muted" textStyle="xs">
        {label}
      </Text>
      <Text as="dd" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}
