import { useState } from "react";
import { graphql } from "react-relay/hooks";
import type { AdminRejectCustomerDialogMutation } from "../../__generated__/AdminRejectCustomerDialogMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { AdminDialog } from "./AdminDialog.tsx";
import { invalidateAdminLists } from "./adminLists.ts";
import { DialogTextField } from "./DialogTextField.tsx";

interface AdminRejectCustomerDialogProps {
  customerId: string;
  customerName: string;
  email: string;
  connectionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRejected?: () => void;
}

/** Reject Application: needs a reason, which is emailed; Confirm Rejection stays disabled while it is blank. */
export function AdminRejectCustomerDialog({
  customerId,
  customerName,
  email,
  connectionId,
  open,
  onOpenChange,
  onRejected,
}: AdminRejectCustomerDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<AdminRejectCustomerDialogMutation>(graphql`
    mutation AdminRejectCustomerDialogMutation($input: RejectCustomerInput!, $connections: [ID!]!) {
      rejectCustomer(input: $input) {
        __typename
        ... on MutationRejectCustomerSuccess {
          data {
            id @deleteEdge(connections: $connections)
            status
            rejectionReason
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const refreshCounts = useRefreshAdminCounts();
  const [reason, setReason] = useState("");
  const blank = reason.trim() === "";

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) setReason("");
  }

  function reject() {
    if (blank) return;
    const problem = typedTextProblem(TEXT_FIELDS.rejectionReason, reason);
    if (problem) {
      notifyFailure("Rejection Failed", problem);
      return;
    }
    commit({
      variables: { input: { customerId, reason: reason.trim() }, connections: [connectionId] },
      updater: (store, response) => {
        if (response && isSuccess(response.rejectCustomer))
          invalidateAdminLists(store, ["allCustomers", "customerDetails"]);
      },
      failed: "Rejection Failed",
      onSuccess: () => {
        notifySuccess("Customer Rejected", `${customerName} has been emailed the reason and can correct and resubmit.`);
        refreshCounts();
        close(false);
        onRejected?.();
      },
    });
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={close}
      title="Reject Application"
      description={`${customerName}'s registration will be rejected. The reason below is emailed to ${email} and shown to them, so they can correct their details and resubmit.`}
      tone="red"
      confirmLabel="Confirm Rejection"
      confirmDisabled={blank}
      loading={isInFlight}
      loadingText="Rejecting..."
      onConfirm={reject}
    >
      <DialogTextField
        label="Reason for rejection"
        name="reason"
        required
        rows={4}
        value={reason}
        onChange={setReason}
        helper="Required. Be specific: the customer reads it."
      />
    </AdminDialog>
  );
}
