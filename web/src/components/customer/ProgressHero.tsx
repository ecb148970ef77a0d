import { AbsoluteCenter, Box, Card, Flex, ProgressCircle, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { ProgressHero_customer$key } from "../../__generated__/ProgressHero_customer.graphql.ts";
import { formatMoney } from "./format.ts";

/** Home's hero: the ring of progress towards the full refund, with what is earned and what is still to go. */
export function ProgressHero({ customer }: { customer: ProgressHero_customer$key }) {
  const data = useFragment(
    graphql`
      fragment ProgressHero_customer on Customer {
        progressPercentage
        currentCredits {
          pence
        }
        remainingToTarget {
          pence
        }
      }
    `,
    customer,
  );
  const percent = data.progressPercentage;
  return (
    <Card.Root as="section" aria-label="Progress towards your full refund" overflow="hidden">
      <Card.Body bgGradient="to-br" gradientFrom="brand.subtle" gradientTo="bg.panel" p={{ base: "5", sm: "6" }}>
        <Flex direction={{ base: "column", sm: "row" }} align="center" gap={{ base: "5", sm: "6" }}>
          <ProgressCircle.Root
            value={percent}
            colorPalette="brand"
            aria-label={`${percent}% of your full refund`}
            flexShrink="0"
          >
            <ProgressCircle.Circle css={{ "--size": "176px", "--thickness": "16px" }}>
              <ProgressCircle.Track />
              <ProgressCircle.Range strokeLinecap="round" />
            </ProgressCircle.Circle>
            <AbsoluteCenter>
              <Stack gap="0" align="center" aria-hidden="true">
                <Text
                  fontSize="4xl"
                  fontWeight="bold"
                  lineHeight="1"
                  color="brand.fg"
                  fontVariantNumeric="tabular-nums"
                >
                  {percent}%
                </Text>
                <Text textStyle="sm" color="fg.muted" fontWeight="medium">
                  Complete
                </Text>
              </Stack>
            </AbsoluteCenter>
          </ProgressCircle.Root>
          <Stack gap="4" width="full" direction={{ base: "row", sm: "column" }}>
            <Figure label="Earned" value={formatMoney(data.currentCredits.pence)} tone="brand.fg" />
            <Figure label="To go" value={formatMoney(data.remainingToTarget.pence)} tone="fg" />
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <Box flex="1" textAlign={{ base: "center", sm: "start" }}>
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" color={tone} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}
