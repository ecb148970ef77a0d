/*
 * The fraud settings' dialogs (docs/rules/fraud.md, "Settings"): the burst limit, the amount factor
 * and the flagged verification approval amount. Each changes one setting, audited; raising one
 * weakens a control and waits for another administrator, as the other settings do.
 */
import { graphql, useMutation } from "react-relay/hooks";
import type { FraudSettingDialogsAmountFactorMutation } from "../../../__generated__/FraudSettingDialogsAmountFactorMutation.graphql.ts";
import type { FraudSettingDialogsApprovalMutation } from "../../../__generated__/FraudSettingDialogsApprovalMutation.graphql.ts";
import type { FraudSettingDialogsBurstMutation } from "../../../__generated__/FraudSettingDialogsBurstMutation.graphql.ts";
import { poundsToPenceOrNull } from "../../../lib/money.ts";
import { formatMoney, penceToPoundsText } from "../format.ts";
import { SettingDialog, settingAnswerHandlers, settingOutcome } from "../ProgrammeSettingDialogs.tsx";

/** "10" → 10; null unless a whole number from `min` to `max` (the server checks it too). */
function wholeNumber(min: number, max: number) {
  return (text: string): number | null => {
    const match = /^\d{1,7}$/.exec(text.trim());
    const value = match ? Number(match[0]) : null;
    return value !== null && value >= min && value <= max ? value : null;
  };
}

export const BURST_LIMITS = { min: 1, max: 1000 } as const;
export const AMOUNT_FACTOR_LIMITS = { min: 100, max: 10_000 } as const;

export function ChangeBurstDialog({ current, onClose }: { current: number; onClose: () => void }) {
  const [commit, isInFlight] = useMutation<FraudSettingDialogsBurstMutation>(graphql`
    mutation FraudSettingDialogsBurstMutation($input: SetSignalBurstPerHourInput!) {
      setSignalBurstPerHour(input: $input) {
        __typename
        ... on MutationSetSignalBurstPerHourSuccess {
          data {
            signalBurstPerHour
          }
        }
        ... on SettingChangeAwaitingApproval {
          message
          request {
            id
            ...AdminSettingChangeRequests_request
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const outcome = settingOutcome("Burst Limit", onClose);
  const save = (perHour: number) =>
    commit({
      variables: { input: { perHour } },
      ...settingAnswerHandlers<{ signalBurstPerHour: number }>(
        "setSignalBurstPerHour",
        { scalars: ["signalBurstPerHour"] },
        outcome,
        (data) =>
          `A customer who adds more than ${data.signalBurstPerHour} referrals in an hour is flagged from now on.`,
      ),
    });
  const parse = wholeNumber(BURST_LIMITS.min, BURST_LIMITS.max);
  return (
    <SettingDialog
      title="Change Burst Limit"
      description="How many referrals one customer may add in an hour before the next ones are flagged as a burst. Lowering it applies at once; raising it flags fewer referrals and waits for another administrator's approval. The change is audited."
      confirmLabel="Save Limit"
      label="Referrals per customer per hour"
      name="signalBurstPerHour"
      inputMode="numeric"
      initialText={String(current)}
      parse={parse}
      current={current}
      invalidMessage={`Enter a whole number of referrals from ${BURST_LIMITS.min} to ${BURST_LIMITS.max}.`}
      helper={() => `From ${BURST_LIMITS.min} to ${BURST_LIMITS.max}.`}
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}

export function ChangeAmountFactorDialog({ current, onClose }: { current: number; onClose: () => void }) {
  const [commit, isInFlight] = useMutation<FraudSettingDialogsAmountFactorMutation>(graphql`
    mutation FraudSettingDialogsAmountFactorMutation($input: SetSignalAmountFactorInput!) {
      setSignalAmountFactor(input: $input) {
        __typename
        ... on MutationSetSignalAmountFactorSuccess {
          data {
            signalAmountFactorPercent
          }
        }
        ... on SettingChangeAwaitingApproval {
          message
          request {
            id
            ...AdminSettingChangeRequests_request
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const outcome = settingOutcome("Amount Factor", onClose);
  const save = (percent: number) =>
    commit({
      variables: { input: { percent } },
      ...settingAnswerHandlers<{ signalAmountFactorPercent: number }>(
        "setSignalAmountFactor",
        { scalars: ["signalAmountFactorPercent"] },
        outcome,
        (data) => `A purchase above ${data.signalAmountFactorPercent}% of the customer's own is flagged from now on.`,
      ),
    });
  const parse = wholeNumber(AMOUNT_FACTOR_LIMITS.min, AMOUNT_FACTOR_LIMITS.max);
  return (
    <SettingDialog
      title="Change Amount Factor"
      description="A friend's purchase above this share of the referring customer's own purchase is flagged when it is verified (300% is three times theirs). Lowering it applies at once; raising it flags fewer purchases and waits for another administrator's approval. The change is audited."
      confirmLabel="Save Factor"
      label="Share of the customer's purchase (%)"
      name="signalAmountFactor"
      inputMode="numeric"
      initialText={String(current)}
      parse={parse}
      current={current}
      invalidMessage={`Enter a whole percentage from ${AMOUNT_FACTOR_LIMITS.min} to ${AMOUNT_FACTOR_LIMITS.max}, for example 300.`}
      helper={(percent) =>
        percent === null
          ? `From ${AMOUNT_FACTOR_LIMITS.min} to ${AMOUNT_FACTOR_LIMITS.max}.`
          : `A customer who spent £1,000.00 would see a friend's purchase above ${formatMoney(percent * 1000)} flagged.`
      }
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}

export function ChangeFlaggedApprovalDialog({
  current,
  onClose,
}: {
  current: { pence: number; pounds: string };
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutation<FraudSettingDialogsApprovalMutation>(graphql`
    mutation FraudSettingDialogsApprovalMutation($input: SetFlaggedVerificationApprovalInput!) {
      setFlaggedVerificationApproval(input: $input) {
        __typename
        ... on MutationSetFlaggedVerificationApprovalSuccess {
          data {
            flaggedVerificationApproval {
              pence
              pounds
              formatted
            }
          }
        }
        ... on SettingChangeAwaitingApproval {
          message
          request {
            id
            ...AdminSettingChangeRequests_request
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const outcome = settingOutcome("Flagged Verification Approval", onClose);
  const save = (pence: number) =>
    commit({
      variables: { input: { amount: penceToPoundsText(pence) } },
      ...settingAnswerHandlers<{ flaggedVerificationApproval: { formatted: string } }>(
        "setFlaggedVerificationApproval",
        { linked: ["flaggedVerificationApproval"] },
        outcome,
        (data) =>
          `Flagged purchases above ${data.flaggedVerificationApproval.formatted} now need a second administrator's approval.`,
      ),
    });
  return (
    <SettingDialog
      title="Change Flagged Verification Approval"
      description="Verifying a referral with signals for more than this amount waits for another administrator's approval. Lowering it applies at once; raising it waits for another administrator's approval. The change is audited."
      confirmLabel="Save Amount"
      label="Amount (£)"
      name="flaggedVerificationApproval"
      inputMode="decimal"
      initialText={current.pounds}
      parse={poundsToPenceOrNull}
      current={current.pence}
      invalidMessage="Enter an amount in pounds with at most two decimals, for example 1000 or 750.50."
      helper={() => "In pounds, for example 1000."}
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}
