import { Badge, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { memo } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminPendingReferralRow_referral$key } from "../../__generated__/AdminPendingReferralRow_referral.graphql.ts";
import { CustomerStoryLink } from "./customer/CustomerStoryLink.tsx";
import { personName } from "./format.ts";
import { AwaitingApprovalBadge, SignalFlag, UnderReviewBadge } from "./fraud/SignalBadges.tsx";
import { arrivalStyle, NewBadge } from "./NewRows.tsx";

interface AdminPendingReferralRowProps {
  referral: AdminPendingReferralRow_referral$key;
  selected: boolean;
  /** Called with the referral's id (one function for every row, so a row re-renders only when it changes). */
  onSelect: (id: string) => void;
  /** Arrived while the list was open; `fresh`: in the last few seconds (highlighted). */
  isNew?: boolean;
  fresh?: boolean;
  /** Its flagged verification waits for a second administrator. */
  awaitingApproval?: boolean;
}

/**
 * One pending referral: a button that selects it (its name is what it shows: the friend, its flag
 * ("2 signals") and "Under review" when held, the phone, the days left) and, outside the button, the referring customer's link. Memoised: the list
 * re-renders when the live status changes and on each live event, and re-rendering every row's
 * styled parts each time blocks a phone's main thread (docs/performance.md, "Lighthouse on a phone").
 */
export const AdminPendingReferralRow = memo(PendingReferralRow);

function PendingReferralRow({
  referral: referralKey,
  selected,
  onSelect,
  isNew = false,
  fresh = false,
  awaitingApproval = false,
}: AdminPendingReferralRowProps) {
  const referral = useFragment(
    graphql`
      fragment AdminPendingReferralRow_referral on Referral {
        id
        name
        phoneDisplay
        daysRemaining
        signalCount
        hold {
          heldAt
        }
        customer {
          databaseId
          user {
            username
            firstName
            lastName
          }
        }
      }
    `,
    referralKey,
  );
  const name = referral.name ?? "erased";
  const accent = {
    borderInlineStartWidth: "3px",
    borderInlineStartColor: selected ? "brand.solid" : isNew ? "amber.solid" : "transparent",
  } as const;
  return (
    <Box
      as="li"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
      data-testid="pending-referral"
      data-new={isNew || undefined}
      css={arrivalStyle(fresh && !selected)}
    >
      <Box
        as="button"
        width="full"
        textAlign="start"
        px="3"
        py="2.5"
        cursor="pointer"
        aria-pressed={selected}
        data-row-key={referral.id}
        bg={selected ? "brand.subtle" : undefined}
        {...accent}
        _hover={{ bg: selected ? "brand.subtle" : "bg.muted" }}
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "-2px" }}
        onClick={() => onSelect(referral.id)}
      >
        <HStack justify="space-between" gap="2" align="start">
          <Stack gap="0" minWidth="0">
            <HStack gap="2" minWidth="0">
              <Text fontWeight="semibold" truncate>
                {name}
              </Text>
              {isNew ? <NewBadge /> : null}
            </HStack>
            {referral.signalCount > 0 || referral.hold || awaitingApproval ? (
              <HStack gap="1.5" flexWrap="wrap" my="0.5">
                <SignalFlag count={referral.signalCount} />
                {/* A space between the badges: the button's name reads "2 signals Under review". */}
                {referral.hold ? (
                  <>
                    {" "}
                    <UnderReviewBadge />
                  </>
                ) : null}
                {awaitingApproval ? (
                  <>
                    {" "}
                    <AwaitingApprovalBadge />
                  </>
                ) : null}
              </HStack>
            ) : null}
            <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
              {referral.phoneDisplay ?? ""}
            </Text>
          </Stack>
          {referral.daysRemaining != null ? (
            <Badge colorPalette={referral.daysRemaining <= 14 ? "amber" : "gray"} variant="subtle" flexShrink={0}>
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
        {...accent}
        bg={selected ? "brand.subtle" : undefined}
      >
        Customer:{" "}
        <CustomerStoryLink databaseId={referral.customer.databaseId}>
          {personName(referral.customer.user)}
        </CustomerStoryLink>
      </Text>
    </Box>
  );
}
