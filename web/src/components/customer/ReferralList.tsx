import { Box, Button, Card, EmptyState, HStack, Icon, Stack, VStack } from "@chakra-ui/react";
import { UserPlus, Users } from "lucide-react";
import { useEffect, useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import { useSearchParams } from "wouter";
import type { ReferralList_customer$key } from "../../__generated__/ReferralList_customer.graphql.ts";
import type {
  ReferralListPaginationQuery,
  ReferralStatus,
} from "../../__generated__/ReferralListPaginationQuery.graphql.ts";
import { type EditableReferral, ReferralListItem } from "./ReferralListItem.tsx";

/** The connection's key: AddReferralDrawer prepends new referrals to it (unfiltered, and filtered to pending). */
export const REFERRAL_LIST_CONNECTION = "ReferralList_referrals";

const PAGE_SIZE = 10;

interface StatusFilterOption {
  status: ReferralStatus | null;
  label: string;
  empty: string;
  hint: string;
}

const ALL_FILTER: StatusFilterOption = {
  status: null,
  label: "All",
  empty: "No referrals yet",
  hint: "Start referring friends to earn credits!",
};

/** The filters, in the address as `?status=` (absent: All), each with what it shows when empty. */
export const STATUS_FILTERS: StatusFilterOption[] = [
  ALL_FILTER,
  {
    status: "PENDING",
    label: "Pending",
    empty: "No pending referrals",
    hint: "Friends you add wait here until they make a purchase.",
  },
  {
    status: "PURCHASED",
    label: "Purchased",
    empty: "No purchases yet",
    hint: "When a friend you referred buys, they move here and you earn credit.",
  },
  {
    status: "EXPIRED",
    label: "Expired",
    empty: "No expired referrals",
    hint: "A referral expires 90 days after it was added if there was no purchase.",
  },
  {
    status: "WITHDRAWN",
    label: "Withdrawn",
    empty: "No withdrawn referrals",
    hint: "Referrals you withdraw show here, with their details erased.",
  },
];

/** `?status=pending` (any case) → PENDING; anything else is All. */
export function parseStatusFilter(value: string | null): ReferralStatus | null {
  const wanted = value?.trim().toUpperCase();
  return STATUS_FILTERS.find((filter) => filter.status === wanted)?.status ?? null;
}

/** The customer's referrals, newest first, a page at a time, all or those of one status. */
export function ReferralList({
  customer,
  onAddReferral,
  onEditReferral,
}: {
  customer: ReferralList_customer$key;
  onAddReferral: () => void;
  onEditReferral?: (referral: EditableReferral) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    ReferralListPaginationQuery,
    ReferralList_customer$key
  >(
    graphql`
      fragment ReferralList_customer on Customer
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        status: { type: "ReferralStatus" }
      )
      @refetchable(queryName: "ReferralListPaginationQuery") {
        id
        referrals(first: $count, after: $cursor, status: $status) @connection(key: "ReferralList_referrals") {
          edges {
            node {
              id
              ...ReferralListItem_referral
            }
          }
        }
      }
    `,
    customer,
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = parseStatusFilter(searchParams.get("status"));
  // The dashboard's query reads all referrals; a filter in the address (on entry, or chosen) refetches in place.
  const [shown, setShown] = useState<ReferralStatus | null>(null);
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    if (wanted === shown) return;
    setShown(wanted);
    startTransition(() => {
      refetch({ count: PAGE_SIZE, status: wanted }, { fetchPolicy: "store-and-network" });
    });
  }, [wanted, shown, refetch]);

  const choose = (status: ReferralStatus | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (status === null) next.delete("status");
        else next.set("status", status.toLowerCase());
        return next;
      },
      { replace: true },
    );

  const referrals = data.referrals.edges.map((edge) => edge.node);
  const filter = STATUS_FILTERS.find((candidate) => candidate.status === shown) ?? ALL_FILTER;

  return (
    <Stack gap="3">
      <StatusFilter selected={wanted} onChoose={choose} />
      <Box aria-busy={pending} opacity={pending ? 0.6 : 1} transition="opacity 0.2s">
        {referrals.length === 0 ? (
          <Card.Root>
            <Card.Body>
              <EmptyState.Root size="md">
                <EmptyState.Content>
                  <EmptyState.Indicator color="brand.fg">
                    <Icon as={Users} aria-hidden="true" />
                  </EmptyState.Indicator>
                  <VStack textAlign="center" gap="1">
                    <EmptyState.Title as="h2">{filter.empty}</EmptyState.Title>
                    <EmptyState.Description>{filter.hint}</EmptyState.Description>
                  </VStack>
                  {filter.status === null ? (
                    <Button size="lg" onClick={onAddReferral}>
                      <UserPlus aria-hidden="true" />
                      Add Referral
                    </Button>
                  ) : (
                    <Button size="lg" variant="outline" onClick={() => choose(null)}>
                      Show all referrals
                    </Button>
                  )}
                </EmptyState.Content>
              </EmptyState.Root>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="3">
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Your referrals" data-testid="referral-list">
              {referrals.map((referral) => (
                <ReferralListItem key={referral.id} referral={referral} customerId={data.id} onEdit={onEditReferral} />
              ))}
            </Stack>
            {hasNext ? (
              <Button
                variant="outline"
                size="lg"
                onClick={() => loadNext(PAGE_SIZE)}
                loading={isLoadingNext}
                loadingText="Loading..."
              >
                Show more referrals
              </Button>
            ) : null}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/** One pressed button per status; the row scrolls sideways on a narrow phone rather than wrap. */
function StatusFilter({
  selected,
  onChoose,
}: {
  selected: ReferralStatus | null;
  onChoose: (status: ReferralStatus | null) => void;
}) {
  return (
    <HStack
      role="group"
      aria-label="Filter referrals by status"
      gap="2"
      overflowX="auto"
      py="1"
      mx="-1"
      px="1"
      css={{ scrollbarWidth: "none" }}
    >
      {STATUS_FILTERS.map(({ status, label }) => {
        const active = status === selected;
        return (
          <Button
            key={label}
            size="sm"
            minHeight="11"
            flexShrink="0"
            borderRadius="full"
            variant={active ? "solid" : "outline"}
            aria-pressed={active}
            onClick={() => onChoose(status)}
          >
            {label}
          </Button>
        );
      })}
    </HStack>
  );
}
