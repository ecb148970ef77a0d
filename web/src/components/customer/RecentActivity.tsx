import { Box, Card, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import {
  BadgeCheck,
  CalendarClock,
  CalendarX,
  ClipboardCheck,
  History,
  type LucideIcon,
  ShoppingBag,
  Trophy,
  Undo2,
  UserPlus,
} from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  RecentActivity_customer$data,
  RecentActivity_customer$key,
} from "../../__generated__/RecentActivity_customer.graphql.ts";
import { formatMoney, formatRelativeTime } from "./format.ts";

/** The connection's key: AddReferralDrawer prepends the new activity to it. */
export const RECENT_ACTIVITY_CONNECTION = "RecentActivity_activities";

type ActivityType = RecentActivity_customer$data["activities"]["edges"][number]["node"]["type"];

const STYLES: Partial<Record<ActivityType, { icon: LucideIcon; palette: string }>> = {
  REFERRAL_ADDED: { icon: UserPlus, palette: "brand" },
  REFERRAL_PURCHASED: { icon: ShoppingBag, palette: "green" },
  MILESTONE_REACHED: { icon: Trophy, palette: "amber" },
  MILESTONE_PAID: { icon: BadgeCheck, palette: "green" },
  REGISTRATION: { icon: ClipboardCheck, palette: "brand" },
  PURCHASE_CANCELLED: { icon: Undo2, palette: "gray" },
  REFERRAL_EXPIRING: { icon: CalendarClock, palette: "amber" },
  REFERRAL_EXPIRED: { icon: CalendarX, palette: "gray" },
};
// Any other kind of activity gets the default style (spec section 3).
const DEFAULT_STYLE = { icon: History, palette: "gray" };

/** The newest entries of the customer's activity feed, with the spec's relative times. */
export function RecentActivity({ customer }: { customer: RecentActivity_customer$key }) {
  const data = useFragment(
    graphql`
      fragment RecentActivity_customer on Customer {
        activities(first: $activityCount) @connection(key: "RecentActivity_activities") {
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
  const now = Date.now();
  const activities = data.activities.edges.map((edge) => edge.node);
  return (
    <Card.Root as="section" aria-labelledby="recent-activity-heading">
      <Card.Body gap="4" p="5">
        <Heading as="h2" size="lg" id="recent-activity-heading">
          Recent Activity
        </Heading>
        {activities.length === 0 ? (
          <Text color="fg.muted" py="2">
            No recent activity
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="4" data-testid="recent-activity">
            {activities.map((activity) => {
              const style = STYLES[activity.type] ?? DEFAULT_STYLE;
              const positive = activity.type === "REFERRAL_PURCHASED" || activity.type === "MILESTONE_PAID";
              return (
                <HStack as="li" key={activity.id} gap="3" align="flex-start">
                  <Box
                    boxSize="10"
                    flexShrink="0"
                    borderRadius="full"
                    display="grid"
                    placeItems="center"
                    bg={`${style.palette}.muted`}
                    color={`${style.palette}.fg`}
                  >
                    <Icon as={style.icon} boxSize="5" aria-hidden="true" />
                  </Box>
                  <Box flex="1" minWidth="0">
                    <Text fontWeight="medium" overflowWrap="anywhere">
                      {activity.description}
                    </Text>
                    <HStack justify="space-between" gap="2" textStyle="sm">
                      <Text color="fg.muted">
                        <time dateTime={activity.createdAt}>{formatRelativeTime(activity.createdAt, now)}</time>
                      </Text>
                      {activity.amount ? (
                        <Text
                          fontWeight="semibold"
                          color={positive ? "green.fg" : "fg"}
                          fontVariantNumeric="tabular-nums"
                          whiteSpace="nowrap"
                        >
                          {positive ? "+" : ""}
                          {formatMoney(activity.amount.pence)}
                        </Text>
                      ) : null}
                    </HStack>
                  </Box>
                </HStack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
