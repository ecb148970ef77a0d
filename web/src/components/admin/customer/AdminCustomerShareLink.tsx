import { Badge, Button, DataList, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { CirclePause, CirclePlay, Pause, Play } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminCustomerShareLink_customer$key } from "../../../__generated__/AdminCustomerShareLink_customer.graphql.ts";
import type { AdminCustomerShareLinkPauseMutation } from "../../../__generated__/AdminCustomerShareLinkPauseMutation.graphql.ts";
import { notifySuccess } from "../../../notifications/notify.ts";
import { useMutationWithNotice } from "../../../relay/useMutationWithNotice.ts";
import { AdminDetail } from "../AdminDetail.tsx";
import { formatCount, formatDate } from "../format.ts";
import { StorySection } from "./StorySection.tsx";

const pauseMutation = graphql`
  mutation AdminCustomerShareLinkPauseMutation($input: SetShareLinkPausedInput!) {
    setShareLinkPaused(input: $input) {
      __typename
      ... on MutationSetShareLinkPausedSuccess {
        data {
          shareLink {
            id
            paused
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * The customer's share link (docs/rules/web-app.md, "Share links"): its address, state and figures,
 * and Pause / Resume. While paused, the friend's page says the link is not active.
 */
export function AdminCustomerShareLink({ customer: customerKey }: { customer: AdminCustomerShareLink_customer$key }) {
  const customer = useFragment(
    graphql`
      fragment AdminCustomerShareLink_customer on Customer {
        id
        shareLink {
          id
          url
          paused
          createdAt
          opens
          signUps
        }
      }
    `,
    customerKey,
  );
  const [commit, isInFlight] = useMutationWithNotice<AdminCustomerShareLinkPauseMutation>(pauseMutation);
  const link = customer.shareLink;

  function setPaused(paused: boolean) {
    if (isInFlight) return;
    commit({
      variables: { input: { customerId: customer.id, paused } },
      failed: paused ? "Failed to Pause Link" : "Failed to Resume Link",
      onSuccess: () =>
        notifySuccess(
          paused ? "Link paused" : "Link resumed",
          paused ? "Friends who open it are told it is not active." : "Friends can add their details through it again.",
        ),
    });
  }

  return (
    <StorySection
      id="story-share-link"
      title="Share link"
      summary="The customer's personal link: friends who open it add their own details."
    >
      {link ? (
        <Stack gap="3" data-testid="admin-share-link">
          <HStack gap="2" flexWrap="wrap">
            {link.paused ? (
              <Badge colorPalette="amber" variant="subtle">
                <CirclePause aria-hidden="true" />
                Paused
              </Badge>
            ) : (
              <Badge colorPalette="green" variant="subtle">
                <CirclePlay aria-hidden="true" />
                Active
              </Badge>
            )}
            <Link href={link.url} target="_blank" rel="noopener noreferrer" textStyle="sm" wordBreak="break-all">
              {link.url}
            </Link>
          </HStack>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <AdminDetail labelWidth="36" label="Made" value={formatDate(link.createdAt)} />
            <AdminDetail labelWidth="36" label="Link opens" value={formatCount(link.opens)} />
            <AdminDetail labelWidth="36" label="Sign-ups" value={formatCount(link.signUps)} />
          </DataList.Root>
          <HStack>
            {link.paused ? (
              <Button size="sm" variant="outline" loading={isInFlight} onClick={() => setPaused(false)}>
                <Play aria-hidden="true" />
                Resume link
              </Button>
            ) : (
              <Button size="sm" variant="outline" loading={isInFlight} onClick={() => setPaused(true)}>
                <Pause aria-hidden="true" />
                Pause link
              </Button>
            )}
          </HStack>
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          No link: a customer gets one once verified.
        </Text>
      )}
    </StorySection>
  );
}
