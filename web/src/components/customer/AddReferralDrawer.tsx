import { Button, CloseButton, Drawer, Field, HStack, Input, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { ConnectionHandler } from "relay-runtime";
import type { AddReferralDrawer_customer$key } from "../../__generated__/AddReferralDrawer_customer.graphql.ts";
import type { AddReferralDrawerMutation } from "../../__generated__/AddReferralDrawerMutation.graphql.ts";
import type { AddReferralDrawerUpdateMutation } from "../../__generated__/AddReferralDrawerUpdateMutation.graphql.ts";
import { friendDetailProblems } from "../../lib/friendDetails.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import type { MutationFailure } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { activityConnectionIds } from "./RecentActivity.tsx";
import { REFERRAL_LIST_CONNECTION } from "./ReferralList.tsx";
import type { EditableReferral } from "./ReferralListItem.tsx";

/*
 * The new referral and its activity are prepended to the two connections on screen (the
 * Referrals tab's list and Home's recent activity), so both show them at once, without a refetch.
 */
const addReferralMutation = graphql`
  mutation AddReferralDrawerMutation($input: AddReferralInput!, $referralConnections: [ID!]!, $activityConnections: [ID!]!) {
    addReferral(input: $input) {
      __typename
      ... on MutationAddReferralSuccess {
        data {
          referral @prependNode(connections: $referralConnections, edgeTypeName: "CustomerReferralsConnectionEdge") {
            id
            ...ReferralListItem_referral
          }
          activity @prependNode(connections: $activityConnections, edgeTypeName: "CustomerActivitiesConnectionEdge") {
            id
            type
            description
            createdAt
            amount {
              pence
            }
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
`;

/* A correction changes the referral in place (same id); its activity joins the top of Recent Activity. */
const updateReferralMutation = graphql`
  mutation AddReferralDrawerUpdateMutation($input: UpdateReferralInput!, $activityConnections: [ID!]!) {
    updateReferral(input: $input) {
      __typename
      ... on MutationUpdateReferralSuccess {
        data {
          referral {
            id
            ...ReferralListItem_referral
          }
          activity @prependNode(connections: $activityConnections, edgeTypeName: "CustomerActivitiesConnectionEdge") {
            id
            type
            description
            createdAt
            amount {
              pence
            }
          }
          # The feed's older entries about the friend, with the corrected name.
          referralActivities {
            id
            description
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
`;

const FIELDS = ["name", "phone", "email", "address"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { name: "", phone: "", email: "", address: "" };

/** The referral as the customer would type it (a UK number as 07400 123456, as the server writes it). */
function valuesOf(referral: EditableReferral): Values {
  return {
    name: referral.name,
    phone: referral.phone,
    email: referral.email ?? "",
    address: referral.address ?? "",
  };
}

/** The server's rule (api/src/lib/phone.ts): UK numbers as typed, any other country's in international form. */
export const PHONE_HINT = "A UK number, or another country's starting with + and its code, e.g. +33 6 12 34 56 78";

/**
 * Full Name and phone required, email optional but well formed, address optional;
 * each by the server's length and character rule, with its message.
 */
function validate(values: Values): Partial<Values> {
  const found: Partial<Values> = friendDetailProblems(values, {
    name: "Full name is required",
    phone: "Phone number is required",
  });
  const addressProblem = typedTextProblem(TEXT_FIELDS.address, values.address);
  if (addressProblem) found.address = addressProblem;
  return found;
}

interface AddReferralDrawerProps {
  customer: AddReferralDrawer_customer$key;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Correct this referral instead of adding one: the same form, prefilled, by the same rules. */
  editing?: EditableReferral | null;
}

const MODES = {
  add: {
    title: "Add Referral",
    description: "Tell us who you have recommended. You earn credit when they make a purchase.",
    submit: "Add Referral",
    submitting: "Adding...",
    failed: "Failed to Add Referral",
  },
  edit: {
    title: "Edit Referral",
    description: "Correct your friend's details. Their 90 days still count from when you added them.",
    submit: "Save Changes",
    submitting: "Saving...",
    failed: "Failed to Update Referral",
  },
} as const;

/**
 * Add Referral as a bottom sheet: Full Name, phone, email and address. With `editing`, the same
 * sheet corrects a pending referral (remount it per referral: it starts from the referral's details).
 */
export function AddReferralDrawer({ customer, open, onOpenChange, editing = null }: AddReferralDrawerProps) {
  const { id: customerId } = useFragment(
    graphql`
      fragment AddReferralDrawer_customer on Customer {
        id
      }
    `,
    customer,
  );
  const [commitAdd, isAdding] = useMutationWithNotice<AddReferralDrawerMutation>(addReferralMutation);
  const [commitUpdate, isUpdating] = useMutationWithNotice<AddReferralDrawerUpdateMutation>(updateReferralMutation);
  const isInFlight = isAdding || isUpdating;
  const mode = editing ? MODES.edit : MODES.add;
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : EMPTY));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function close() {
    onOpenChange(false);
    setErrors({});
  }

  function showErrors(found: Partial<Values>) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found = validate(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const person = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim() || null,
      address: values.address.trim() || null,
    };
    const refused = (failure: MutationFailure) => {
      const field = FIELDS.find((name) => name === failure.field);
      if (field) showErrors({ [field]: failure.message });
    };
    const activityConnections = activityConnectionIds(customerId);
    if (editing) {
      // Nothing changed: nothing to record (the activity and audit would say a correction was made).
      const original = valuesOf(editing);
      if (FIELDS.every((field) => values[field].trim() === original[field].trim())) return close();
      commitUpdate({
        variables: { input: { referralId: editing.id, ...person }, activityConnections },
        failed: mode.failed,
        onSuccess: () => {
          notifySuccess("Referral Updated", "Your friend's details have been corrected.");
          close();
        },
        onFailure: refused,
      });
      return;
    }
    commitAdd({
      variables: {
        input: person,
        // A new referral is pending: the unfiltered list and the Pending filter show it (a list not loaded yet is skipped).
        referralConnections: [
          ConnectionHandler.getConnectionID(customerId, REFERRAL_LIST_CONNECTION),
          ConnectionHandler.getConnectionID(customerId, REFERRAL_LIST_CONNECTION, { status: "PENDING" }),
        ],
        activityConnections,
      },
      failed: mode.failed,
      onSuccess: () => {
        notifySuccess(
          "Referral Added!",
          "Your friend has been added to your referral list. You'll earn credits when they make a purchase.",
        );
        setValues(EMPTY);
        close();
      },
      onFailure: refused,
    });
  }

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => (details.open ? onOpenChange(true) : close())}
      placement="bottom"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            borderTopRadius="2xl"
            maxWidth="480px"
            marginX="auto"
            maxHeight="92dvh"
            pb="env(safe-area-inset-bottom)"
          >
            <form
              onSubmit={submit}
              noValidate
              aria-label={editing ? "Edit referral" : "Add referral"}
              style={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
            >
              <Drawer.Header pb="2">
                <Stack gap="1">
                  <Drawer.Title fontSize="xl">{mode.title}</Drawer.Title>
                  <Drawer.Description color="fg.muted" textStyle="sm">
                    {mode.description}
                  </Drawer.Description>
                </Stack>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.name)} required>
                    <Field.Label>
                      Full Name <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      ref={(element) => {
                        inputs.current.name = element;
                      }}
                      name="name"
                      autoComplete="off"
                      size="lg"
                      value={values.name}
                      onChange={change("name")}
                    />
                    <Field.ErrorText>{errors.name}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.phone)} required>
                    <Field.Label>
                      Phone Number <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      ref={(element) => {
                        inputs.current.phone = element;
                      }}
                      name="phone"
                      type="tel"
                      inputMode="tel"
                      autoComplete="off"
                      placeholder="07400 123456"
                      size="lg"
                      value={values.phone}
                      onChange={change("phone")}
                    />
                    {errors.phone ? null : <Field.HelperText>{PHONE_HINT}</Field.HelperText>}
                    <Field.ErrorText>{errors.phone}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.email)}>
                    <Field.Label>
                      Email{" "}
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        (optional)
                      </Text>
                    </Field.Label>
                    <Input
                      ref={(element) => {
                        inputs.current.email = element;
                      }}
                      name="email"
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      autoCapitalize="none"
                      size="lg"
                      value={values.email}
                      onChange={change("email")}
                    />
                    <Field.ErrorText>{errors.email}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.address)}>
                    <Field.Label>
                      Address{" "}
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        (optional)
                      </Text>
                    </Field.Label>
                    <Textarea
                      ref={(element) => {
                        inputs.current.address = element;
                      }}
                      name="address"
                      autoComplete="off"
                      rows={2}
                      size="lg"
                      value={values.address}
                      onChange={change("address")}
                    />
                    <Field.ErrorText>{errors.address}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Drawer.Body>
              <Drawer.Footer>
                <HStack gap="3" width="full">
                  <Drawer.ActionTrigger asChild>
                    <Button variant="outline" size="lg" flex="1">
                      Cancel
                    </Button>
                  </Drawer.ActionTrigger>
                  <Button type="submit" size="lg" flex="1" loading={isInFlight} loadingText={mode.submitting}>
                    {mode.submit}
                  </Button>
                </HStack>
              </Drawer.Footer>
            </form>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
