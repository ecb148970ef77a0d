import { Button, type ButtonProps, Text } from "@chakra-ui/react";
import { CirclePause, CirclePlay } from "lucide-react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { ReferralHoldControls_referral$key } from "../../../__generated__/ReferralHoldControls_referral.graphql.ts";
import type { ReferralHoldControlsHoldMutation } from "../../../__generated__/ReferralHoldControlsHoldMutation.graphql.ts";
import type { ReferralHoldControlsReleaseMutation } from "../../../__generated__/ReferralHoldControlsReleaseMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../../lib/textFields.ts";
import { notifyFailure, notifySuccess } from "../../../notifications/notify.ts";
import { useMutationWithNotice } from "../../../relay/useMutationWithNotice.ts";
import { AdminDialog } from "../AdminDialog.tsx";
import { DialogTextField } from "../DialogTextField.tsx";
import { formatDateTime, personName } from "../format.ts";

const fragment = graphql`
  fragment ReferralHoldControls_referral on Referral {
    id
    databaseId
    name
    hold {
      heldAt
      note
      heldBy {
        username
        firstName
        lastName
      }
    }
  }
`;

interface ReferralHoldControlsProps {
  referral: ReferralHoldControls_referral$key;
  size?: ButtonProps["size"];
}

/**
 * Hold (with a note) or Release (a note optional) a pending referral: a held one reads "Under review"
 * and waits below the others until released (docs/rules/fraud.md, "Holds"). The button is named by
 * its word and the friend ("Hold: Anna Smith"), its visible text first.
 */
export function ReferralHoldButton({ referral: referralKey, size = "xs" }: ReferralHoldControlsProps) {
  const referral = useFragment(fragment, referralKey);
  const [open, setOpen] = useState(false);
  const name = referral.name ?? `Referral #${referral.databaseId}`;
  const held = referral.hold !== null;
  return (
    <>
      <Button
        size={size}
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`${held ? "Release" : "Hold"}: ${name}`}
      >
        {held ? <CirclePlay aria-hidden="true" /> : <CirclePause aria-hidden="true" />}
        {held ? "Release" : "Hold"}
      </Button>
      {open ? <HoldDialog referralId={referral.id} name={name} held={held} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Who held the referral, when, and why: shown where the referral is read in full (the Verify Purchase form). */
export function ReferralHoldNote({ referral: referralKey }: { referral: ReferralHoldControls_referral$key }) {
  const { hold } = useFragment(fragment, referralKey);
  if (!hold) return null;
  const by = hold.heldBy ? personName(hold.heldBy) : "an administrator";
  return (
    <Text textStyle="sm" data-testid="hold-note">
      <strong>Under review</strong> since {formatDateTime(hold.heldAt)}, held by {by}: {hold.note}
    </Text>
  );
}

function HoldDialog({
  referralId,
  name,
  held,
  onClose,
}: {
  referralId: string;
  name: string;
  held: boolean;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const [hold, holding] = useMutationWithNotice<ReferralHoldControlsHoldMutation>(graphql`
    mutation ReferralHoldControlsHoldMutation($input: HoldReferralInput!) {
      holdReferral(input: $input) {
        __typename
        ... on MutationHoldReferralSuccess {
          data {
            referral {
              ...ReferralHoldControls_referral
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
  const [release, releasing] = useMutationWithNotice<ReferralHoldControlsReleaseMutation>(graphql`
    mutation ReferralHoldControlsReleaseMutation($input: ReleaseReferralInput!) {
      releaseReferral(input: $input) {
        __typename
        ... on MutationReleaseReferralSuccess {
          data {
            referral {
              ...ReferralHoldControls_referral
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
  const trimmed = note.trim();

  function confirm() {
    const problem = trimmed ? typedTextProblem(TEXT_FIELDS.notes, note) : null;
    if (problem) {
      notifyFailure(held ? "Release Failed" : "Hold Failed", problem);
      return;
    }
    if (held) {
      release({
        variables: { input: { referralId, note: trimmed || null } },
        failed: "Release Failed",
        onSuccess: () => {
          notifySuccess("Referral Released", `${name} is back in the queue to verify.`);
          onClose();
        },
      });
    } else {
      hold({
        variables: { input: { referralId, note: trimmed } },
        failed: "Hold Failed",
        onSuccess: () => {
          notifySuccess("Referral Held", `${name} is under review until an administrator releases it.`);
          onClose();
        },
      });
    }
  }

  return (
    <AdminDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={held ? `Release ${name}` : `Hold ${name}`}
      description={
        held
          ? "The referral goes back among the others waiting to be verified. The release is audited; a note is optional."
          : "The referral stays pending but reads Under review and waits below the others until it is released. The customer is not told. Say why in the note: it is shown with the referral and audited."
      }
      confirmLabel={held ? "Release" : "Hold"}
      confirmDisabled={!held && trimmed === ""}
      loading={holding || releasing}
      loadingText={held ? "Releasing..." : "Holding..."}
      onConfirm={confirm}
    >
      <DialogTextField
        label={held ? "Note (optional)" : "Note"}
        name="holdNote"
        value={note}
        onChange={setNote}
        required={!held}
        helper={held ? undefined : "For example: same postcode as the customer; asked for the receipt."}
      />
    </AdminDialog>
  );
}
