import { Badge, Box, Card, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, Gift, Lock, type LucideIcon } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  MilestoneJourney_customer$data,
  MilestoneJourney_customer$key,
} from "../../__generated__/MilestoneJourney_customer.graphql.ts";
import { formatDate, formatMoney } from "./format.ts";

type Milestone = MilestoneJourney_customer$data["milestones"][number];
type MilestoneState = Milestone["state"];

/** Paid, Ready and Pending (the API's LOCKED), each by colour, icon and word (ui-direction.md). */
const STATE_STYLE: Record<"PAID" | "READY" | "LOCKED", { label: string; palette: string; icon: LucideIcon }> = {
  PAID: { label: "Paid", palette: "green", icon: CircleCheck },
  READY: { label: "Ready", palette: "amber", icon: Gift },
  LOCKED: { label: "Pending", palette: "gray", icon: Lock },
};

function styleOf(state: MilestoneState) {
  return state === "PAID" || state === "READY" ? STATE_STYLE[state] : STATE_STYLE.LOCKED;
}

export const READY_HINT = "Ready for payment! Contact admin for processing.";

function hintFor(milestone: Milestone, currentCreditsPence: number): string {
  if (milestone.state === "PAID") return milestone.paidAt ? `Paid on ${formatDate(milestone.paidAt)}.` : "Paid.";
  if (milestone.state === "READY") return READY_HINT;
  const needed = milestone.threshold.pence - currentCreditsPence;
  if (needed > 0) return `Earn ${formatMoney(needed)} more in credits to reach this milestone.`;
  // Credits reach the threshold but, after a cancelled purchase, do not yet cover this payment.
  return "Unlocks once your credits cover this payment.";
}

/** The 33%, 66% and 100% (full refund) milestones as three steps of one journey. */
export function MilestoneJourney({ customer }: { customer: MilestoneJourney_customer$key }) {
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
              </Card.Body>
            </Card.Root>
          </HStack>
        );
      })}
    </Stack>
  );
}
