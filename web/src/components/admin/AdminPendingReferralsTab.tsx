import { Badge, Box, Card, Grid, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { MousePointerClick, UserSearch } from "lucide-react";
import { useState } from "react";
import { graphql, usePaginationFragment } from "react-relay/hooks";
import type { AdminPendingReferralsTab_query$key } from "../../__generated__/AdminPendingReferralsTab_query.graphql.ts";
import type { AdminPendingReferralsTabPaginationQuery } from "../../__generated__/AdminPendingReferralsTabPaginationQuery.graphql.ts";
import type { AdminPendingReferralsTabQuery } from "../../__generated__/AdminPendingReferralsTabQuery.graphql.ts";
import { formatPhone } from "../../lib/phone.ts";
import { AdminEmpty } from "./AdminEmpty.tsx";
import { AdminNoMatch, AdminSearchBox, useInitialSearch, useListSearch } from "./AdminSearchBox.tsx";
import { AdminVerifyPurchaseForm } from "./AdminVerifyPurchaseForm.tsx";
import { ADMIN_PAGE_SIZE } from "./adminLists.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { formatCount, personName } from "./format.ts";
import { LoadMore, ScrollList } from "./ScrollList.tsx";
import { useAdminQuery } from "./useAdminQuery.ts";
import { useRefocus } from "./useRefocus.ts";

/** Tab 1, Pending Referrals: the list on the left; the selected referral's Verify Purchase form on the right. */
export function AdminPendingReferralsTab() {
  const initialSearch = useInitialSearch();
  const query = useAdminQuery<AdminPendingReferralsTabQuery>(
    graphql`
      query AdminPendingReferralsTabQuery($count: Int!, $search: String) {
        programme {
          creditRateBasisPoints
          creditRatePercent
        }
        ...AdminPendingReferralsTab_query @arguments(count: $count, search: $search)
      }
    `,
    { count: ADMIN_PAGE_SIZE, search: initialSearch },
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
              name
              phone
              daysRemaining
              customer {
                databaseId
                user {
                  username
                  firstName
                  lastName
                }
              }
              ...AdminVerifyPurchaseForm_referral
            }
          }
        }
      }
    `,
    query,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [listRef, refocus] = useRefocus<HTMLDivElement>();
  const connection = data.pendingReferrals;
  const referrals = connection.edges.map((edge) => edge.node);
  const selected = referrals.find((referral) => referral.id === selectedId) ?? null;
  const { search, pending, onSearch } = useListSearch(initialSearch, refetch);

  if (referrals.length === 0 && search === null) {
    return (
      <AdminEmpty icon={UserSearch} title="No Pending Referrals">
        Referrals that customers add wait here until a purchase is verified or they expire after 90 days.
      </AdminEmpty>
    );
  }

  return (
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
              >
                {referrals.map((referral) => {
                  const isSelected = referral.id === selectedId;
                  const name = referral.name ?? "erased";
                  return (
                    <Box
                      as="li"
                      key={referral.id}
                      borderBottomWidth="1px"
                      borderColor="border.muted"
                      _last={{ borderBottomWidth: 0 }}
                    >
                      <Box
                        as="button"
                        width="full"
                        textAlign="start"
                        px="3"
                        py="2.5"
                        cursor="pointer"
                        aria-pressed={isSelected}
                        aria-label={`${name}, referred by ${personName(referral.customer.user)}`}
                        bg={isSelected ? "brand.subtle" : undefined}
                        borderInlineStartWidth="3px"
                        borderInlineStartColor={isSelected ? "brand.solid" : "transparent"}
                        _hover={{ bg: isSelected ? "brand.subtle" : "bg.muted" }}
                        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "-2px" }}
                        onClick={() => setSelectedId(referral.id)}
                      >
                        <HStack justify="space-between" gap="2" align="start">
                          <Stack gap="0" minWidth="0">
                            <Text fontWeight="semibold" truncate>
                              {name}
                            </Text>
                            <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                              {referral.phone ? formatPhone(referral.phone) : ""}
                            </Text>
                          </Stack>
                          {referral.daysRemaining != null ? (
                            <Badge
                              colorPalette={referral.daysRemaining <= 14 ? "amber" : "gray"}
                              variant="subtle"
                              flexShrink={0}
                            >
                              {referral.daysRemaining} {referral.daysRemaining === 1 ? "day" : "days"} left
                            </Badge>
                          ) : null}
                        </HStack>
                      </Box>
                      {/* Outside the button: a link inside it would be a second control in one. */}
                      <Text
                        textStyle="xs"
                        color="fg.muted"
                        truncate
                        px="3"
                        pb="2.5"
                        mt="-1.5"
                        borderInlineStartWidth="3px"
                        borderInlineStartColor={isSelected ? "brand.solid" : "transparent"}
                        bg={isSelected ? "brand.subtle" : undefined}
                      >
                        Customer:{" "}
                        <CustomerStoryLink databaseId={referral.customer.databaseId}>
                          {personName(referral.customer.user)}
                        </CustomerStoryLink>
                      </Text>
                    </Box>
                  );
                })}
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
      ) : (
        <Card.Root variant="outline" boxShadow="none" borderWidth="1px" borderStyle="dashed">
          <Card.Body alignItems="center" textAlign="center" gap="2" py="10">
            <Icon as={MousePointerClick} boxSize="8" color="fg.muted" aria-hidden="true" />
            <Text color="fg.muted">Select a referral to verify its purchase.</Text>
          </Card.Body>
        </Card.Root>
      )}
    </Grid>
  );
}
