import { Card, Grid, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { MousePointerClick, UserSearch } from "lucide-react";
import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminPendingReferralsTab_query$key } from "../../__generated__/AdminPendingReferralsTab_query.graphql.ts";
import type { AdminPendingReferralsTabNewestQuery } from "../../__generated__/AdminPendingReferralsTabNewestQuery.graphql.ts";
import type { AdminPendingReferralsTabPaginationQuery } from "../../__generated__/AdminPendingReferralsTabPaginationQuery.graphql.ts";
import type { AdminPendingReferralsTabQuery } from "../../__generated__/AdminPendingReferralsTabQuery.graphql.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminPendingReferralRow } from "./AdminPendingReferralRow.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { AdminVerificationRequests } from "./AdminVerificationRequests.tsx";
import { ADMIN_PAGE_SIZE, NEWEST_ROWS } from "./adminLists.ts";
import { formatCount } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { TabSkeleton } from "./TabBoundary.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useArrivals } from "./useArrivals.ts";
import { useRefocus } from "./useRefocus.ts";

// The form's code (its dialogs and fields) loads when a referral is first selected, not with the
// list (docs/performance.md, "Lighthouse on a phone"); a pointer or key on the list starts it early.
const loadVerifyForm = () => import("./AdminVerifyPurchaseForm.tsx");
const AdminVerifyPurchaseForm = lazy(() => loadVerifyForm().then((m) => ({ default: m.AdminVerifyPurchaseForm })));

const NONE_WAITING: ReadonlySet<string> = new Set();
/** How many rows fill a phone's first screen under the header, the tabs and the search box. */
const FIRST_SCREEN_ROWS = 8;

const LIST = graphql`
  query AdminPendingReferralsTabQuery($count: Int!, $search: String) {
    programme {
      creditRateBasisPoints
      creditRatePercent
    }
    ...AdminPendingReferralsTab_query @arguments(count: $count, search: $search)
  }
`;

/** The newest pending referrals, asked for on each live event: the ones not seen yet go on top. */
const NEWEST = graphql`
  query AdminPendingReferralsTabNewestQuery($count: Int!, $search: String) {
    pendingReferrals(first: $count, search: $search, order: NEWEST_FIRST) {
      totalCount
      edges {
        node {
          __id
          id
          createdAt
          ...AdminPendingReferralRow_referral
          ...AdminVerifyPurchaseForm_referral
        }
      }
    }
  }
`;

