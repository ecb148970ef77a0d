import { Badge, Box, Button, Card, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, Gift, Lock, type LucideIcon, Send } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  MilestoneJourney_customer$data,
  MilestoneJourney_customer$key,
} from "../../__generated__/MilestoneJourney_customer.graphql.ts";
import type { MilestoneJourneyRequestPaymentMutation } from "../../__generated__/MilestoneJourneyRequestPaymentMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { formatDate, formatMoney } from "./format.ts";
import { type ContactDetails, ContactLinks, hasContact, NO_CONTACT } from "./ProgrammeContact.tsx";

type Milestone = MilestoneJourney_customer$data["milestones"][number];
type MilestoneState = Milestone["state"];

/** Paid, Ready and Pending (the API's LOCKED), each by colour, icon and word (docs/rules/web-app.md). */
const STATE_STYLE: Record<"PAID" | "READY" | "LOCKED", { label: string; palette: string; icon: LucideIcon }> = {
  PAID: { label: "Paid", palette: "green", icon: CircleCheck },
  READY: { label: "Ready", palette: "amber", icon: Gift },
  LOCKED: { label: "Pending", palette: "gray", icon: Lock },
};

function styleOf(state: MilestoneState) {
  return state === "PAID" || state === "READY" ? STATE_STYLE[state] : STATE_STYLE.LOCKED;
}

/** The Ready hint ("Ready for payment! Contact admin for processing."); the contact and Request payment follow it. */
export const READY_HINT = "Ready for payment!";

function hintFor(milestone: Milestone, currentCreditsPence: number): string {
  if (milestone.state === "PAID") return milestone.paidAt ? `Paid on ${formatDate(milestone.paidAt)}.` : "Paid.";
  if (milestone.state === "READY")
    return milestone.paymentRequestedAt
      ? `${READY_HINT} Our team has your request and will process it.`
      : `${READY_HINT} Contact admin for processing.`;
  const needed = milestone.threshold.pence - currentCreditsPence;
  if (needed > 0) return `Earn ${formatMoney(needed)} more in credits to reach this milestone.`;
  // Credits reach the threshold but, after a cancelled purchase, do not yet cover this payment.
  return "Unlocks once your credits cover this payment.";
}

/**
 * The 33%, 66% and 100% (full refund) milestones as three steps of one journey. A ready milestone
 * has Request payment and the programme's contact.
 */
export function MilestoneJourney({
  customer,
  contact = NO_CONTACT,
}: {
  customer: MilestoneJourney_customer$key;
  contact?: ContactDetails;
}) {
  const data = useFragment(
    graphql`
      fragment MilestoneJourney_customer on Customer {
        currentCredits {
          pence
        }
        milestones {
          key
          percent
          title
          state
          paidAt
          paymentRequestedAt
          threshold {
            pence
          }
          tranche {
            pence
          }
        }
      }
    `,
    customer,
  );
  const last = data.milestones.length - 1;
  return (
    <Stack as="ol" listStyleType="none" gap="0" aria-label="Milestones">
      {data.milestones.map((milestone, index) => {
        const style = styleOf(milestone.state);
        const done = milestone.state === "PAID";
        return (
          <HStack as="li" key={milestone.key} align="stretch" gap="3" data-testid={`milestone-${milestone.percent}`}>
            <Stack align="center" gap="0" flexShrink="0" aria-hidden="true">
              <Box
                boxSize="10"
                borderRadius="full"
                display="grid"
                placeItems="center"
                bg={done ? "green.solid" : milestone.state === "READY" ? "amber.solid" : "bg.muted"}
                color={done ? "green.contrast" : milestone.state === "READY" ? "amber.contrast" : "fg.muted"}
                borderWidth={done || milestone.state === "READY" ? "0" : "2px"}
                borderColor="border"
              >
                <Icon as={style.icon} boxSize="5" />
              </Box>
              {index < last ? <Box flex="1" width="2px" minHeight="4" bg={done ? "green.solid" : "border"} /> : null}
            </Stack>
            <Card.Root
              flex="1"
              mb={index < last ? "4" : "0"}
              borderLeftWidth="4px"
              borderLeftColor={done ? "green.solid" : milestone.state === "READY" ? "amber.solid" : "border"}
            >
              <Card.Body p="4" gap="2">
                <HStack justify="space-between" align="flex-start" gap="2">
                  <Heading as="h3" size="md">
                    {milestone.title}
                  </Heading>
                  <Badge
                    colorPalette={style.palette}
                    variant={done ? "solid" : "subtle"}
                    size="md"
                    borderRadius="full"
                    flexShrink="0"
                  >
                    <Icon as={style.icon} boxSize="3.5" aria-hidden="true" />
                    {style.label}
                  </Badge>
                </HStack>
                <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                  {formatMoney(milestone.tranche.pence)}
                </Text>
                <Text
                  textStyle="sm"
                  color={milestone.state === "READY" ? "amber.fg" : "fg.muted"}
                  fontWeight={milestone.state === "READY" ? "semibold" : "normal"}
                >
                  {hintFor(milestone, data.currentCredits.pence)}
                </Text>
                {milestone.state === "READY" ? (
                  <>
                    <RequestPayment milestone={milestone} />
                    {hasContact(contact) ? (
                      <Text textStyle="sm" color="fg.muted" data-testid="milestone-contact">
                        Questions? <ContactLinks contact={contact} startsSentence />.
                      </Text>
                    ) : null}
                  </>
                ) : null}
              </Card.Body>
            </Card.Root>
          </HStack>
        );
      })}
    </Stack>
  );
}

/** "Request payment" on a ready milestone; once asked, the date it was asked on. */
function RequestPayment({ milestone }: { milestone: Milestone }) {
  const [commit, isInFlight] = useMutationWithNotice<MilestoneJourneyRequestPaymentMutation>(graphql`
    mutation MilestoneJourneyRequestPaymentMutation($input: RequestMilestonePaymentInput!) {
      requestMilestonePayment(input: $input) {
        __typename
        ... on MutationRequestMilestonePaymentSuccess {
          data {
            alreadyRequested
            customer {
              ...MilestoneJourney_customer
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  if (milestone.paymentRequestedAt) {
    return (
      <HStack gap="1.5" align="flex-start" color="amber.fg" textStyle="sm" fontWeight="semibold">
        <Icon as={Send} boxSize="4" mt="0.5" flexShrink="0" aria-hidden="true" />
        <Text data-testid="payment-requested">Payment requested on {formatDate(milestone.paymentRequestedAt)}</Text>
      </HStack>
    );
  }
  const request = () =>
    commit({
      variables: { input: { milestone: milestone.key } },
      failed: "Payment Not Requested",
      onSuccess: () =>
        notifySuccess(
          "Payment Requested",
          `We have let our team know that your ${milestone.percent}% milestone is ready.`,
        ),
    });
  return (
    <Button
      size="md"
      alignSelf="flex-start"
      minHeight="11"
      onClick={request}
      loading={isInFlight}
      loadingText="Requesting..."
      aria-label={`Request payment of the ${milestone.percent}% milestone`}
    >
      <Send aria-hidden="true" />
      Request payment
    </Button>
  );
}
