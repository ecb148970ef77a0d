import { Field, Input } from "@chakra-ui/react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type {
  AdminEditCustomerDialog_customer$data,
  AdminEditCustomerDialog_customer$key,
} from "../../__generated__/AdminEditCustomerDialog_customer.graphql.ts";
import type { AdminEditCustomerDialogMutation } from "../../__generated__/AdminEditCustomerDialogMutation.graphql.ts";
import { poundsToPenceOrNull } from "../../lib/money.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "./AdminDialog.tsx";
import { invalidateAdminLists } from "./adminLists.ts";
import { penceToPoundsText, personName } from "./format.ts";

const INVALID_AMOUNT = "Please enter a valid purchase amount.";
const MISSING_CONTRACT = "Please enter the contract number.";

interface AdminEditCustomerDialogProps {
  customer: AdminEditCustomerDialog_customer$key;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit Details: a pending registration's purchase amount and contract number (audited by the server). */
export function AdminEditCustomerDialog({ customer: customerKey, open, onOpenChange }: AdminEditCustomerDialogProps) {
  const customer = useFragment(
    graphql`
      fragment AdminEditCustomerDialog_customer on Customer {
        id
        contractNumber
        originalPurchaseAmount {
          pence
        }
        user {
          username
          firstName
          lastName
        }
      }
    `,
    customerKey,
  );
  return (
    // Mounted only while open, so each opening starts from the customer's current details.
    open ? <EditForm customer={customer} onOpenChange={onOpenChange} /> : null
  );
}

function EditForm({
  customer,
  onOpenChange,
}: {
  customer: AdminEditCustomerDialog_customer$data;
  onOpenChange: (open: boolean) => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<AdminEditCustomerDialogMutation>(graphql`
    mutation AdminEditCustomerDialogMutation($input: UpdateCustomerInput!) {
      updateCustomer(input: $input) {
        __typename
        ... on MutationUpdateCustomerSuccess {
          data {
            id
            contractNumber
            originalPurchaseAmount {
              pence
            }
          }
        }
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
      }
    }
  `);
  const [amount, setAmount] = useState(penceToPoundsText(customer.originalPurchaseAmount.pence));
  const [contractNumber, setContractNumber] = useState(customer.contractNumber);
  const [errors, setErrors] = useState<{ amount?: string; contractNumber?: string }>({});

  function save() {
    const amountPence = poundsToPenceOrNull(amount);
    const found: typeof errors = {};
    if (amountPence === null) found.amount = INVALID_AMOUNT;
    const contractNumberProblem = contractNumber.trim()
      ? typedTextProblem(TEXT_FIELDS.contractNumber, contractNumber)
      : MISSING_CONTRACT;
    if (contractNumberProblem) found.contractNumber = contractNumberProblem;
    setErrors(found);
    if (amountPence === null) {
      notifyFailure("Invalid Amount", INVALID_AMOUNT);
      return;
    }
    if (found.contractNumber) {
      notifyFailure(
        found.contractNumber === MISSING_CONTRACT ? "Missing Contract Number" : "Invalid Contract Number",
        found.contractNumber,
      );
      return;
    }
    commit({
      variables: {
        input: {
          customerId: customer.id,
          originalPurchaseAmount: penceToPoundsText(amountPence),
          contractNumber: contractNumber.trim(),
        },
      },
      updater: (store, response) => {
        if (response && isSuccess(response.updateCustomer))
          invalidateAdminLists(store, ["allCustomers", "customerDetails"]);
      },
      failed: "Update Failed",
      onSuccess: () => {
        notifySuccess("Customer Updated", `${personName(customer.user)}'s registration details were saved.`);
        onOpenChange(false);
      },
      onFailure: (failure) => {
        if (failure.field === "originalPurchaseAmount") setErrors({ amount: failure.message });
        if (failure.field === "contractNumber") setErrors({ contractNumber: failure.message });
      },
    });
  }

  return (
    <AdminDialog
      open
      onOpenChange={onOpenChange}
      title="Edit Details"
      description={`Correct ${personName(customer.user)}'s registration before it is reviewed. The change is recorded in the audit trail.`}
      confirmLabel="Save Changes"
      loading={isInFlight}
      loadingText="Saving..."
      onConfirm={save}
    >
      <Field.Root invalid={Boolean(errors.amount)} required>
        <Field.Label>
          Purchase Amount (£) <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="originalPurchaseAmount"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Field.ErrorText>{errors.amount}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.contractNumber)} required>
        <Field.Label>
          Contract Number <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="contractNumber"
          value={contractNumber}
          onChange={(event) => setContractNumber(event.target.value)}
        />
        <Field.ErrorText>{errors.contractNumber}</Field.ErrorText>
      </Field.Root>
    </AdminDialog>
  );
}