/** Tab 1, Pending Referrals: the list on the left; the selected referral's Verify Purchase form on the right. */
export function AdminPendingReferralsTab() {
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminPendingReferralsTabQuery>(
    LIST,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
    "when-stale",
    "on-reload",
  );
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    AdminPendingReferralsTabPaginationQuery,
    AdminPendingReferralsTab_query$key
  >(
    graphql`
      fragment AdminPendingReferralsTab_query on Query
      @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "AdminPendingReferralsTabPaginationQuery") {
        pendingReferrals(first: $count, after: $cursor, search: $search)
          @connection(key: "AdminPendingReferrals_pendingReferrals", filters: ["search"]) {
          __id
          totalCount
          edges {
            node {
              id
              hold {
                heldAt
              }
              ...AdminPendingReferralRow_referral
              ...AdminVerifyPurchaseForm_referral
            }
          }
        }
      }
    `,
    query,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The referrals whose flagged verification waits for a second administrator: their rows say so.
  const [awaitingIds, setAwaitingIds] = useState<ReadonlySet<string>>(NONE_WAITING);
  // The same ones again (none, as the page hydrates) are no update: it would render the whole list again.
  const onWaitingReferrals = useCallback(
    (ids: ReadonlySet<string>) =>
      setAwaitingIds((current) =>
        current.size === ids.size && [...ids].every((id) => current.has(id)) ? current : ids,
      ),
    [],
  );
  const [listRef, refocus] = useRefocus<HTMLDivElement>();
  const connection = data.pendingReferrals;
  const referrals = connection.edges.map((edge) => edge.node);
  // Held referrals ("Under review") wait below the others, each group in the list's own order
  // (docs/rules/web-app.md, "Fraud signals on the pages").
  const inOrder = [
    ...referrals.filter((referral) => referral.hold === null),
    ...referrals.filter((referral) => referral.hold !== null),
  ];
  // The rows a phone's first screen shows come with the page and hydrate with it; the others render
  // once it is interactive, in a transition that yields to input (docs/performance.md, "Lighthouse on a phone").
  const [allRows, showAllRows] = useState(false);
  useEffect(() => startTransition(() => showAllRows(true)), []);
  const shown = allRows ? inOrder : inOrder.slice(0, FIRST_SCREEN_ROWS);
  const selected = referrals.find((referral) => referral.id === selectedId) ?? null;
  const { search, pending, onSearch } = useListSearch(initialSearch, refetch);
  const arrivals = useArrivals<AdminPendingReferralsTabNewestQuery["response"]>({
    connectionId: connection.__id,
    edgeType: "QueryPendingReferralsConnectionEdge",
    keyField: "id",
    shownKeys: referrals.map((referral) => referral.id),
    newestQuery: NEWEST,
    newestVariables: { count: NEWEST_ROWS, search },
    read: (answer) => ({
      totalCount: answer.pendingReferrals.totalCount,
      rows: answer.pendingReferrals.edges.map(({ node }) => ({
        key: node.id,
        dataId: node.__id,
        createdAt: node.createdAt,
      })),
    }),
    listQuery: LIST,
    listVariables: { count: ADMIN_PAGE_SIZE, search },
    atTop: true,
  });

  if (referrals.length === 0 && search === null) {
    return (
      <AdminEmpty icon={UserSearch} title="No Pending Referrals">
        Referrals that customers add wait here until a purchase is verified or they expire after 90 days.
      </AdminEmpty>
    );
  }

  return (
    <Stack gap="5">
      {/* Only when a flagged verification waits for a second administrator (docs/rules/web-app.md). */}
      <Suspense fallback={null}>
        <AdminVerificationRequests
          pendingReferralsConnectionId={connection.__id}
          onWaitingReferrals={onWaitingReferrals}
        />
      </Suspense>
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" }} gap="5" alignItems="start">
        <Stack gap="2">
          <HStack justify="space-between">
            <Heading as="h2" size="md">
              Pending Referrals
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {formatCount(connection.totalCount)} {search === null ? "waiting" : "matching"}
            </Text>
          </HStack>
          <AdminSearchBox
            label="Search pending referrals"
            placeholder="Friend or customer: name, phone, email..."
            onSearch={onSearch}
            pending={pending}
          />
          {referrals.length === 0 && search !== null ? <AdminNoMatch search={search} noun="referrals" /> : null}
          {referrals.length > 0 ? (
            <>
              <ScrollList label="Pending referrals">
                <Stack
                  as="ul"
                  ref={listRef}
                  tabIndex={-1}
                  listStyleType="none"
                  gap="0"
                  data-testid="pending-referral-list"
                  onPointerDown={loadVerifyForm}
                  onKeyDown={loadVerifyForm}
                >
                  {shown.map((referral) => (
                    <AdminPendingReferralRow
                      key={referral.id}
                      referral={referral}
                      selected={referral.id === selectedId}
                      onSelect={setSelectedId}
                      isNew={arrivals.isNew(referral.id)}
                      fresh={arrivals.isFresh(referral.id)}
                      awaitingApproval={awaitingIds.has(referral.id)}
                    />
                  ))}
                </Stack>
              </ScrollList>
              <LoadMore
                hasNext={hasNext}
                isLoadingNext={isLoadingNext}
                onLoadMore={() => loadNext(ADMIN_PAGE_SIZE)}
                status={`${formatCount(referrals.length)} of ${formatCount(connection.totalCount)} shown`}
              />
            </>
          ) : null}
        </Stack>
        {selected ? (
          <Suspense fallback={<TabSkeleton label="Loading the purchase form" />}>
            <AdminVerifyPurchaseForm
              key={selected.id}
              referral={selected}
              creditRateBasisPoints={query.programme.creditRateBasisPoints}
              creditRatePercent={query.programme.creditRatePercent}
              connectionId={connection.__id}
              onClose={() => setSelectedId(null)}
              onVerified={() => {
                setSelectedId(null);
                refocus();
              }}
            />
          </Suspense>
        ) : (
          <Card.Root variant="outline" boxShadow="none" borderWidth="1px" borderStyle="dashed">
            <Card.Body alignItems="center" textAlign="center" gap="2" py="10">
              <Icon as={MousePointerClick} boxSize="8" color="fg.muted" aria-hidden="true" />
              <Text color="fg.muted">Select a referral to verify its purchase.</Text>
            </Card.Body>
          </Card.Root>
        )}
      </Grid>
    </Stack>
  );
}
