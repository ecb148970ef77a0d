import { Card, HStack, Progress, SimpleGrid, Stat, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { MilestoneProgress_customer$key } from "../../__generated__/MilestoneProgress_customer.graphql.ts";
import { formatMoney } from "./format.ts";

/** Potential credits earned, credits paid out, and the bar with its percentage. */
export function MilestoneProgress({ customer }: { customer: MilestoneProgress_customer$key }) {
  const data = useFragment(
    graphql`
      fragment MilestoneProgress_customer on Customer {
        progressPercentage
        currentCredits {
          pence
        }
        creditsPaid {
          pence
        }
        originalPurchaseAmount {
          pence
        }
      }
    `,
    customer,
  );
  return (
    <Card.Root as="section" aria-label="Your progress">
      <Card.Body p="5" gap="5">
        <SimpleGrid columns={2} gap="4">
          <Stat.Root gap="1">
            <Stat.Label color="fg.muted">Potential Credits Earned</Stat.Label>
            <Stat.ValueText fontSize="xl" color="amber.fg" fontVariantNumeric="tabular-nums">
              {formatMoney(data.currentCredits.pence)}
            </Stat.ValueText>
          </Stat.Root>
          <Stat.Root gap="1">
            <Stat.Label color="fg.muted">Credits Paid Out</Stat.Label>
            <Stat.ValueText fontSize="xl" color="green.fg" fontVariantNumeric="tabular-nums">
              {formatMoney(data.creditsPaid.pence)}
            </Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
        <Progress.Root value={data.progressPercentage} size="lg" colorPalette="brand">
          <HStack justify="space-between" mb="2">
            <Progress.Label>Progress to full refund</Progress.Label>
            <Progress.ValueText fontWeight="bold">{data.progressPercentage}%</Progress.ValueText>
          </HStack>
          <Progress.Track borderRadius="full">
            <Progress.Range borderRadius="full" />
          </Progress.Track>
          <Text textStyle="sm" color="fg.muted" mt="2">
            Full refund at {formatMoney(data.originalPurchaseAmount.pence)} in credits.
          </Text>
        </Progress.Root>
      </Card.Body>
    </Card.Root>
  );
}
