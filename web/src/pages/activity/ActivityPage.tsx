import { Box, Button, Card, EmptyState, Heading, Icon, Stack, Text, VStack } from "@chakra-ui/react";
import { ArrowLeft, History } from "lucide-react";
import { Suspense, useState } from "react";
import { graphql, type PreloadedQuery, usePaginationFragment, usePreloadedQuery } from "react-relay/hooks";
import { Redirect, Link as RouterLink } from "wouter";
import type { ActivityHistory_customer$key } from "../../__generated__/ActivityHistory_customer.graphql.ts";
import type { ActivityHistoryPaginationQuery } from "../../__generated__/ActivityHistoryPaginationQuery.graphql.ts";
import ActivityPageDetailsQuery, {
  type ActivityPageDetailsQuery as ActivityPageDetailsQueryType,
} from "../../__generated__/ActivityPageDetailsQuery.graphql.ts";
import type { ActivityPageQuery as ActivityPageQueryType } from "../../__generated__/ActivityPageQuery.graphql.ts";
import { CustomerTopBar } from "../../components/customer/CustomerHeader.tsx";
import { formatDateTime } from "../../components/customer/format.ts";
import { ActivityEntry } from "../../components/customer/RecentActivity.tsx";
import { ActivityListSkeleton } from "../../components/customer/skeletons.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { useRouteQuery } from "../../relay/useRouteQuery.ts";

/** How many entries each page of the history shows (the first and every "Show older activity"). */
export const ACTIVITY_PAGE_SIZE = 10;

/**
 * Preloaded by ActivityRoute (routes/AppRoutes.tsx): is there a verified profile? Activities are
 * open to verified customers only, and asking for them otherwise would null the whole profile.
 */
export const ActivityPageQuery = graphql`
  query ActivityPageQuery {
    viewer {
      id
      customer {
        id
        status
      }
    }
  }
`;

const activityDetailsQuery = graphql`
  query ActivityPageDetailsQuery($count: Int!) {
    viewer {
      customer {
        ...ActivityHistory_customer @arguments(count: $count)
      }
    }
  }
`;

/** /activity: the customer's whole activity history, newest first, a page at a time. */
export function ActivityPage({ queryRef }: { queryRef: PreloadedQuery<ActivityPageQueryType> }) {
  return (
    <Box minHeight="100dvh" pb="10">
      <CustomerTopBar>
        <Button asChild size="sm" variant="ghost" minHeight="11">
          <RouterLink href="/home">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </RouterLink>
        </Button>
      </CustomerTopBar>
      <PageContainer as="main" py="5">
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Activity
            </Heading>
            <Text color="fg.muted">Everything that has happened on your account, newest first.</Text>
          </Stack>
          <Suspense fallback={<ActivityListSkeleton />}>
            <ActivityGate queryRef={queryRef} />
          </Suspense>
        </Stack>
      </PageContainer>
    </Box>
  );
}

function ActivityGate({ queryRef }: { queryRef: PreloadedQuery<ActivityPageQueryType> }) {
  const { viewer } = usePreloadedQuery<ActivityPageQueryType>(ActivityPageQuery, queryRef);
  const verified = viewer?.customer?.status === "VERIFIED";
  // Decided on entry: /home knows where anyone without a verified profile belongs.
  const [redirect] = useState(() => !verified);
  if (redirect) return <Redirect to="/home" replace />;
  return <ActivityDetails />;
}

function ActivityDetails() {
  const queryRef = useRouteQuery<ActivityPageDetailsQueryType>(ActivityPageDetailsQuery, {
    count: ACTIVITY_PAGE_SIZE,
  });
  const { viewer } = usePreloadedQuery<ActivityPageDetailsQueryType>(activityDetailsQuery, queryRef);
  if (!viewer?.customer) return null;
  return <ActivityHistory customer={viewer.customer} />;
}

function ActivityHistory({ customer }: { customer: ActivityHistory_customer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    ActivityHistoryPaginationQuery,
    ActivityHistory_customer$key
  >(
    graphql`
      fragment ActivityHistory_customer on Customer
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ActivityHistoryPaginationQuery") {
        activities(first: $count, after: $cursor) @connection(key: "ActivityHistory_activities") {
          edges {
            node {
              id
              type
              description
              createdAt
              amount {
                pence
              }
            }
          }
        }
      }
    `,
    customer,
  );
  const activities = data.activities.edges.map((edge) => edge.node);

  if (activities.length === 0) {
    return (
      <Card.Root>
        <Card.Body>
          <EmptyState.Root size="md">
            <EmptyState.Content>
              <EmptyState.Indicator color="brand.fg">
                <Icon as={History} aria-hidden="true" />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title as="h2">No activity yet</EmptyState.Title>
                <EmptyState.Description>Referrals, purchases and milestones will appear here.</EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="4">
      <Card.Root as="section" aria-label="All activity">
        <Card.Body p="5">
          <Stack as="ul" listStyleType="none" gap="4" data-testid="activity-history">
            {activities.map((activity) => (
              <ActivityEntry
                key={activity.id}
                activity={activity}
                when={<time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>}
              />
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      {hasNext ? (
        <Button
          variant="outline"
          size="lg"
          onClick={() => loadNext(ACTIVITY_PAGE_SIZE)}
          loading={isLoadingNext}
          loadingText="Loading..."
        >
          Show older activity
        </Button>
      ) : (
        <Text textAlign="center" color="fg.muted" textStyle="sm" data-testid="activity-history-end">
          You have reached the beginning of your history.
        </Text>
      )}
    </Stack>
  );
}
