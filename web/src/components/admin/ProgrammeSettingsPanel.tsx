import { Box, Button, Heading, HStack, Icon, Skeleton, Text } from "@chakra-ui/react";
import {
  BadgeCheck,
  Flag,
  Headset,
  type LucideIcon,
  Percent,
  Settings2,
  ShieldCheck,
  TrendingUp,
  UserPlus,
} from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import type { ProgrammeSettingsPanelQuery } from "../../__generated__/ProgrammeSettingsPanelQuery.graphql.ts";
import { AdminSettingChangeRequests, usePendingSettingChanges } from "./AdminSettingChangeRequests.tsx";
import {
  ChangeAmountFactorDialog,
  ChangeBurstDialog,
  ChangeFlaggedApprovalDialog,
} from "./fraud/FraudSettingDialogs.tsx";
import {
  ChangeContactDialog,
  ChangeRateDialog,
  ChangeReferralLimitDialog,
  ChangeThresholdDialog,
} from "./ProgrammeSettingDialogs.tsx";

/**
 * The Admin Panel's Settings tab, the programme's settings: the credit rate, the payout approval threshold, the daily referral limit, the contact and the fraud settings (burst limit, amount factor, flagged verification approval), each with a dialog to change it (audited).
 * Raising any but the contact waits for another administrator (docs/rules/settings.md, "Programme settings: two people for money"): the waiting requests are listed below the rows.
 */
export function ProgrammeSettingsPanel() {
  // The fallback is the panel itself with its figures shimmering, so nothing moves when they arrive.
  return (
    <Suspense
      fallback={
        <SettingsRows
          rate={<LoadingFigure text="00.0%" />}
          threshold={<LoadingFigure text="£500.00" />}
          referralLimit={<LoadingFigure text="20" />}
          contact={<LoadingFigure text="help@example.com" />}
          burst={<LoadingFigure text="10" />}
          amountFactor={<LoadingFigure text="300%" />}
          flaggedApproval={<LoadingFigure text="£1,000.00" />}
        />
      }
    >
      <ProgrammeSettings />
    </Suspense>
  );
}

function LoadingFigure({ text }: { text: string }) {
  return (
    <Skeleton as="span" display="inline-block" borderRadius="sm">
      {text}
    </Skeleton>
  );
}

