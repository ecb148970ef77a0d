import { Box, Heading, HStack, Icon, List, Text } from "@chakra-ui/react";
import { Lightbulb } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type { HowItWorksBox_programme$key } from "../../__generated__/HowItWorksBox_programme.graphql.ts";
import { formatMoney } from "./format.ts";

/** The earning rules, with the credit rate in force. */
export function HowItWorksBox({ programme }: { programme: HowItWorksBox_programme$key }) {
  const data = useFragment(
    graphql`
      fragment HowItWorksBox_programme on Programme {
        creditRatePercent
        creditRateBasisPoints
      }
    `,
    programme,
  );
  // 1100 basis points = 11p for every £1 spent; only a whole number of pence reads well as money.
  const perPound =
    data.creditRateBasisPoints % 100 === 0
      ? ` (${formatMoney(data.creditRateBasisPoints / 100)} per ${formatMoney(100)} they spend)`
      : "";
  return (
    <Box
      as="section"
      aria-labelledby="how-it-works-heading"
      bg="amber.subtle"
      borderWidth="1px"
      borderColor="amber.emphasized"
      borderRadius="2xl"
      p="5"
    >
      <HStack gap="2" mb="3">
        <Icon as={Lightbulb} boxSize="5" color="amber.fg" aria-hidden="true" />
        <Heading as="h2" size="md" id="how-it-works-heading">
          How it works
        </Heading>
      </HStack>
      <List.Root as="ol" gap="2" ps="5" textStyle="sm">
        <List.Item>
          Register your original purchase. Our team verifies it, typically within 1-2 business days.
        </List.Item>
        <List.Item>Refer friends and family from your dashboard.</List.Item>
        <List.Item>
          When a referral makes a purchase, you earn {data.creditRatePercent} of what they spend as credit{perPound}.
        </List.Item>
        <List.Item>Milestone payments at 33% and 66% of your original purchase, and a full refund at 100%.</List.Item>
      </List.Root>
      <Text textStyle="xs" color="fg.muted" mt="3">
        Credits count towards a refund of your original purchase only.
      </Text>
    </Box>
  );
}
