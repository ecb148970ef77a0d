import { Button, Dialog, HStack, Portal, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { graphql } from "react-relay/hooks";
import type { WithdrawReferralDialogMutation } from "../../__generated__/WithdrawReferralDialogMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { activityConnectionIds } from "./RecentActivity.tsx";

/*
 * The withdrawn referral changes in place (same id); its activity joins the top of the activity lists,
 * and the feed's older entries about the friend come back without the erased name.
 */
const withdrawReferralMutation = graphql`
  mutation WithdrawReferralDialogMutation($input: WithdrawReferralInput!, $activityConnections: [ID!]!) {
    withdrawReferral(input: $input) {
      __typename
      ... on MutationWithdrawReferralSuccess {
        data {
          referral {
            id
            ...ReferralListItem_referral
          }
          activity @prependNode(connections: $activityConnections, edgeTypeName: "CustomerActivitiesConnectionEdge") {
            id
            type
            description
            createdAt
            amount {
              pence
            }
          }
          # Every feed entry about this friend as the server reads it now: the store replaces each
          # one in place, so the erased name leaves every screen at once (no reload).
          referralActivities {
            id
            description
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

interface WithdrawReferralDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The referral's global id. */
  referralId: string;
  /** The customer's global id, whose Recent Activity gets the new entry. */
  customerId: string;
  name: string;
}

/** Asks before withdrawing: it cannot be undone, and the friend's details are erased at once. */
export function WithdrawReferralDialog({
  open,
  onOpenChange,
  referralId,
  customerId,
  name,
}: WithdrawReferralDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<WithdrawReferralDialogMutation>(withdrawReferralMutation);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    commit({
      variables: {
        input: { referralId },
        activityConnections: activityConnectionIds(customerId),
      },
      failed: "Failed to Withdraw Referral",
      onSuccess: () => {
        notifySuccess("Referral Withdrawn", "Their details have been erased.");
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Withdraw referral">
              <Dialog.Header>
                <Dialog.Title>Withdraw {name}?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description>
                  Their name, phone number, email and address will be erased straight away, and you will not earn credit
                  if they make a purchase. This cannot be undone.
                </Dialog.Description>
                <Text textStyle="sm" color="fg.muted" mt="3">
                  You can refer them again later.
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" width="full" justify="flex-end" flexWrap="wrap-reverse">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" minHeight="11">
                      Keep referral
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button
                    type="submit"
                    colorPalette="red"
                    minHeight="11"
                    loading={isInFlight}
                    loadingText="Withdrawing..."
                  >
                    Withdraw and erase
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
