import { useState } from "react";
import { graphql } from "react-relay/hooks";
import type { AdminErasureDialogsCustomerMutation } from "../../../__generated__/AdminErasureDialogsCustomerMutation.graphql.ts";
import type { AdminErasureDialogsReferralMutation } from "../../../__generated__/AdminErasureDialogsReferralMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../../notifications/notify.ts";
import { isSuccess } from "../../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { ADMIN_CONNECTIONS, type AdminList, invalidateAdminLists } from "../adminLists.ts";
import { DialogTextField } from "../DialogTextField.tsx";

/** An erased customer leaves or changes every admin list. */
const ADMIN_LIST_NAMES = Object.keys(ADMIN_CONNECTIONS) as AdminList[];

interface ErasureDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased: () => void;
}

/** Erase Customer: the whole account's personal data, on request; the reason is required and audited. */
export function AdminEraseCustomerDialog({
  customerId,
  customerName,
  ...props
}: ErasureDialogProps & { customerId: string; customerName: string }) {
  const [commit, isInFlight] = useMutationWithNotice<AdminErasureDialogsCustomerMutation>(graphql`
    mutation AdminErasureDialogsCustomerMutation($input: EraseCustomerInput!) {
      eraseCustomer(input: $input) {
        __typename
        ... on MutationEraseCustomerSuccess {
          data {
            id
            status
            postcode
            contractNumber
            user {
              username
              email
              firstName
              lastName
              erased
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <ErasureDialog
      {...props}
      title="Erase Customer"
      description={`${customerName}'s name, username, email, postcode and contract number, their referrals' details (pending referrals are withdrawn) and the text of their emails are erased, and they can no longer sign in. Credits, purchases and payments stay, anonymised, for the accounts. This cannot be undone.`}
      confirmLabel="Erase Customer"
      loading={isInFlight}
      onConfirm={(reason, done) =>
        commit({
          variables: { input: { customerId, reason } },
          updater: (store, response) => {
            if (response && isSuccess(response.eraseCustomer)) invalidateAdminLists(store, ADMIN_LIST_NAMES);
          },
          failed: "Erasure Failed",
          onSuccess: () => {
            notifySuccess("Customer Erased", "Their personal data has been erased; the financial records stay.");
            done();
          },
        })
      }
    />
  );
}

/** Erase referral: one friend's details, on request; a pending referral is withdrawn. */
export function AdminEraseReferralDialog({
  referralId,
  referralName,
  ...props
}: ErasureDialogProps & { referralId: string; referralName: string }) {
  const [commit, isInFlight] = useMutationWithNotice<AdminErasureDialogsReferralMutation>(graphql`
    mutation AdminErasureDialogsReferralMutation($input: EraseReferralInput!) {
      eraseReferral(input: $input) {
        __typename
        ... on MutationEraseReferralSuccess {
          data {
            id
            name
            phone
            phoneDisplay
            email
            status
            statusDisplay
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return (
    <ErasureDialog
      {...props}
      title="Erase Referral"
      description={`${referralName}'s name, phone, email and address are erased. A pending referral is withdrawn; a purchase and its credit stay, anonymised. This cannot be undone.`}
      confirmLabel="Erase Referral"
      loading={isInFlight}
      onConfirm={(reason, done) =>
        commit({
          variables: { input: { referralId, reason } },
          updater: (store, response) => {
            if (response && isSuccess(response.eraseReferral))
              invalidateAdminLists(store, ["pendingReferrals", "purchasedReferrals", "referralDetails"]);
          },
          failed: "Erasure Failed",
          onSuccess: () => {
            notifySuccess("Referral Erased", "The referral's personal data has been erased.");
            done();
          },
        })
      }
    />
  );
}

function ErasureDialog({
  open,
  onOpenChange,
  onErased,
  title,
  description,
  confirmLabel,
  loading,
  onConfirm,
}: ErasureDialogProps & {
  title: string;
  description: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (reason: string, done: () => void) => void;
}) {
  const [reason, setReason] = useState("");
  const blank = reason.trim() === "";

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) setReason("");
  }

  function confirm() {
    if (blank) return;
    const problem = typedTextProblem(TEXT_FIELDS.erasureReason, reason);
    if (problem) {
      notifyFailure("Erasure Failed", problem);
      return;
    }
    onConfirm(reason.trim(), () => {
      close(false);
      onErased();
    });
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      tone="red"
      confirmLabel={confirmLabel}
      confirmDisabled={blank}
      loading={loading}
      loadingText="Erasing..."
      onConfirm={confirm}
    >
      <DialogTextField
        label="Reason for erasure"
        name="reason"
        required
        value={reason}
        onChange={setReason}
        helper="Required: the request this answers (kept in the audit log)."
      />
    </AdminDialog>
  );
}
