import { Box, Button, Card, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import {
  BadgeCheck,
  CalendarClock,
  CalendarX,
  ChevronRight,
  ClipboardCheck,
  History,
  type LucideIcon,
  Pencil,
  ShoppingBag,
  Trophy,
  Undo2,
  UserPlus,
} from "lucide-react";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { ConnectionHandler } from "relay-runtime";
import { Link as RouterLink } from "wouter";
import type {
  RecentActivity_customer$data,
  RecentActivity_customer$key,
} from "../../__generated__/RecentActivity_customer.graphql.ts";
import { formatMoney, formatRelativeTime } from "./format.ts";

/** The connection's key: a customer's mutation prepends its new activity to it. */
export const RECENT_ACTIVITY_CONNECTION = "RecentActivity_activities";
/** The Activity page's connection (pages/activity/ActivityPage.tsx), kept here so the home page need not load that page. */
export const ACTIVITY_HISTORY_CONNECTION = "ActivityHistory_activities";

/** Where a customer's new activity goes: Recent Activity and the Activity page (one not loaded yet is skipped). */
export function activityConnectionIds(customerId: string): string[] {
  return [
    ConnectionHandler.getConnectionID(customerId, RECENT_ACTIVITY_CONNECTION),
    ConnectionHandler.getConnectionID(customerId, ACTIVITY_HISTORY_CONNECTION),
  ];
}

export type ActivityType = RecentActivity_customer$data["activities"]["edges"][number]["node"]["type"];

const STYLES: Partial<Record<ActivityType, { icon: LucideIcon; palette: string }>> = {
  REFERRAL_ADDED: { icon: UserPlus, palette: "brand" },
  REFERRAL_PURCHASED: { icon: ShoppingBag, palette: "green" },
  MILESTONE_REACHED: { icon: Trophy, palette: "amber" },
  MILESTONE_PAID: { icon: BadgeCheck, palette: "green" },
  REGISTRATION: { icon: ClipboardCheck, palette: "brand" },
  PURCHASE_CANCELLED: { icon: Undo2, palette: "gray" },
  REFERRAL_UPDATED: { icon: Pencil, palette: "brand" },
  REFERRAL_WITHDRAWN: { icon: Undo2, palette: "gray" },
  REFERRAL_EXPIRING: { icon: CalendarClock, palette: "amber" },
  REFERRAL_EXPIRED: { icon: CalendarX, palette: "gray" },
};
// Any other kind of activity gets the default style.
const DEFAULT_STYLE = { icon: History, palette: "gray" };

/** What an activity entry shows: the same selection in Recent Activity and the Activity page. */
export interface ActivityEntryData {
  readonly id: string;
  readonly type: ActivityType;
  readonly description: string;
  readonly createdAt: string;
  readonly amount: { readonly pence: number } | null | undefined;
}

/** The newest entries of the customer's activity feed, with their relative times (docs/rules/web-app.md); "See all" opens the whole history. */
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
        <HStack justify="space-between" gap="3">
          <Heading as="h2" size="lg" id="recent-activity-heading">
            Recent Activity
          </Heading>
          {activities.length > 0 ? (
            <Button asChild size="sm" variant="ghost" minHeight="11">
              <RouterLink href="/activity" aria-label="See all activity">
                See all
                <ChevronRight aria-hidden="true" />
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
        {activities.length === 0 ? (
          <Text color="fg.muted" py="2">
            No recent activity
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="4" data-testid="recent-activity">
            {activities.map((activity) => (
              <ActivityEntry
                key={activity.id}
                activity={activity}
                when={<time dateTime={activity.createdAt}>{formatRelativeTime(activity.createdAt, now)}</time>}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One entry of the feed as a list item: its icon, text, when (relative on Home, the date on the Activity page) and amount. */
export function ActivityEntry({ activity, when }: { activity: ActivityEntryData; when: ReactNode }) {
  const style = STYLES[activity.type] ?? DEFAULT_STYLE;
  const positive = activity.type === "REFERRAL_PURCHASED" || activity.type === "MILESTONE_PAID";
  return (
    <HStack as="li" gap="3" align="flex-start">
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
          <Text color="fg.muted">{when}</Text>
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
}
