import { Alert, Box, DataList, Progress, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminCustomerFigures_customer$key } from "../../../__generated__/AdminCustomerFigures_customer.graphql.ts";
import { AdminDetail } from "../AdminDetail.tsx";
import { formatMoney } from "../format.ts";
import { StorySection } from "./StorySection.tsx";

/**
 * The figures and how the progress figure comes about: current credits (the ledger's balance) over
 * the original purchase. An overpaid customer (credits cancelled after a payout) gets a warning card.
 */
export function AdminCustomerFigures({ customer: customerKey }: { customer: AdminCustomerFigures_customer$key }) {
  const customer = useFragment(
    graphql`
      fragment AdminCustomerFigures_customer on Customer {
        progressPercentage
        originalPurchaseAmount {
          pence
        }
        currentCredits {
          pence
        }
        creditsPaid {
          pence
        }
        remainingToTarget {
          pence
        }
        overpaid {
          pence
        }
      }
    `,
    customerKey,
  );
  const credits = formatMoney(customer.currentCredits.pence);
  const target = formatMoney(customer.originalPurchaseAmount.pence);
  return (
    <StorySection id="story-figures" title="Figures">
      <Stack gap="3">
        <Box>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="progress-explained">
            Progress {customer.progressPercentage}% = {credits} of {target}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Current credits are the balance of the credit ledger below; progress is that balance as a whole percentage
            of the original purchase, capped at 100%.
          </Text>
          <Progress.Root value={customer.progressPercentage} size="sm" colorPalette="amber" mt="2" maxWidth="md">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="1">
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <AdminDetail labelWidth="36" label="Original Purchase" value={target} />
            <AdminDetail labelWidth="36" label="Current Credits" value={credits} />
          </DataList.Root>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <AdminDetail labelWidth="36" label="Already Paid" value={formatMoney(customer.creditsPaid.pence)} />
            <AdminDetail
              labelWidth="36"
              label="Remaining to Target"
              value={formatMoney(customer.remainingToTarget.pence)}
            />
          </DataList.Root>
        </SimpleGrid>
        {customer.overpaid.pence > 0 ? (
          <Alert.Root status="warning" borderRadius="md" data-testid="overpaid-card">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Overpaid by {formatMoney(customer.overpaid.pence)}</Alert.Title>
              <Alert.Description>
                Milestones already paid exceed the current credits after a cancellation. Nothing more is payable until
                credits catch up.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </StorySection>
  );
}
