import { Badge, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminCustomerProfile_customer$key } from "../../../__generated__/AdminCustomerProfile_customer.graphql.ts";
import { AdminPendingCustomerCard } from "../AdminPendingCustomerCard.tsx";
import { formatDate, formatMoney } from "../format.ts";
import { EmailNotConfirmedBadge, StatusBadge } from "../StatusBadge.tsx";
import { StorySection } from "./StorySection.tsx";
import { adminListConnectionId } from "./storyConnections.ts";

const STATUS_LABEL: Record<string, string> = { PENDING: "Pending review", VERIFIED: "Verified", REJECTED: "Rejected" };

/** The profile: while pending, the Customer Approval card (approve, edit, reject); afterwards, read only. */
export function AdminCustomerProfile({
  customer: customerKey,
  onChanged,
}: {
  customer: AdminCustomerProfile_customer$key;
  onChanged: () => void;
}) {
  const customer = useFragment(
    graphql`
      fragment AdminCustomerProfile_customer on Customer {
        status
        rejectionReason
        postcode
        contractNumber
        createdAt
        verifiedAt
        originalPurchaseAmount {
          pence
        }
        user {
          username
          email
          emailConfirmed
          erased
        }
        ...AdminPendingCustomerCard_customer
      }
    `,
    customerKey,
  );
  if (customer.status === "PENDING")
    return (
      <AdminPendingCustomerCard
        customer={customer}
        connectionId={adminListConnectionId("pendingCustomers")}
        onRemoved={onChanged}
        linkToStory={false}
      />
    );
  return (
    <StorySection id="story-profile" title="Profile">
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <StatusBadge status={customer.status} label={STATUS_LABEL[customer.status] ?? customer.status} />
          {customer.user.erased ? (
            <Badge colorPalette="gray" variant="solid" borderRadius="full">
              Erased
            </Badge>
          ) : customer.user.emailConfirmed ? null : (
            <EmailNotConfirmedBadge />
          )}
        </HStack>
        <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
          {customer.user.username} · {customer.user.email}
        </Text>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <Detail label="Original Purchase" value={formatMoney(customer.originalPurchaseAmount.pence)} />
          <Detail label="Postcode" value={customer.postcode} />
          <Detail label="Contract Number" value={customer.contractNumber} />
          <Detail label="Registered" value={formatDate(customer.createdAt)} />
          {customer.verifiedAt ? <Detail label="Verified" value={formatDate(customer.verifiedAt)} /> : null}
          {customer.rejectionReason ? <Detail label="Rejection reason" value={customer.rejectionReason} /> : null}
        </DataList.Root>
      </Stack>
    </StorySection>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="32">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
