import { Button, Card, EmptyState, Icon, Stack, VStack } from "@chakra-ui/react";
import { UserPlus, Users } from "lucide-react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { ReferralList_customer$key } from "../../__generated__/ReferralList_customer.graphql.ts";
import type { ReferralListPaginationQuery } from "../../__generated__/ReferralListPaginationQuery.graphql.ts";
import { type EditableReferral, ReferralListItem } from "./ReferralListItem.tsx";

/** The connection's key: AddReferralDrawer prepends new referrals to it. */
export const REFERRAL_LIST_CONNECTION = "ReferralList_referrals";

const PAGE_SIZE = 10;

/** The customer's referrals, newest first, a page at a time. */
export function ReferralList({
  customer,
  onAddReferral,
  onEditReferral,
}: {
  customer: ReferralList_customer$key;
  onAddReferral: () => void;
  onEditReferral?: (referral: EditableReferral) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    ReferralListPaginationQuery,
    ReferralList_customer$key
  >(
    graphql`
      fragment ReferralList_customer on Customer
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ReferralListPaginationQuery") {
        id
        referrals(first: $count, after: $cursor) @connection(key: "ReferralList_referrals") {
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
  const referrals = data.referrals.edges.map((edge) => edge.node);

  if (referrals.length === 0) {
    return (
      <Card.Root>
        <Card.Body>
          <EmptyState.Root size="md">
            <EmptyState.Content>
              <EmptyState.Indicator color="brand.fg">
                <Icon as={Users} aria-hidden="true" />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title as="h2">No referrals yet</EmptyState.Title>
                <EmptyState.Description>Start referring friends to earn credits!</EmptyState.Description>
              </VStack>
              <Button size="lg" onClick={onAddReferral}>
                <UserPlus aria-hidden="true" />
                Add Referral
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
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
  );
}
