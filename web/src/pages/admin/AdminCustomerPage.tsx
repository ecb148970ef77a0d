import { Alert, Button, HStack, Link, SimpleGrid, Stack } from "@chakra-ui/react";
import { ArrowLeft, Eraser } from "lucide-react";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { AdminCustomerHistoryQuery } from "../../__generated__/AdminCustomerHistoryQuery.graphql.ts";
import type { AdminCustomerPageQuery } from "../../__generated__/AdminCustomerPageQuery.graphql.ts";
import type { AdminCustomerPageReferralsQuery } from "../../__generated__/AdminCustomerPageReferralsQuery.graphql.ts";
import { AdminMilestoneCustomerCard } from "../../components/admin/AdminMilestoneCustomerCard.tsx";
import { PAYOUT_REQUESTS_SHOWN, usePendingPayoutKeys } from "../../components/admin/AdminPayoutRequests.tsx";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { ADMIN_PAGE_SIZE } from "../../components/admin/adminLists.ts";
import { AdminCustomerActivities } from "../../components/admin/customer/AdminCustomerActivities.tsx";
import { AdminCustomerAudit } from "../../components/admin/customer/AdminCustomerAudit.tsx";
import { AdminCustomerEmails } from "../../components/admin/customer/AdminCustomerEmails.tsx";
import { AdminCustomerFigures } from "../../components/admin/customer/AdminCustomerFigures.tsx";
import { AdminCustomerLedger } from "../../components/admin/customer/AdminCustomerLedger.tsx";
import { AdminCustomerPayments } from "../../components/admin/customer/AdminCustomerPayments.tsx";
import { AdminCustomerProfile } from "../../components/admin/customer/AdminCustomerProfile.tsx";
import { AdminCustomerReferrals } from "../../components/admin/customer/AdminCustomerReferrals.tsx";
import { AdminCustomerShareLink } from "../../components/admin/customer/AdminCustomerShareLink.tsx";
import { AdminEraseCustomerDialog } from "../../components/admin/customer/AdminErasureDialogs.tsx";
import { adminListConnectionId } from "../../components/admin/customer/storyConnections.ts";
import { personName } from "../../components/admin/format.ts";
import { TabBoundary } from "../../components/admin/TabBoundary.tsx";

const BACK = (
  <Button asChild variant="outline" size="sm">
    <RouterLink href="/admin">
      <ArrowLeft aria-hidden="true" />
      Back to Admin Panel
    </RouterLink>
  </Button>
);

/** /admin/customers/:id: one customer's whole story, and the admin actions on it. Administrators only. */
export function AdminCustomerPage({ customerId }: { customerId: string }) {
  const databaseId = /^[1-9][0-9]{0,9}$/.test(customerId) ? Number(customerId) : null;
  if (databaseId === null || databaseId > 2 ** 31 - 1) return <NoCustomer customerId={customerId} />;
  return (
    <TabBoundary label="Loading the customer">
      <CustomerStory databaseId={databaseId} />
    </TabBoundary>
  );
}

function NoCustomer({ customerId }: { customerId: string }) {
  return (
    <AdminShell title="Customer not found" actions={BACK}>
      <Alert.Root status="info" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Description>There is no customer {customerId}.</Alert.Description>
      </Alert.Root>
    </AdminShell>
  );
}

