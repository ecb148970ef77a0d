import { Badge, Box, Button, DataList, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Check, Pencil, X } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminPendingCustomerCard_customer$key } from "../../__generated__/AdminPendingCustomerCard_customer.graphql.ts";
import type { AdminPendingCustomerCardApproveMutation } from "../../__generated__/AdminPendingCustomerCardApproveMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminEditCustomerDialog } from "./AdminEditCustomerDialog.tsx";
import { AdminRejectCustomerDialog } from "./AdminRejectCustomerDialog.tsx";
import { invalidateAdminLists } from "./adminLists.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { formatDate, formatMoney, personName } from "./format.ts";
import { EmailNotConfirmedBadge } from "./StatusBadge.tsx";

/** One registration waiting for review, with Approve Customer, Edit Details and Reject Application. */
interface AdminPendingCustomerCardProps {
  customer: AdminPendingCustomerCard_customer$key;
  connectionId: string;
  /** After an approval or a rejection: the card has left the list. */
  onRemoved?: () => void;
  /** The name links to the customer's page (not on that page itself). */
  linkToStory?: boolean;
}

export function AdminPendingCustomerCard({
  customer: customerKey,
  connectionId,
  onRemoved,
  linkToStory = true,
}: AdminPendingCustomerCardProps) {
  const customer = useFragment(
    graphql`
      fragment AdminPendingCustomerCard_customer on Customer {
        id
        databaseId
        createdAt
        postcode
        contractNumber
        originalPurchaseAmount {
          pence
        }
        user {
          username
          email
          emailConfirmed
          firstName
          lastName
        }
        ...AdminEditCustomerDialog_customer
      }
    `,
    customerKey,
  );
  const [commitApprove, approving] = useMutationWithNotice<AdminPendingCustomerCardApproveMutation>(graphql`
    mutation AdminPendingCustomerCardApproveMutation($input: ApproveCustomerInput!, $connections: [ID!]!) {
      approveCustomer(input: $input) {
        __typename
        ... on MutationApproveCustomerSuccess {
          data {
            id @deleteEdge(connections: $connections)
            status
            isVerified
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const refreshCounts = useRefreshAdminCounts();
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const name = personName(customer.user);

  function approve() {
    commitApprove({
      variables: { input: { customerId: customer.id }, connections: [connectionId] },
      updater: (store, response) => {
        if (response && isSuccess(response.approveCustomer))
          invalidateAdminLists(store, ["allCustomers", "customerDetails"]);
      },
      failed: "Approval Failed",
      onSuccess: () => {
        notifySuccess("Customer Approved", `${name}'s account is verified and the verification email is queued.`);
        refreshCounts();
        onRemoved?.();
      },
    });
  }

  return (
    <Box
      as="article"
      aria-label={name}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      p="4"
      bg="bg.panel"
      data-testid="pending-customer"
    >
      <Stack gap="3" direction={{ base: "column", xl: "row" }} justify="space-between">
        <Stack gap="2" flex="1" minWidth="0">
          <HStack gap="2" flexWrap="wrap">
            <Heading as="h3" size="sm">
              {linkToStory ? <CustomerStoryLink databaseId={customer.databaseId}>{name}</CustomerStoryLink> : name}
            </Heading>
            <Badge colorPalette="amber" variant="subtle">
              Pending review
            </Badge>
            {customer.user.emailConfirmed ? null : <EmailNotConfirmedBadge />}
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {customer.user.username} · {customer.user.email}
          </Text>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <Detail label="Purchase Amount" value={formatMoney(customer.originalPurchaseAmount.pence)} numeric />
            <Detail label="Postcode" value={customer.postcode} />
            <Detail label="Contract Number" value={customer.contractNumber} />
            <Detail label="Registered" value={formatDate(customer.createdAt)} />
          </DataList.Root>
        </Stack>
        <HStack gap="2" flexWrap="wrap" alignSelf={{ base: "stretch", xl: "center" }}>
          <Button colorPalette="green" size="sm" onClick={approve} loading={approving} loadingText="Approving...">
            <Check aria-hidden="true" />
            Approve Customer
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} disabled={approving}>
            <Pencil aria-hidden="true" />
            Edit Details
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            size="sm"
            onClick={() => setRejecting(true)}
            disabled={approving}
          >
            <X aria-hidden="true" />
            Reject Application
          </Button>
        </HStack>
      </Stack>
      <AdminEditCustomerDialog customer={customer} open={editing} onOpenChange={setEditing} />
      <AdminRejectCustomerDialog
        customerId={customer.id}
        customerName={name}
        email={customer.user.email}
        connectionId={connectionId}
        open={rejecting}
        onOpenChange={setRejecting}
        onRejected={onRemoved}
      />
    </Box>
  );
}

function Detail({ label, value, numeric = false }: { label: string; value: string; numeric?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="32">{label}</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric={numeric ? "tabular-nums" : undefined}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
