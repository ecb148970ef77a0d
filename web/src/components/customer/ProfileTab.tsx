import { Avatar, Badge, Button, Card, DataList, Icon, Stack, Text } from "@chakra-ui/react";
import { BadgeCheck, Clock, Settings, UserRound } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { ProfileTab_viewer$key } from "../../__generated__/ProfileTab_viewer.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { formatDate, formatMoney } from "./format.ts";
import { TabHeading } from "./TabHeading.tsx";
import { YourDataCard } from "./YourDataCard.tsx";

/** The customer's picture or an icon, name or email, account status, original purchase, member since, account settings, Sign Out. */
export function ProfileTab({ viewer }: { viewer: ProfileTab_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment ProfileTab_viewer on User {
        firstName
        lastName
        email
        profileImageUrl
        customer {
          status
          createdAt
          contractNumber
          postcode
          originalPurchaseAmount {
            pence
          }
        }
      }
    `,
    viewer,
  );
  const fullName = [data.firstName, data.lastName].filter((part) => part?.trim()).join(" ");
  const customer = data.customer;
  const verified = customer?.status === "VERIFIED";
  return (
    <Stack gap="5">
      <TabHeading title="Profile" />
      <Card.Root>
        <Card.Body p="5" gap="5">
          <Stack align="center" gap="2" textAlign="center">
            <Avatar.Root size="2xl" colorPalette="brand">
              <Avatar.Fallback>
                <Icon as={UserRound} boxSize="8" aria-hidden="true" />
              </Avatar.Fallback>
              {data.profileImageUrl ? <Avatar.Image src={data.profileImageUrl} alt="" /> : null}
            </Avatar.Root>
            <Text fontSize="xl" fontWeight="bold">
              {fullName || data.email}
            </Text>
            {fullName ? <Text color="fg.muted">{data.email}</Text> : null}
          </Stack>
          {customer ? (
            <DataList.Root orientation="horizontal" size="lg" divideY="1px" gap="0">
              <DataList.Item py="3" justifyContent="space-between">
                <DataList.ItemLabel>Account Status</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" textAlign="end">
                  <Badge colorPalette={verified ? "green" : "amber"} variant="subtle" size="md" borderRadius="full">
                    <Icon as={verified ? BadgeCheck : Clock} boxSize="3.5" aria-hidden="true" />
                    {verified ? "Verified" : "Pending"}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item py="3" justifyContent="space-between">
                <DataList.ItemLabel>Original Purchase</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" textAlign="end" fontWeight="semibold">
                  {formatMoney(customer.originalPurchaseAmount.pence)}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item py="3" justifyContent="space-between">
                <DataList.ItemLabel>Member Since</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" textAlign="end">
                  {formatDate(customer.createdAt)}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item py="3" justifyContent="space-between">
                <DataList.ItemLabel>Contract Number</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" textAlign="end">
                  {customer.contractNumber}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item py="3" justifyContent="space-between">
                <DataList.ItemLabel>Postcode</DataList.ItemLabel>
                <DataList.ItemValue justifyContent="flex-end" textAlign="end">
                  {customer.postcode}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ) : null}
          <Button asChild size="lg" variant="outline" width="full">
            <RouterLink href="/account">
              <Settings aria-hidden="true" />
              Account settings
            </RouterLink>
          </Button>
          <SignOutButton size="lg" width="full" />
        </Card.Body>
      </Card.Root>
      {/* GDPR: download my data, delete my account. */}
      {customer ? <YourDataCard /> : null}
    </Stack>
  );
}
