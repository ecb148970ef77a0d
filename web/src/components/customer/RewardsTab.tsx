import { Button, Card, Heading, SimpleGrid, Stack, Stat } from "@chakra-ui/react";
import { ArrowLeft, Trophy } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { RewardsTab_customer$key } from "../../__generated__/RewardsTab_customer.graphql.ts";
import { formatMoney } from "./format.ts";
import { MilestoneJourney } from "./MilestoneJourney.tsx";
import type { ContactDetails } from "./ProgrammeContact.tsx";
import { TabHeading } from "./TabHeading.tsx";

/** The rewards summary and the milestones, with the way to their details. */
export function RewardsTab({ customer, contact }: { customer: RewardsTab_customer$key; contact?: ContactDetails }) {
  const data = useFragment(
    graphql`
      fragment RewardsTab_customer on Customer {
        progressPercentage
        currentCredits {
          pence
        }
        creditsPaid {
          pence
        }
        remainingToTarget {
          pence
        }
        ...MilestoneJourney_customer
      }
    `,
    customer,
  );
  return (
    <Stack gap="5">
      <TabHeading title="Rewards" description="Your credits and the milestone payments they unlock." />
      <Card.Root as="section" aria-label="Rewards summary">
        <Card.Body p="5">
          <SimpleGrid columns={2} gap="4">
            <Summary label="Progress" value={`${data.progressPercentage}%`} color="brand.fg" />
            <Summary label="Potential Credits Earned" value={formatMoney(data.currentCredits.pence)} color="amber.fg" />
            <Summary label="Credits Paid Out" value={formatMoney(data.creditsPaid.pence)} color="green.fg" />
            <Summary label="To Full Refund" value={formatMoney(data.remainingToTarget.pence)} color="fg" />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Stack as="section" aria-labelledby="rewards-milestones-heading" gap="3">
        <Heading as="h2" size="lg" id="rewards-milestones-heading">
          Milestones
        </Heading>
        <MilestoneJourney customer={data} contact={contact} />
      </Stack>
      <Stack gap="3">
        <Button asChild size="lg">
          <RouterLink href="/milestones">
            <Trophy aria-hidden="true" />
            View Milestone Details
          </RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink href="/home">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

function Summary({ label, value, color }: { label: string; value: string; color: string }) {
  return (
    <Stat.Root gap="1">
      <Stat.Label color="fg.muted">{label}</Stat.Label>
      <Stat.ValueText fontSize="lg" color={color} fontVariantNumeric="tabular-nums">
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}