function ProgrammeSettings() {
  const data = useLazyLoadQuery<ProgrammeSettingsPanelQuery>(
    graphql`
      query ProgrammeSettingsPanelQuery {
        ...AdminSettingChangeRequests_query
        programme {
          creditRateBasisPoints
          creditRatePercent
          payoutApprovalThreshold {
            pence
            pounds
            formatted
          }
          referralDailyLimit
          contactEmail
          contactPhone
          contactPhoneDisplay
          contactHours
          signalBurstPerHour
          signalAmountFactorPercent
          flaggedVerificationApproval {
            pence
            pounds
            formatted
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  const { programme } = data;
  const pending = usePendingSettingChanges(data);
  const [open, setOpen] = useState(false);
  const [thresholdOpen, setThresholdOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [burstOpen, setBurstOpen] = useState(false);
  const [factorOpen, setFactorOpen] = useState(false);
  const [approvalOpen, setApprovalOpen] = useState(false);
  const contactParts = [programme.contactEmail, programme.contactPhoneDisplay, programme.contactHours].filter(Boolean);
  return (
    <SettingsRows
      rate={
        <>
          <strong data-testid="credit-rate">{programme.creditRatePercent}</strong>
          <AwaitingNote to={pending.get("CREDIT_RATE")} testId="credit-rate-awaiting" />
        </>
      }
      threshold={
        <>
          <strong data-testid="payout-threshold">{programme.payoutApprovalThreshold.formatted}</strong>
          <AwaitingNote to={pending.get("PAYOUT_APPROVAL_THRESHOLD")} testId="payout-threshold-awaiting" />
        </>
      }
      referralLimit={
        <>
          <strong data-testid="referral-daily-limit">{programme.referralDailyLimit}</strong>
          <AwaitingNote to={pending.get("REFERRAL_DAILY_LIMIT")} testId="referral-daily-limit-awaiting" />
        </>
      }
      onChangeRate={() => setOpen(true)}
      onChangeThreshold={() => setThresholdOpen(true)}
      onChangeReferralLimit={() => setLimitOpen(true)}
      contact={
        <strong data-testid="programme-contact">
          {contactParts.length > 0 ? contactParts.join(" · ") : "not set"}
        </strong>
      }
      onChangeContact={() => setContactOpen(true)}
      burst={
        <>
          <strong data-testid="signal-burst">{programme.signalBurstPerHour}</strong>
          <AwaitingNote to={pending.get("SIGNAL_BURST_PER_HOUR")} testId="signal-burst-awaiting" />
        </>
      }
      amountFactor={
        <>
          <strong data-testid="signal-amount-factor">{programme.signalAmountFactorPercent}%</strong>
          <AwaitingNote to={pending.get("SIGNAL_AMOUNT_FACTOR")} testId="signal-amount-factor-awaiting" />
        </>
      }
      flaggedApproval={
        <>
          <strong data-testid="flagged-approval">{programme.flaggedVerificationApproval.formatted}</strong>
          <AwaitingNote to={pending.get("FLAGGED_VERIFICATION_APPROVAL")} testId="flagged-approval-awaiting" />
        </>
      }
      onChangeBurst={() => setBurstOpen(true)}
      onChangeAmountFactor={() => setFactorOpen(true)}
      onChangeFlaggedApproval={() => setApprovalOpen(true)}
    >
      {open ? <ChangeRateDialog current={programme.creditRateBasisPoints} onClose={() => setOpen(false)} /> : null}
      {thresholdOpen ? (
        <ChangeThresholdDialog current={programme.payoutApprovalThreshold} onClose={() => setThresholdOpen(false)} />
      ) : null}
      {limitOpen ? (
        <ChangeReferralLimitDialog current={programme.referralDailyLimit} onClose={() => setLimitOpen(false)} />
      ) : null}
      {contactOpen ? (
        <ChangeContactDialog
          current={{
            email: programme.contactEmail ?? "",
            phone: programme.contactPhoneDisplay ?? "",
            hours: programme.contactHours ?? "",
          }}
          onClose={() => setContactOpen(false)}
        />
      ) : null}
      {burstOpen ? (
        <ChangeBurstDialog current={programme.signalBurstPerHour} onClose={() => setBurstOpen(false)} />
      ) : null}
      {factorOpen ? (
        <ChangeAmountFactorDialog current={programme.signalAmountFactorPercent} onClose={() => setFactorOpen(false)} />
      ) : null}
      {approvalOpen ? (
        <ChangeFlaggedApprovalDialog
          current={programme.flaggedVerificationApproval}
          onClose={() => setApprovalOpen(false)}
        />
      ) : null}
      <AdminSettingChangeRequests query={data} />
    </SettingsRows>
  );
}

/** " (awaiting approval: £1,000.00)" beside a setting whose raise waits for another administrator. */
function AwaitingNote({ to, testId }: { to: string | undefined; testId: string }) {
  if (!to) return null;
  return (
    <Text as="span" color="amber.fg" data-testid={testId}>
      {" "}
      (awaiting approval: {to})
    </Text>
  );
}

/** The panel's layout, loaded or not (buttons wait for the figures). */
function SettingsRows({
  rate,
  threshold,
  referralLimit,
  contact,
  burst,
  amountFactor,
  flaggedApproval,
  onChangeRate,
  onChangeThreshold,
  onChangeReferralLimit,
  onChangeContact,
  onChangeBurst,
  onChangeAmountFactor,
  onChangeFlaggedApproval,
  children,
}: {
  rate: ReactNode;
  threshold: ReactNode;
  referralLimit: ReactNode;
  contact: ReactNode;
  burst: ReactNode;
  amountFactor: ReactNode;
  flaggedApproval: ReactNode;
  onChangeRate?: () => void;
  onChangeThreshold?: () => void;
  onChangeReferralLimit?: () => void;
  onChangeContact?: () => void;
  onChangeBurst?: () => void;
  onChangeAmountFactor?: () => void;
  onChangeFlaggedApproval?: () => void;
  children?: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby="programme-settings-heading"
      aria-busy={onChangeRate ? undefined : true}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      bg="bg.panel"
      px="4"
      py="3"
    >
      <Heading as="h2" size="md" id="programme-settings-heading" mb="2">
        Programme settings
      </Heading>
      <SettingRow icon={Percent} buttonLabel="Change Rate" onChange={onChangeRate}>
        Credit rate: {rate} of what each referral spends
      </SettingRow>
      <SettingRow icon={ShieldCheck} buttonLabel="Change Threshold" onChange={onChangeThreshold}>
        Payouts above {threshold} need a second administrator's approval
      </SettingRow>
      <SettingRow icon={UserPlus} buttonLabel="Change Limit" onChange={onChangeReferralLimit}>
        Each customer can add up to {referralLimit} referrals a day
      </SettingRow>
      <SettingRow icon={Headset} buttonLabel="Change Contact" onChange={onChangeContact}>
        Customers reach the programme at {contact}
      </SettingRow>
      <Heading as="h3" size="sm" mt="4">
        Fraud signals
      </Heading>
      <SettingRow icon={Flag} buttonLabel="Change Burst Limit" onChange={onChangeBurst}>
        A customer's referrals beyond {burst} in an hour are flagged
      </SettingRow>
      <SettingRow icon={TrendingUp} buttonLabel="Change Amount Factor" onChange={onChangeAmountFactor}>
        A friend's purchase above {amountFactor} of the customer's own is flagged
      </SettingRow>
      <SettingRow icon={BadgeCheck} buttonLabel="Change Approval Amount" onChange={onChangeFlaggedApproval}>
        Verifying a flagged referral above {flaggedApproval} needs a second administrator's approval
      </SettingRow>
      {children}
    </Box>
  );
}

function SettingRow({
  icon,
  buttonLabel,
  onChange,
  children,
}: {
  icon: LucideIcon;
  buttonLabel: string;
  onChange: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <HStack gap="3" flexWrap="wrap" justify="space-between" mt="2">
      <HStack gap="2" flex="1 1 16rem">
        <Icon as={icon} color="amber.fg" aria-hidden="true" />
        <Text textStyle="sm">{children}</Text>
      </HStack>
      <Button size="xs" variant="outline" onClick={onChange} disabled={!onChange}>
        <Settings2 aria-hidden="true" />
        {buttonLabel}
      </Button>
    </HStack>
  );
}
