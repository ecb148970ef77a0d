import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { Flag } from "lucide-react";
import { useId } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { ReferralSignalList_referral$key } from "../../../__generated__/ReferralSignalList_referral.graphql.ts";
import { formatDateTime } from "../format.ts";
import { signalCountText } from "./SignalBadges.tsx";

interface ReferralSignalListProps {
  referral: ReferralSignalList_referral$key;
  /** "panel": the Verify Purchase form's box with its heading; "compact": a table cell's list. */
  variant?: "panel" | "compact";
}

/**
 * Why a referral looks wrong, in the server's plain words, each with what it matched (the evidence)
 * and when it was noticed; never a score (docs/rules/web-app.md, "Fraud signals on the pages").
 */
export function ReferralSignalList({ referral: referralKey, variant = "panel" }: ReferralSignalListProps) {
  const { signals } = useFragment(
    graphql`
      fragment ReferralSignalList_referral on Referral {
        signals {
          kind
          words
          evidence
          noticedAt
        }
      }
    `,
    referralKey,
  );
  const headingId = useId();
  if (signals.length === 0) return null;
  const items = (
    <Stack as="ul" listStyleType="none" gap={variant === "compact" ? "1" : "2"} data-testid="referral-signals">
      {signals.map((signal) => (
        <Box as="li" key={signal.kind} data-signal-kind={signal.kind}>
          <Text textStyle={variant === "compact" ? "xs" : "sm"} fontWeight="medium">
            {signal.words}
          </Text>
          {signal.evidence ? (
            <Text textStyle="xs" color="fg.muted" wordBreak="break-word">
              {signal.evidence}
            </Text>
          ) : null}
          {variant === "panel" ? (
            <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              Noticed {formatDateTime(signal.noticedAt)}
            </Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
  if (variant === "compact") return items;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="amber.subtle"
      borderWidth="1px"
      borderColor="amber.emphasized"
      borderRadius="lg"
      px="4"
      py="3"
    >
      <Heading as="h3" size="sm" id={headingId} display="flex" alignItems="center" gap="2" mb="2">
        <Flag aria-hidden="true" size={16} />
        {signalCountText(signals.length)}: why this referral looks wrong
      </Heading>
      {items}
    </Box>
  );
}
