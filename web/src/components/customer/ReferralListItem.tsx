import { Badge, Box, Card, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleSlash, Clock, type LucideIcon } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  ReferralListItem_referral$data,
  ReferralListItem_referral$key,
} from "../../__generated__/ReferralListItem_referral.graphql.ts";
import { formatMoney } from "./format.ts";

type ReferralStatus = ReferralListItem_referral$data["status"];

// Never colour alone: each status has its own icon and its word.
const STATUS_STYLE: Partial<Record<ReferralStatus, { palette: string; icon: LucideIcon }>> = {
  PENDING: { palette: "amber", icon: Clock },
  PURCHASED: { palette: "green", icon: CircleCheck },
  EXPIRED: { palette: "gray", icon: CircleSlash },
};

/** "+447400123456" → "07400 123456"; other numbers as they are. */
export function formatUkPhone(phone: string): string {
  const match = /^\+44(\d{4})(\d{6})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]}` : phone;
}

/** One referral: who, its status label, how long ago it was added (spec section 9), and what it earned. */
export function ReferralListItem({ referral }: { referral: ReferralListItem_referral$key }) {
  const data = useFragment(
    graphql`
      fragment ReferralListItem_referral on Referral {
        name
        phone
        email
        status
        statusDisplay
        ageDisplay
        createdAt
        expiryDisplay
        creditEarned {
          pence
        }
      }
    `,
    referral,
  );
  const style = STATUS_STYLE[data.status] ?? { palette: "gray", icon: Clock };
  // Expiry erases a referral's personal data (decisions.md).
  const name = data.name ?? "Details removed";
  return (
    <Card.Root as="li" size="sm">
      <Card.Body p="4">
        <HStack gap="3" align="flex-start">
          <Box
            boxSize="10"
            flexShrink="0"
            borderRadius="full"
            bg="brand.muted"
            color="brand.fg"
            display="grid"
            placeItems="center"
            fontWeight="bold"
            aria-hidden="true"
          >
            {name.trim().charAt(0).toUpperCase() || "?"}
          </Box>
          <Stack gap="0.5" flex="1" minWidth="0">
            <HStack justify="space-between" gap="2" align="flex-start">
              <Text fontWeight="semibold" truncate>
                {name}
              </Text>
              <Badge colorPalette={style.palette} variant="subtle" size="md" flexShrink="0" borderRadius="full">
                <Icon as={style.icon} boxSize="3.5" aria-hidden="true" />
                {data.statusDisplay}
              </Badge>
            </HStack>
            {data.phone ? (
              <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                {formatUkPhone(data.phone)}
                {data.email ? ` · ${data.email}` : ""}
              </Text>
            ) : null}
            <HStack justify="space-between" gap="2" textStyle="sm">
              <Text color="fg.muted">
                <time dateTime={data.createdAt}>{data.ageDisplay}</time>
              </Text>
              {data.creditEarned ? (
                <Text fontWeight="semibold" color="green.fg" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  +{formatMoney(data.creditEarned.pence)} earned
                </Text>
              ) : data.status === "PENDING" && data.expiryDisplay ? (
                // The server's one rule: days left, then "Expires on 3 March" in the last 10 days.
                <Text color="fg.muted" textAlign="end">
                  {data.expiryDisplay}
                </Text>
              ) : null}
            </HStack>
            {data.status !== "PENDING" && !data.creditEarned && data.expiryDisplay ? (
              // Why it expired, on a line of its own: too long to share one with the age on a phone.
              <Text textStyle="sm" color="fg.muted">
                {data.expiryDisplay}
              </Text>
            ) : null}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
