import { Alert, Box, Button, Heading, HStack, Icon, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { CircleAlert, CircleCheck, Clock, type LucideIcon, Mail, Send } from "lucide-react";
import { Suspense } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import type { AdminEmailPanelMutation } from "../../__generated__/AdminEmailPanelMutation.graphql.ts";
import type { AdminEmailPanelQuery } from "../../__generated__/AdminEmailPanelQuery.graphql.ts";
import { notify } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminEmailOutbox } from "./AdminEmailOutbox.tsx";
import { formatCount } from "./format.ts";
import { useAdminQuery } from "./useAdminQuery.ts";

const emailStatsQuery = graphql`
  query AdminEmailPanelQuery {
    emailStats {
      pending
      sent
      failed
      configured
    }
  }
`;

/** The five kinds of email the Email System tab lists. */
export const EMAIL_TYPES = [
  { name: "Registration confirmation", when: "when a customer completes their registration" },
  { name: "Account verification", when: "when an administrator approves a registration" },
  { name: "New referral alert", when: "when a customer adds a referral" },
  { name: "Credits earned", when: "when a referral's purchase is verified" },
  { name: "Milestone achievement", when: "when a customer's credits reach 33%, 66% or 100%" },
] as const;

interface AdminEmailPanelProps {
  /** The Admin Panel's Email System tab (with the email types) or the reports page's Emails tab. */
  variant: "admin" | "reports";
}

/**
 * The email outbox: pending, sent and failed counts and a button that sends every pending email
 * now. With no email server configured, emails stay queued and the panel says so.
 */
export function AdminEmailPanel({ variant }: AdminEmailPanelProps) {
  const environment = useRelayEnvironment();
  const { emailStats } = useAdminQuery<AdminEmailPanelQuery>(emailStatsQuery, {}, "every-visit");
  const refreshCounts = useRefreshAdminCounts();
  const [commit, isInFlight] = useMutationWithNotice<AdminEmailPanelMutation>(graphql`
    mutation AdminEmailPanelMutation {
      processEmails {
        __typename
        ... on MutationProcessEmailsSuccess {
          data {
            processed
            sent
            failed
            configured
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  /** The figures above, asked for again after an action moved them, and the tab labels' counts. */
  function refreshStats() {
    fetchQuery<AdminEmailPanelQuery>(environment, emailStatsQuery, {}, { fetchPolicy: "network-only" }).subscribe({
      error: () => {},
    });
    refreshCounts();
  }

  function processAll() {
    commit({
      variables: {},
      failed: "Failed to process emails",
      onSuccess: ({ data }) => {
        notify({ title: "Emails processed", description: data.message, tone: data.configured ? "success" : "info" });
        refreshStats();
      },
    });
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {variant === "admin" ? "Email System" : "Emails"}
        </Heading>
        <Button onClick={processAll} loading={isInFlight} loadingText="Processing...">
          <Send aria-hidden="true" />
          {variant === "admin" ? "Process All Pending Emails" : "Process Pending Emails"}
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <EmailCount label="Pending" count={emailStats.pending} icon={Clock} palette="amber" />
        <EmailCount label="Sent" count={emailStats.sent} icon={CircleCheck} palette="green" />
        <EmailCount label="Failed" count={emailStats.failed} icon={CircleAlert} palette="red" />
      </SimpleGrid>
      {emailStats.configured ? null : (
        <Alert.Root status="info" borderRadius="lg" data-testid="email-not-configured">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The email service is not configured</Alert.Title>
            <Alert.Description>
              Emails stay queued as pending until an email server (SMTP) is set up; processing them sends nothing.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {variant === "admin" ? (
        <Suspense fallback={<Text color="fg.muted">Loading the outbox...</Text>}>
          <AdminEmailOutbox failedCount={emailStats.failed} onRetried={refreshStats} />
        </Suspense>
      ) : null}
      {variant === "admin" ? (
        <Box
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          bg="bg.panel"
          p="4"
          data-testid="email-types"
        >
          <Heading as="h3" size="sm" mb="2">
            Email types
          </Heading>
          <List.Root gap="2" variant="plain">
            {EMAIL_TYPES.map((type) => (
              <List.Item key={type.name} alignItems="start">
                <List.Indicator asChild color="brand.fg">
                  <Mail aria-hidden="true" />
                </List.Indicator>
                <Text textStyle="sm">
                  <strong>{type.name}</strong>: {type.when}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}
    </Stack>
  );
}

function EmailCount({
  label,
  count,
  icon,
  palette,
}: {
  label: string;
  count: number;
  icon: LucideIcon;
  palette: string;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      p="4"
      data-testid={`emails-${label.toLowerCase()}`}
    >
      <HStack justify="space-between">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Icon as={icon} color={`${palette}.fg`} aria-hidden="true" />
      </HStack>
      <Text fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
        {formatCount(count)}
      </Text>
    </Box>
  );
}
