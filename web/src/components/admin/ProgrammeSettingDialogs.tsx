/*
 * The programme settings' dialogs (the credit rate, the payout approval threshold, the daily referral
 * limit and the contact): each changes one setting, audited; raising one of the first three waits for
 * another administrator (docs/rules/settings.md, "Programme settings: two people for money").
 */
import { Field, Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import { ConnectionHandler, type RecordSourceSelectorProxy } from "relay-runtime";
import type { ProgrammeSettingDialogsContactMutation } from "../../__generated__/ProgrammeSettingDialogsContactMutation.graphql.ts";
import type { ProgrammeSettingDialogsCreditRateMutation } from "../../__generated__/ProgrammeSettingDialogsCreditRateMutation.graphql.ts";
import type { ProgrammeSettingDialogsReferralLimitMutation } from "../../__generated__/ProgrammeSettingDialogsReferralLimitMutation.graphql.ts";
import type { ProgrammeSettingDialogsThresholdMutation } from "../../__generated__/ProgrammeSettingDialogsThresholdMutation.graphql.ts";
import {
  creditForPurchase,
  formatBasisPoints,
  parsePercentToBasisPoints,
  poundsToPenceOrNull,
} from "../../lib/money.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notify, notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { failureOf } from "../../relay/mutationOutcome.ts";
import { AdminDialog } from "./AdminDialog.tsx";
import { pendingSettingChangesConnectionId } from "./AdminSettingChangeRequests.tsx";
import { formatMoney, penceToPoundsText } from "./format.ts";

const INVALID_RATE = "Enter a rate from 0.01% to 100%, with at most two decimals, for example 11 or 12.5.";
const EXAMPLE_PURCHASE_PENCE = 100_000;

/** The raise's request, added to the list of changes waiting for another administrator. */
function addAwaitingRequest(store: RecordSourceSelectorProxy, rootField: string) {
  const request = store.getRootField(rootField)?.getLinkedRecord("request");
  const connection = store.get(pendingSettingChangesConnectionId());
  if (!request || !connection) return;
  const edge = ConnectionHandler.createEdge(store, connection, request, "QuerySettingChangeRequestsConnectionEdge");
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

/** A changed setting's outcome: a notice, and the dialog closes on success or when the change awaits approval. */
export function settingOutcome(setting: string, onClose: () => void) {
  return {
    succeeded(message: string) {
      notifySuccess(`${setting} Updated`, message);
      onClose();
    },
    awaiting(message: string) {
      notify({ title: `${setting} Awaiting Approval`, description: message, tone: "info" });
      onClose();
    },
    failed(message: string) {
      notifyFailure(`${setting} Not Changed`, message);
    },
  };
}

/**
 * What every setting's mutation does with its answer: a raise's request joins the changes waiting for
 * another administrator; a change copies the new values (`scalars`, `linked` records) onto the
 * programme every screen reads; and the dialog's outcome is told.
 */
export function settingAnswerHandlers<Data>(
  rootField: string,
  copy: { scalars?: readonly string[]; linked?: readonly string[] },
  outcome: ReturnType<typeof settingOutcome>,
  succeeded: (data: Data) => string,
) {
  type Answer = { __typename: string; data?: Data | null; message?: string; field?: string };
  const answerOf = (response: unknown) => (response as Record<string, Answer> | null | undefined)?.[rootField];
  const changed = (answer: Answer | undefined): answer is Answer & { data: Data } =>
    Boolean(answer?.__typename.endsWith("Success") && answer.data);
  return {
    updater: (store: RecordSourceSelectorProxy, response: unknown) => {
      const answer = answerOf(response);
      if (answer?.__typename === "SettingChangeAwaitingApproval") addAwaitingRequest(store, rootField);
      if (!changed(answer)) return;
      const programme = store.getRoot().getLinkedRecord("programme");
      const updated = store.getRootField(rootField)?.getLinkedRecord("data");
      if (!programme || !updated) return;
      for (const name of copy.scalars ?? []) programme.setValue(updated.getValue(name), name);
      for (const name of copy.linked ?? []) {
        const record = updated.getLinkedRecord(name);
        if (record) programme.setLinkedRecord(record, name);
      }
    },
    onCompleted: (response: unknown) => {
      const answer = answerOf(response);
      if (changed(answer)) outcome.succeeded(succeeded(answer.data));
      else if (answer?.__typename === "SettingChangeAwaitingApproval")
        outcome.awaiting(answer.message ?? "Waiting for another administrator's approval.");
      else outcome.failed(failureOf(answer ?? { __typename: "Error" }).message);
    },
    onError: (failure: Error) => outcome.failed(failure.message),
  };
}

/**
 * One setting's dialog: a single text field parsed to its value (null when invalid), a helper line,
 * and Save, which stays off until the value is valid and differs from the current one.
 */
export function SettingDialog<Value>(props: {
  title: string;
  description: string;
  confirmLabel: string;
  label: string;
  name: string;
  inputMode: "decimal" | "numeric";
  initialText: string;
  parse: (text: string) => Value | null;
  current: Value;
  invalidMessage: string;
  helper: (value: Value | null) => string;
  saving: boolean;
  onSave: (value: Value) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(props.initialText);
  const [error, setError] = useState<string | null>(null);
  const value = props.parse(text);

  function save() {
    if (value === null) {
      setError(props.invalidMessage);
      return;
    }
    setError(null);
    props.onSave(value);
  }

  return (
    <AdminDialog
      open
      onOpenChange={(next) => (next ? undefined : props.onClose())}
      title={props.title}
      description={props.description}
      confirmLabel={props.confirmLabel}
      confirmDisabled={value === null || value === props.current}
      loading={props.saving}
      loadingText="Saving..."
      onConfirm={save}
      size="sm"
    >
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          {props.label} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name={props.name}
          inputMode={props.inputMode}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxWidth="40"
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{props.helper(value)}</Field.HelperText>
        )}
      </Field.Root>
    </AdminDialog>
  );
}

export function ChangeRateDialog({ current, onClose }: { current: number; onClose: () => void }) {
  const [commit, isInFlight] = useMutation<ProgrammeSettingDialogsCreditRateMutation>(graphql`
    mutation ProgrammeSettingDialogsCreditRateMutation($input: SetCreditRateInput!) {
      setCreditRate(input: $input) {
        __typename
        ... on MutationSetCreditRateSuccess {
          data {
            creditRateBasisPoints
            creditRatePercent
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
  const outcome = settingOutcome("Credit Rate", onClose);
  const save = (basisPoints: number) =>
    commit({
      variables: { input: { basisPoints } },
      ...settingAnswerHandlers<{ creditRatePercent: string }>(
        "setCreditRate",
        { scalars: ["creditRateBasisPoints", "creditRatePercent"] },
        outcome,
        (data) =>
          `Purchases verified from now on earn ${data.creditRatePercent}. Credits already given keep their rate.`,
      ),
    });

  return (
    <SettingDialog
      title="Change Credit Rate"
      description="The share of each referral's purchase that is credited to the referring customer. It applies to purchases verified from now on; credits already given keep the rate they were computed with. Lowering it applies at once; raising it waits for another administrator's approval. The change is audited."
      confirmLabel="Save Rate"
      label="Credit rate (%)"
      name="creditRate"
      inputMode="decimal"
      initialText={formatBasisPoints(current).replace("%", "")}
      parse={parsePercentToBasisPoints}
      current={current}
      invalidMessage={INVALID_RATE}
      helper={(basisPoints) =>
        basisPoints === null
          ? "From 0.01 to 100."
          : `A ${formatMoney(EXAMPLE_PURCHASE_PENCE)} purchase would earn ${formatMoney(creditForPurchase(EXAMPLE_PURCHASE_PENCE, basisPoints))}.`
      }
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}

const INVALID_THRESHOLD =
  "Enter an amount in pounds from £0.01 to £10,000,000, with at most two decimals, for example 500 or 750.50.";

export function ChangeThresholdDialog({
  current,
  onClose,
}: {
  current: { pence: number; pounds: string };
  onClose: () => void;
}) {
  const [commit, isInFlight] = useMutation<ProgrammeSettingDialogsThresholdMutation>(graphql`
    mutation ProgrammeSettingDialogsThresholdMutation($input: SetPayoutApprovalThresholdInput!) {
      setPayoutApprovalThreshold(input: $input) {
        __typename
        ... on MutationSetPayoutApprovalThresholdSuccess {
          data {
            payoutApprovalThreshold {
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
  const outcome = settingOutcome("Payout Threshold", onClose);
  const save = (pence: number) =>
    commit({
      variables: { input: { amount: penceToPoundsText(pence) } },
      ...settingAnswerHandlers<{ payoutApprovalThreshold: { formatted: string } }>(
        "setPayoutApprovalThreshold",
        { linked: ["payoutApprovalThreshold"] },
        outcome,
        (data) =>
          `Milestone payments above ${data.payoutApprovalThreshold.formatted} now need a second administrator's approval.`,
      ),
    });

  return (
    <SettingDialog
      title="Change Payout Approval Threshold"
      description="A milestone payment above this amount is requested by one administrator and paid only when another approves it. Lowering it applies at once; raising it waits for another administrator's approval. The change is audited."
      confirmLabel="Save Threshold"
      label="Threshold (£)"
      name="payoutThreshold"
      inputMode="decimal"
      initialText={current.pounds}
      parse={poundsToPenceOrNull}
      current={current.pence}
      invalidMessage={INVALID_THRESHOLD}
      helper={() => "From £0.01 to £10,000,000."}
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}

const INVALID_LIMIT = "Enter a whole number of referrals from 1 to 1000.";

/** "20" → 20; null unless a whole number from 1 to 1000 (the server checks it too). */
function parseReferralLimit(text: string): number | null {
  const match = /^\d{1,4}$/.exec(text.trim());
  const limit = match ? Number(match[0]) : null;
  return limit !== null && limit >= 1 && limit <= 1000 ? limit : null;
}

export function ChangeReferralLimitDialog({ current, onClose }: { current: number; onClose: () => void }) {
  const [commit, isInFlight] = useMutation<ProgrammeSettingDialogsReferralLimitMutation>(graphql`
    mutation ProgrammeSettingDialogsReferralLimitMutation($input: SetReferralDailyLimitInput!) {
      setReferralDailyLimit(input: $input) {
        __typename
        ... on MutationSetReferralDailyLimitSuccess {
          data {
            referralDailyLimit
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
  const outcome = settingOutcome("Referral Limit", onClose);
  const save = (limit: number) =>
    commit({
      variables: { input: { limit } },
      ...settingAnswerHandlers<{ referralDailyLimit: number }>(
        "setReferralDailyLimit",
        { scalars: ["referralDailyLimit"] },
        outcome,
        (data) => `Each customer can now add up to ${data.referralDailyLimit} referrals in any 24 hours.`,
      ),
    });

  return (
    <SettingDialog
      title="Change Daily Referral Limit"
      description="The most referrals one customer can add in any 24 hours; one more is refused with a message saying when to try again. Lowering it applies at once; raising it waits for another administrator's approval. The change is audited."
      confirmLabel="Save Limit"
      label="Referrals per customer per day"
      name="referralDailyLimit"
      inputMode="numeric"
      initialText={String(current)}
      parse={parseReferralLimit}
      current={current}
      invalidMessage={INVALID_LIMIT}
      helper={() => "From 1 to 1000."}
      saving={isInFlight}
      onSave={save}
      onClose={onClose}
    />
  );
}

interface ContactTexts {
  email: string;
  phone: string;
  hours: string;
}

const CONTACT_FIELDS = [
  {
    part: "email",
    label: "Contact email",
    rule: TEXT_FIELDS.contactEmail,
    inputMode: "email",
    helper: "Shown as a mailto: link.",
  },
  {
    part: "phone",
    label: "Contact phone",
    rule: TEXT_FIELDS.contactPhone,
    inputMode: "tel",
    helper: "A UK number as typed, or an international one starting with +.",
  },
  {
    part: "hours",
    label: "Opening hours",
    rule: TEXT_FIELDS.contactHours,
    inputMode: "text",
    helper: "For example: Monday to Friday, 9am to 5pm.",
  },
] as const;

/** The contact email, phone and opening hours: each may be left blank, which removes it from the pages. */
export function ChangeContactDialog({ current, onClose }: { current: ContactTexts; onClose: () => void }) {
  const [texts, setTexts] = useState<ContactTexts>(current);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactTexts, string>>>({});
  const [commit, isInFlight] = useMutation<ProgrammeSettingDialogsContactMutation>(graphql`
    mutation ProgrammeSettingDialogsContactMutation($input: SetProgrammeContactInput!) {
      setProgrammeContact(input: $input) {
        __typename
        ... on MutationSetProgrammeContactSuccess {
          data {
            contactEmail
            contactPhone
            contactPhoneDisplay
            contactHours
          }
        }
        ... on ValidationError {
          field
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const outcome = settingOutcome("Contact", onClose);
  const changed = texts.email !== current.email || texts.phone !== current.phone || texts.hours !== current.hours;

  function save() {
    // The length and character rules here; the server judges the address and the number too.
    const problems: Partial<Record<keyof ContactTexts, string>> = {};
    for (const field of CONTACT_FIELDS) {
      const problem = typedTextProblem(field.rule, texts[field.part]);
      if (problem) problems[field.part] = problem;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    commit({
      variables: { input: { email: texts.email, phone: texts.phone, hours: texts.hours } },
      updater: (store, response) => {
        if (response?.setProgrammeContact.__typename !== "MutationSetProgrammeContactSuccess") return;
        const programme = store.getRoot().getLinkedRecord("programme");
        const updated = store.getRootField("setProgrammeContact")?.getLinkedRecord("data");
        if (!programme || !updated) return;
        for (const name of ["contactEmail", "contactPhone", "contactPhoneDisplay", "contactHours"])
          programme.setValue(updated.getValue(name), name);
      },
      onCompleted: ({ setProgrammeContact: result }) => {
        if (result.__typename === "MutationSetProgrammeContactSuccess") {
          outcome.succeeded("Customers see the new contact on the milestones page, in the footer and in the terms.");
          return;
        }
        const failure = failureOf(result);
        const field = "field" in result ? result.field : null;
        if (field === "email" || field === "phone" || field === "hours") setErrors({ [field]: failure.message });
        else outcome.failed(failure.message);
      },
      onError: (failure) => outcome.failed(failure.message),
    });
  }

  return (
    <AdminDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Change Programme Contact"
      description="How customers reach the programme: shown as email and phone links on the milestones page, in the footer and in the terms' contact section. Leave a field blank to remove it. The change is audited."
      confirmLabel="Save Contact"
      confirmDisabled={!changed}
      loading={isInFlight}
      loadingText="Saving..."
      onConfirm={save}
      size="md"
    >
      <Stack gap="4">
        {CONTACT_FIELDS.map((field) => (
          <Field.Root key={field.part} invalid={Boolean(errors[field.part])}>
            <Field.Label>{field.label}</Field.Label>
            <Input
              name={`contact-${field.part}`}
              inputMode={field.inputMode}
              value={texts[field.part]}
              onChange={(event) => setTexts({ ...texts, [field.part]: event.target.value })}
            />
            {errors[field.part] ? (
              <Field.ErrorText>{errors[field.part]}</Field.ErrorText>
            ) : (
              <Field.HelperText>{field.helper}</Field.HelperText>
            )}
          </Field.Root>
        ))}
      </Stack>
    </AdminDialog>
  );
}
