import { Badge, Box, Button, Card, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleSlash, Clock, Link2, type LucideIcon, Pencil, Store, Undo2 } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  ReferralListItem_referral$data,
  ReferralListItem_referral$key,
} from "../../__generated__/ReferralListItem_referral.graphql.ts";
import { formatDate, formatMoney } from "./format.ts";
import { WithdrawReferralDialog } from "./WithdrawReferralDialog.tsx";

type ReferralStatus = ReferralListItem_referral$data["status"];

// Never colour alone: each status has its own icon and its word.
const STATUS_STYLE: Partial<Record<ReferralStatus, { palette: string; icon: LucideIcon }>> = {
  PENDING: { palette: "amber", icon: Clock },
  PURCHASED: { palette: "green", icon: CircleCheck },
  EXPIRED: { palette: "gray", icon: CircleSlash },
  WITHDRAWN: { palette: "gray", icon: Undo2 },
};

/** What an erased referral's row is called in place of its name. */
const ERASED_TITLE: Partial<Record<ReferralStatus, string>> = {
  WITHDRAWN: "Withdrawn referral",
  EXPIRED: "Expired referral",
};

/** A pending referral to correct: the add-referral form opens with its details. */
export interface EditableReferral {
  /** The referral's global id. */
  id: string;
  name: string;
  /** As people read it (the server's `phoneDisplay`), which is also how the form takes it back. */
  phone: string;
  email: string | null;
  address: string | null;
}

interface ReferralListItemProps {
  referral: ReferralListItem_referral$key;
  /** The customer's global id (Recent Activity's connection), for a withdrawal. */
  customerId?: string;
  /** Opens the add-referral form prefilled with this referral, to correct it. */
  onEdit?: (referral: EditableReferral) => void;
}

/**
 * One referral: who, its status label, how long ago it was added (docs/rules/web-app.md), whether the
 * friend added themselves through the customer's share link or a member of staff recorded it, and what it earned. While pending, its
 * customer can correct it (Edit) or withdraw it.
 */
export function ReferralListItem({ referral, customerId, onEdit }: ReferralListItemProps) {
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const data = useFragment(
    graphql`
      fragment ReferralListItem_referral on Referral {
        id
        name
        phone
        phoneDisplay
        email
        address
        status
        statusDisplay
        ageDisplay
        channel
        recordedByName
        createdAt
        daysRemaining
        expiryDisplay
        creditEarned {
          pence
        }
        cancellation {
          cancelledAt
          categoryDisplay
          creditReversed {
            pence
          }
        }
      }
    `,
    referral,
  );
  const style = STATUS_STYLE[data.status] ?? { palette: "gray", icon: Clock };
  // Expiry and withdrawal erase a referral's personal data (docs/rules/privacy.md): the row says what
  // happened, never the name it had.
  const name = data.name ?? ERASED_TITLE[data.status] ?? "Details erased";
  const erasedNote = data.name ? null : data.status === "WITHDRAWN" ? "Withdrawn · details erased" : null;
  // Pending by date as well as by status: a referral 90 days old can no longer be changed.
  const changeable = data.status === "PENDING" && (data.daysRemaining ?? 0) > 0;
  const editable: EditableReferral | null =
    changeable && data.name && data.phone
      ? {
          id: data.id,
          name: data.name,
          phone: data.phoneDisplay ?? data.phone,
          email: data.email ?? null,
          address: data.address ?? null,
        }
      : null;
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
            {data.name?.trim().charAt(0).toUpperCase() || "?"}
          </Box>
          <Stack gap="0.5" flex="1" minWidth="0">
            {/* A long name wraps, and the badge takes a line of its own rather than cut it. */}
            <HStack justify="space-between" gap="1" columnGap="2" align="flex-start" flexWrap="wrap">
              <Text
                fontWeight="semibold"
                flex="1 1 auto"
                minWidth="0"
                overflowWrap="anywhere"
                data-testid="referral-name"
                fontStyle={data.name ? undefined : "italic"}
              >
                {name}
              </Text>
              <Badge colorPalette={style.palette} variant="subtle" size="md" flexShrink="0" borderRadius="full">
                <Icon as={style.icon} boxSize="3.5" aria-hidden="true" />
                {data.statusDisplay}
              </Badge>
            </HStack>
            {data.phone ? (
              <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                {data.phoneDisplay ?? data.phone}
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
            {data.channel === "SHARE_LINK" ? (
              // The friend gave these details themselves, on the customer's share link page.
              <HStack gap="1.5" textStyle="sm" color="brand.fg" data-testid="referral-channel">
                <Icon as={Link2} boxSize="4" aria-hidden="true" />
                <Text>Added through your link</Text>
              </HStack>
            ) : null}
            {data.recordedByName ? (
              // A member of staff recorded it for the customer, at the showroom or a survey (docs/rules/roles.md).
              <HStack gap="1.5" textStyle="sm" color="brand.fg" data-testid="referral-recorded-by">
                <Icon as={Store} boxSize="4" aria-hidden="true" />
                <Text>Recorded by {data.recordedByName}</Text>
              </HStack>
            ) : null}
            {data.cancellation ? <CancellationNote cancellation={data.cancellation} /> : null}
            {erasedNote ? (
              <Text textStyle="sm" color="fg.muted">
                {erasedNote}
              </Text>
            ) : null}
            {data.status !== "PENDING" && !data.creditEarned && data.expiryDisplay ? (
              // Why it expired, on a line of its own: too long to share one with the age on a phone.
              <Text textStyle="sm" color="fg.muted">
                {data.expiryDisplay}
              </Text>
            ) : null}
            {editable && (onEdit || customerId) ? (
              <HStack gap="2" justify="flex-end" pt="1">
                {onEdit ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    minHeight="11"
                    aria-label={`Edit ${name}`}
                    onClick={() => onEdit(editable)}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                ) : null}
                {customerId ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    minHeight="11"
                    aria-label={`Withdraw ${name}`}
                    onClick={() => setWithdrawOpen(true)}
                  >
                    <Undo2 aria-hidden="true" />
                    Withdraw
                  </Button>
                ) : null}
              </HStack>
            ) : null}
          </Stack>
        </HStack>
        {customerId && editable ? (
          <WithdrawReferralDialog
            open={withdrawOpen}
            onOpenChange={setWithdrawOpen}
            referralId={data.id}
            customerId={customerId}
            name={name}
          />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Why a referral that had a purchase is pending again: a change the customer did not make, explained
 * on the row it changed (docs/rules/referrals.md, "Expiry and cancellations").
 */
function CancellationNote({
  cancellation,
}: {
  cancellation: NonNullable<ReferralListItem_referral$data["cancellation"]>;
}) {
  return (
    <HStack
      gap="2"
      align="flex-start"
      mt="1"
      p="2.5"
      borderRadius="lg"
      bg="amber.subtle"
      color="fg"
      textStyle="sm"
      data-testid="referral-cancellation"
    >
      <Icon as={Undo2} boxSize="4" mt="0.5" flexShrink="0" color="amber.fg" aria-hidden="true" />
      <Text>
        Purchase cancelled on <time dateTime={cancellation.cancelledAt}>{formatDate(cancellation.cancelledAt)}</time> (
        {cancellation.categoryDisplay.toLowerCase()}): {formatMoney(cancellation.creditReversed.pence)} of credit taken
        back.
      </Text>
    </HStack>
  );
}
