import { Badge } from "@chakra-ui/react";
import { CirclePause, Flag, Hourglass } from "lucide-react";

/** "1 signal", "2 signals": how many reasons the referral looks wrong (docs/rules/fraud.md, "Signals"). */
export function signalCountText(count: number): string {
  return `${count} ${count === 1 ? "signal" : "signals"}`;
}

/**
 * A flagged referral's mark: a flag and the count in words, so it is read (and named) as "2 signals",
 * never by colour alone. Nothing for a referral without signals.
 */
export function SignalFlag({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge
      colorPalette="amber"
      variant="subtle"
      flexShrink={0}
      fontVariantNumeric="tabular-nums"
      data-testid="signal-flag"
    >
      <Flag aria-hidden="true" size="1em" />
      {signalCountText(count)}
    </Badge>
  );
}

/** A held referral: "Under review" until an administrator releases it (docs/rules/fraud.md, "Holds"). */
export function UnderReviewBadge() {
  return (
    <Badge colorPalette="gray" variant="outline" flexShrink={0} data-testid="under-review">
      <CirclePause aria-hidden="true" size="1em" />
      Under review
    </Badge>
  );
}

/** A referral whose flagged verification waits for a second administrator (docs/rules/fraud.md, "Verifying a flagged referral"). */
export function AwaitingApprovalBadge() {
  return (
    <Badge colorPalette="amber" variant="outline" flexShrink={0} data-testid="awaiting-approval">
      <Hourglass aria-hidden="true" size="1em" />
      Awaiting approval
    </Badge>
  );
}
