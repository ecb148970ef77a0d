import { Badge, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck } from "lucide-react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay/hooks";
import type { MyRecordedReferralsQuery } from "../../__generated__/MyRecordedReferralsQuery.graphql.ts";
import type { MyRecordedReferralsRow_referral$key } from "../../__generated__/MyRecordedReferralsRow_referral.graphql.ts";
import { formatDate } from "../customer/format.ts";
import { REFERRAL_STATUS_PALETTE } from "./staffLabels.ts";

/** "My referrals": the referrals this member of staff recorded, newest first, and which were verified. */
export function MyRecordedReferrals() {
  const data = useLazyLoadQuery<MyRecordedReferralsQuery>(
    graphql`
      query MyRecordedReferralsQuery {
        myRecordedReferrals(first: 50) {
          id
          verified
          ...MyRecordedReferralsRow_referral
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const rows = data.myRecordedReferrals;
  const verified = rows.filter((row) => row.verified).length;
  return (
    <Stack as="section" aria-labelledby="my-referrals-heading" gap="3">
      <HStack justify="space-between" align="baseline" gap="2" flexWrap="wrap">
        <Heading as="h2" size="lg" id="my-referrals-heading">
          My referrals
        </Heading>
        <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="my-referrals-summary">
          {rows.length} recorded · {verified} verified
        </Text>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted">The referrals you record show here, with whether their purchase was verified.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="my-referrals">
          {rows.map((row) => (
            <MyRecordedReferralsRow key={row.id} referral={row} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One recorded referral: the friend, for whom, its status, and Verified once its purchase was. */
function MyRecordedReferralsRow({ referral }: { referral: MyRecordedReferralsRow_referral$key }) {
  const data = useFragment(
    graphql`
      fragment MyRecordedReferralsRow_referral on StaffRecordedReferral {
        id
        name
        referrerName
        status
        statusDisplay
        verified
        createdAt
      }
    `,
    referral,
  );
  return (
    <Stack
      as="li"
      gap="0.5"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      px="4"
      py="3"
      data-testid="my-referral"
    >
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {data.name}
        </Text>
        <HStack gap="1.5">
          <Badge colorPalette={REFERRAL_STATUS_PALETTE[data.status] ?? "gray"} variant="subtle" borderRadius="full">
            {data.statusDisplay}
          </Badge>
          {data.verified ? (
            <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid="my-referral-verified">
              <Icon as={CircleCheck} boxSize="3.5" aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
        </HStack>
      </HStack>
      <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
        Referred by {data.referrerName} · <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
      </Text>
    </Stack>
  );
}
