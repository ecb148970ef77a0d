import { Badge, Card, Heading, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { StaffCustomerCard_customer$key } from "../../__generated__/StaffCustomerCard_customer.graphql.ts";
import { formatDate } from "../customer/format.ts";
import {
  CHANNEL_LABEL,
  CUSTOMER_STATUS,
  MILESTONE_STATE,
  progressPercent,
  REFERRAL_STATUS_PALETTE,
} from "./staffLabels.ts";

/**
 * A customer's card as staff see it, read-only (docs/rules/roles.md): name, status, progress,
 * the milestones' states (no amounts) and their referrals with their status.
 */
export function StaffCustomerCard({ customer }: { customer: StaffCustomerCard_customer$key }) {
  const data = useFragment(
    graphql`
      fragment StaffCustomerCard_customer on StaffCustomerCard {
        id
        firstName
        lastName
        phoneDisplay
        postcode
        contractNumber
        status
        progressPercentage
        milestones {
          key
          title
          state
        }
        referrals(first: 20) {
          id
          name
          status
          statusDisplay
          createdAt
          channel
        }
      }
    `,
    customer,
  );
  const status = CUSTOMER_STATUS[data.status] ?? { label: data.status, palette: "gray" };
  const percent = progressPercent(data.progressPercentage);
  const details = [data.phoneDisplay, data.postcode, data.contractNumber].filter(Boolean).join(" · ");
  const name = `${data.firstName} ${data.lastName}`;
  return (
    <Card.Root as="section" aria-labelledby="staff-customer-name" data-testid="staff-customer-card">
      <Card.Body gap="5">
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap" justify="space-between">
            <Heading as="h2" size="xl" id="staff-customer-name" overflowWrap="anywhere">
              {name}
            </Heading>
            <Badge colorPalette={status.palette} variant="subtle" size="md" borderRadius="full">
              {status.label}
            </Badge>
          </HStack>
          {details ? (
            <Text color="fg.muted" overflowWrap="anywhere">
              {details}
            </Text>
          ) : null}
        </Stack>

        <Progress.Root value={percent} max={100} colorPalette="amber" size="lg">
          <HStack justify="space-between" mb="1">
            <Progress.Label>Progress to full refund</Progress.Label>
            <Progress.ValueText fontVariantNumeric="tabular-nums">{percent}%</Progress.ValueText>
          </HStack>
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>

        <Stack gap="2">
          <Heading as="h3" size="md">
            Milestones
          </Heading>
          <Stack as="ul" gap="1.5" listStyleType="none" data-testid="staff-milestones">
            {data.milestones.map((milestone) => {
              const state = MILESTONE_STATE[milestone.state] ?? { label: milestone.state, palette: "gray" };
              return (
                <HStack as="li" key={milestone.key} justify="space-between" gap="2">
                  <Text>{milestone.title}</Text>
                  <Badge colorPalette={state.palette} variant="subtle" borderRadius="full">
                    {state.label}
                  </Badge>
                </HStack>
              );
            })}
          </Stack>
        </Stack>

        <Stack gap="2">
          <Heading as="h3" size="md">
            Their referrals
          </Heading>
          {data.referrals.length === 0 ? (
            <Text color="fg.muted">No referrals yet.</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" data-testid="staff-customer-referrals">
              {data.referrals.map((referral) => (
                <Stack
                  as="li"
                  key={referral.id}
                  gap="0.5"
                  borderWidth="1px"
                  borderColor="border.muted"
                  borderRadius="lg"
                  px="3"
                  py="2"
                >
                  <HStack justify="space-between" gap="2" flexWrap="wrap">
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {referral.name}
                    </Text>
                    <Badge
                      colorPalette={REFERRAL_STATUS_PALETTE[referral.status] ?? "gray"}
                      variant="subtle"
                      borderRadius="full"
                    >
                      {referral.statusDisplay}
                    </Badge>
                  </HStack>
                  <Text textStyle="sm" color="fg.muted">
                    <time dateTime={referral.createdAt}>{formatDate(referral.createdAt)}</time>
                    {` · ${CHANNEL_LABEL[referral.channel] ?? referral.channel}`}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
