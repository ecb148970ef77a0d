import { Badge } from "@chakra-ui/react";
import { BadgeCheck, Clock, Hourglass, MailWarning, ShoppingBag, Undo2, XCircle } from "lucide-react";

const CUSTOMER = {
  VERIFIED: { palette: "green", icon: BadgeCheck },
  PENDING: { palette: "amber", icon: Clock },
  REJECTED: { palette: "red", icon: XCircle },
} as const;

/** A customer's Verified / Pending / Rejected, by icon and word as well as colour. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const style = CUSTOMER[status as keyof typeof CUSTOMER] ?? CUSTOMER.PENDING;
  const Icon = style.icon;
  return (
    <Badge colorPalette={style.palette} variant="subtle">
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

const REFERRAL = {
  PURCHASED: { palette: "green", icon: ShoppingBag },
  PENDING: { palette: "amber", icon: Hourglass },
  // The customer's own choice, not a failure: neutral, unlike expired.
  WITHDRAWN: { palette: "gray", icon: Undo2 },
} as const;

/** A referral's status: purchased, pending and withdrawn as such, any other value (expired) as destructive. */
export function ReferralStatusBadge({ status, label }: { status: string; label: string }) {
  const style = REFERRAL[status as keyof typeof REFERRAL] ?? { palette: "red", icon: XCircle };
  const Icon = style.icon;
  return (
    <Badge colorPalette={style.palette} variant="subtle">
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** Shown beside a customer whose emailed confirmation link has not been opened: their emails are held. */
export function EmailNotConfirmedBadge() {
  return (
    <Badge colorPalette="gray" variant="outline">
      <MailWarning aria-hidden="true" />
      Email not confirmed
    </Badge>
  );
}