function CustomerStory({ databaseId }: { databaseId: number }) {
  // Each action asks the server again (in the background, the page stays): the ledger, figures and lists all move.
  const [fetchKey, setFetchKey] = useState(0);
  const refresh = () => setFetchKey((key) => key + 1);
  const query = useLazyLoadQuery<AdminCustomerPageQuery>(
    graphql`
      query AdminCustomerPageQuery($databaseId: Int!, $count: Int!, $requestCount: Int!) {
        programme {
          creditRateBasisPoints
          creditRatePercent
          payoutApprovalThreshold {
            pence
          }
        }
        ...AdminPayoutRequests_query @arguments(count: $requestCount)
        customer(databaseId: $databaseId) {
          databaseId
          status
          id
          user {
            username
            email
            firstName
            lastName
            erased
          }
          milestones {
            state
          }
          ...AdminCustomerProfile_customer
          ...AdminCustomerFigures_customer
          ...AdminCustomerShareLink_customer
          ...AdminMilestoneCustomerCard_customer
          ...AdminCustomerLedger_customer @arguments(count: $count)
          ...AdminCustomerPayments_customer
        }
      }
    `,
    { databaseId, count: ADMIN_PAGE_SIZE, requestCount: PAYOUT_REQUESTS_SHOWN },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [erasing, setErasing] = useState(false);
  const payouts = usePendingPayoutKeys(query);
  const customer = query.customer;
  if (!customer) return <NoCustomer customerId={String(databaseId)} />;
  const name = personName(customer.user);
  const milestoneReady = customer.status === "VERIFIED" && customer.milestones.some((m) => m.state === "READY");

  return (
    <AdminShell
      title={name}
      subtitle={`Customer #${customer.databaseId} · ${customer.user.email}`}
      actions={
        <>
          {customer.user.erased ? null : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setErasing(true)}>
              <Eraser aria-hidden="true" />
              Erase Customer
            </Button>
          )}
          {BACK}
        </>
      }
    >
      {erasing ? (
        <AdminEraseCustomerDialog
          open
          onOpenChange={setErasing}
          customerId={customer.id}
          customerName={name}
          onErased={refresh}
        />
      ) : null}
      <Stack gap="4">
        <SectionLinks />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <AdminCustomerProfile customer={customer} onChanged={refresh} />
          <Stack gap="4" minWidth="0">
            <AdminCustomerFigures customer={customer} />
            <AdminCustomerShareLink customer={customer} />
            {milestoneReady ? (
              <AdminMilestoneCustomerCard
                customer={customer}
                customerName={name}
                email={customer.user.email}
                descriptions={[]}
                connectionId={adminListConnectionId("milestonePayments")}
                onPaid={refresh}
                thresholdPence={query.programme.payoutApprovalThreshold.pence}
                pendingPayoutKeys={payouts.keys}
                requestsConnectionId={payouts.connectionId}
                linkToStory={false}
                showFigures={false}
              />
            ) : null}
          </Stack>
        </SimpleGrid>
        <AdminCustomerLedger customer={customer} />
        <TabBoundary label="Loading the customer's referrals">
          <CustomerReferrals
            databaseId={databaseId}
            fetchKey={fetchKey}
            creditRateBasisPoints={query.programme.creditRateBasisPoints}
            creditRatePercent={query.programme.creditRatePercent}
            onChanged={refresh}
          />
        </TabBoundary>
        <AdminCustomerPayments customer={customer} />
        <TabBoundary label="Loading the customer's history">
          <CustomerHistory databaseId={databaseId} fetchKey={fetchKey} />
        </TabBoundary>
      </Stack>
    </AdminShell>
  );
}

const SECTIONS = [
  ["story-figures", "Figures"],
  ["story-share-link", "Share link"],
  ["story-ledger", "Ledger"],
  ["story-referrals", "Referrals"],
  ["story-payments", "Payments"],
  ["story-activities", "Activities"],
  ["story-emails", "Emails"],
  ["story-audit", "Audit"],
] as const;

/** The page's sections as links that wrap (a long page on a phone): each jumps to its section. */
function SectionLinks() {
  return (
    <HStack as="nav" aria-label="Sections of this page" gap="1" flexWrap="wrap" textStyle="sm">
      {SECTIONS.map(([id, label]) => (
        <Link
          key={id}
          href={`#${id}`}
          px="2.5"
          py="1"
          borderRadius="full"
          borderWidth="1px"
          borderColor="border.muted"
          bg="bg.panel"
          color="fg"
          textDecoration="none"
          minHeight="8"
          onClick={(event) => {
            const target = document.getElementById(id);
            if (!target) return;
            event.preventDefault();
            const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
            target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
          }}
        >
          {label}
        </Link>
      ))}
    </HStack>
  );
}

/**
 * The referrals with their signals and holds: a request of its own, read alongside the first (with
 * them the first would ask for more values than the server allows one request).
 */
function CustomerReferrals({
  databaseId,
  fetchKey,
  creditRateBasisPoints,
  creditRatePercent,
  onChanged,
}: {
  databaseId: number;
  fetchKey: number;
  creditRateBasisPoints: number;
  creditRatePercent: string;
  onChanged: () => void;
}) {
  const query = useLazyLoadQuery<AdminCustomerPageReferralsQuery>(
    graphql`
      query AdminCustomerPageReferralsQuery($databaseId: Int!, $count: Int!) {
        customer(databaseId: $databaseId) {
          ...AdminCustomerReferrals_customer @arguments(count: $count)
        }
      }
    `,
    { databaseId, count: ADMIN_PAGE_SIZE },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  if (!query.customer) return null;
  return (
    <AdminCustomerReferrals
      customer={query.customer}
      creditRateBasisPoints={creditRateBasisPoints}
      creditRatePercent={creditRatePercent}
      onChanged={onChanged}
    />
  );
}

/**
 * Activities, emails and audit entries: a second request, read alongside the first (one request
 * with every list would ask for more values than the server allows one request).
 */
function CustomerHistory({ databaseId, fetchKey }: { databaseId: number; fetchKey: number }) {
  const query = useLazyLoadQuery<AdminCustomerHistoryQuery>(
    graphql`
      query AdminCustomerHistoryQuery($databaseId: Int!, $count: Int!) {
        customer(databaseId: $databaseId) {
          ...AdminCustomerActivities_customer @arguments(count: $count)
          ...AdminCustomerEmails_customer @arguments(count: $count)
          ...AdminCustomerAudit_customer @arguments(count: $count)
        }
      }
    `,
    { databaseId, count: ADMIN_PAGE_SIZE },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const customer = query.customer;
  if (!customer) return null;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
        <AdminCustomerActivities customer={customer} />
        <AdminCustomerEmails customer={customer} />
      </SimpleGrid>
      <AdminCustomerAudit customer={customer} />
    </Stack>
  );
}
