import { Box, Button, Card, DataList, Field, Heading, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { BadgeCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AdminVerifyPurchaseForm_referral$key } from "../../__generated__/AdminVerifyPurchaseForm_referral.graphql.ts";
import type { AdminVerifyPurchaseFormMutation } from "../../__generated__/AdminVerifyPurchaseFormMutation.graphql.ts";
import { creditForPurchase, poundsToPenceOrNull } from "../../lib/money.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notify, notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { useRefreshAdminCounts } from "./AdminCounts.tsx";
import { verificationRequestsConnectionId } from "./AdminVerificationRequests.tsx";
import { adjustTotalCount, invalidateAdminLists } from "./adminLists.ts";
import { formatDateTime, formatMoney, penceToPoundsText, personName } from "./format.ts";
import { ReferralHoldButton, ReferralHoldNote } from "./fraud/ReferralHoldControls.tsx";
import { ReferralSignalList } from "./fraud/ReferralSignalList.tsx";

const INVALID_AMOUNT = "Please enter a valid purchase amount.";

interface AdminVerifyPurchaseFormProps {
  referral: AdminVerifyPurchaseForm_referral$key;
  /** The credit rate in force (programme.creditRateBasisPoints): the preview never assumes one. */
  creditRateBasisPoints: number;
  creditRatePercent: string;
  /** The pending-referrals connection the verified referral leaves. */
  connectionId: string;
  onClose: () => void;
  /** After a verification: the referral has left the list. */
  onVerified: () => void;
}

/**
 * The Verify Purchase form: the referral's details, why it looks wrong (its signals) above the
 * amount, the amount with its credit preview, notes (required when it has signals: the server says
 * so, and its words show under the field), and Hold / Release.
 */
export function AdminVerifyPurchaseForm({
  referral: referralKey,
  creditRateBasisPoints,
  creditRatePercent,
  connectionId,
  onClose,
  onVerified,
}: AdminVerifyPurchaseFormProps) {
  const referral = useFragment(
    graphql`
      fragment AdminVerifyPurchaseForm_referral on Referral {
        id
        name
        phoneDisplay
        email
        address
        createdAt
        signalCount
        ...ReferralSignalList_referral
        ...ReferralHoldControls_referral
        customer {
          user {
            username
            firstName
            lastName
            email
          }
        }
      }
    `,
    referralKey,
  );
  const [commit, isInFlight] = useMutationWithNotice<AdminVerifyPurchaseFormMutation>(graphql`
    mutation AdminVerifyPurchaseFormMutation(
      $input: VerifyPurchaseInput!
      $connections: [ID!]!
      $requestConnections: [ID!]!
    ) {
      verifyPurchase(input: $input) {
        __typename
        ... on MutationVerifyPurchaseSuccess {
          data {
            referral {
              id @deleteEdge(connections: $connections)
              status
            }
            creditEarned {
              pence
            }
          }
        }
        ... on PurchaseVerificationAwaitingApproval {
          # Into "Verifications awaiting approval" above the list, when it is showing.
          request
            @appendNode(
              connections: $requestConnections
              edgeTypeName: "QueryPendingPurchaseVerificationRequestsConnectionEdge"
            ) {
            id
            ...AdminVerificationRequests_request
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
  const refreshCounts = useRefreshAdminCounts();
  const [amount, setAmount] = useState("");
  const [notes, setNotes] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [notesError, setNotesError] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const notesInput = useRef<HTMLTextAreaElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // On a narrow screen the form opens below the list: bring it into view.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
  }, []);

  const amountPence = poundsToPenceOrNull(amount);
  const creditPence = amountPence === null ? null : creditForPurchase(amountPence, creditRateBasisPoints);
  const customerName = personName(referral.customer.user);
  const name = referral.name ?? "erased";
  const flagged = referral.signalCount > 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    if (amountPence === null) {
      setAmountError(INVALID_AMOUNT);
      notifyFailure("Invalid Amount", INVALID_AMOUNT);
      amountInput.current?.focus();
      return;
    }
    setAmountError(null);
    const notesProblem = typedTextProblem(TEXT_FIELDS.notes, notes);
    if (notesProblem) {
      setNotesError(notesProblem);
      notifyFailure("Verification Failed", notesProblem);
      return;
    }
    commit({
      variables: {
        input: { referralId: referral.id, amount: penceToPoundsText(amountPence), notes: notes.trim() || null },
        connections: [connectionId],
        requestConnections: [verificationRequestsConnectionId()],
      },
      updater: (store, response) => {
        if (!response || !isSuccess(response.verifyPurchase)) return;
        adjustTotalCount(store, connectionId, -1);
        invalidateAdminLists(store, [
          "purchasedReferrals",
          "allCustomers",
          "milestonePayments",
          "customerDetails",
          "referralDetails",
        ]);
      },
      failed: "Verification Failed",
      onSuccess: () => {
        notifySuccess("Purchase Verified", "Credit has been added to the customer's account.");
        refreshCounts();
        onVerified();
      },
      onFailure: (failure, result) => {
        if (result.__typename === "PurchaseVerificationAwaitingApproval") {
          // Flagged and above the approval amount: another administrator verifies it (docs/rules/fraud.md).
          notify({ title: "Verification Awaiting Approval", description: failure.message, tone: "info" });
          onClose();
          return true;
        }
        if (failure.field === "amount") setAmountError(failure.message);
        if (failure.field === "notes") {
          setNotesError(failure.message);
          notesInput.current?.focus();
        }
      },
    });
  }

  return (
    <Card.Root
      ref={card}
      as="section"
      aria-labelledby="verify-purchase-heading"
      borderWidth="1px"
      borderColor="border.muted"
    >
      <Card.Body gap="4">
        <HStack justify="space-between" align="start">
          <Stack gap="0">
            <Heading as="h2" size="md" id="verify-purchase-heading">
              Verify Purchase
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              Record what {name} spent; the customer is credited at the rate in force.
            </Text>
          </Stack>
          <ReferralHoldButton referral={referral} size="sm" />
        </HStack>
        <ReferralHoldNote referral={referral} />
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <Detail label="Name" value={name} />
          <Detail label="Phone" value={referral.phoneDisplay ?? "—"} />
          {referral.email ? <Detail label="Email" value={referral.email} /> : null}
          {referral.address ? <Detail label="Address" value={referral.address} /> : null}
          <Detail label="Customer" value={`${customerName} (${referral.customer.user.username})`} />
          <Detail label="Submitted" value={formatDateTime(referral.createdAt)} />
        </DataList.Root>
        <ReferralSignalList referral={referral} />
        <form onSubmit={submit} noValidate aria-label="Verify purchase">
          <Stack gap="4">
            <Field.Root invalid={Boolean(amountError)} required>
              <Field.Label>
                Purchase Amount (£) <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={amountInput}
                name="amount"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                placeholder="0.00"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setAmountError(null);
                }}
                maxWidth={{ base: "full", md: "xs" }}
              />
              <Field.ErrorText>{amountError}</Field.ErrorText>
            </Field.Root>
            <Box
              bg="amber.subtle"
              borderRadius="lg"
              px="4"
              py="3"
              borderWidth="1px"
              borderColor="amber.emphasized"
              aria-live="polite"
              data-testid="credit-preview"
            >
              <Text textStyle="sm" color="fg.muted">
                Credit earned will be
              </Text>
              <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" color="amber.fg">
                {creditPence === null ? "—" : formatMoney(creditPence)}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {creditRatePercent} of the purchase amount, the credit rate in force, rounded to the penny.
              </Text>
            </Box>
            <Field.Root invalid={Boolean(notesError)} required={flagged || undefined}>
              <Field.Label>
                {flagged ? (
                  <>
                    Notes <Field.RequiredIndicator />
                  </>
                ) : (
                  "Notes (optional)"
                )}
              </Field.Label>
              <Textarea
                ref={notesInput}
                name="notes"
                rows={2}
                value={notes}
                onChange={(event) => {
                  setNotes(event.target.value);
                  setNotesError(null);
                }}
                maxLength={1000}
              />
              {notesError ? (
                <Field.ErrorText>{notesError}</Field.ErrorText>
              ) : flagged ? (
                <Field.HelperText>Say why you verify it despite the signals above.</Field.HelperText>
              ) : null}
            </Field.Root>
            <HStack gap="3" justify="flex-end" flexWrap="wrap-reverse">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="green" loading={isInFlight} loadingText="Verifying...">
                <BadgeCheck aria-hidden="true" />
                Verify Purchase
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minWidth="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
