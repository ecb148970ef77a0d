import { Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { PaymentHistory_customer$key } from "../../__generated__/PaymentHistory_customer.graphql.ts";
import { formatDate, formatMoney } from "./format.ts";

/** Milestone payments made so far: the type upper-cased (MILESTONE_33), the date paid and the amount. */
export function PaymentHistory({ customer }: { customer: PaymentHistory_customer$key }) {
  const data = useFragment(
    graphql`
      fragment PaymentHistory_customer on Customer {
        milestonePayments {
          id
          milestoneType
          paidAt
          amount {
            pence
          }
        }
      }
    `,
    customer,
  );
  return (
    <Card.Root as="section" aria-labelledby="payment-history-heading">
      <Card.Body p="5" gap="4">
        <Heading as="h2" size="lg" id="payment-history-heading">
          Payment History
        </Heading>
        {data.milestonePayments.length === 0 ? (
          <Text color="fg.muted">No milestone payments yet.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" data-testid="payment-history">
            {data.milestonePayments.map((payment) => (
              <HStack
                as="li"
                key={payment.id}
                justify="space-between"
                gap="3"
                py="1"
                borderBottomWidth="1px"
                borderColor="border.muted"
                _last={{ borderBottomWidth: 0 }}
              >
                <Stack gap="0">
                  <Text fontWeight="semibold" fontFamily="mono" textStyle="sm">
                    {payment.milestoneType.toUpperCase()}
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    Paid <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
                  </Text>
                </Stack>
                <Text fontWeight="bold" color="green.fg" fontVariantNumeric="tabular-nums">
                  {formatMoney(payment.amount.pence)}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
