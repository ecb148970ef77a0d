import { Alert, Button, Card, Checkbox, Field, Heading, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { RecordReferralForm_customer$key } from "../../__generated__/RecordReferralForm_customer.graphql.ts";
import type { RecordReferralFormMutation } from "../../__generated__/RecordReferralFormMutation.graphql.ts";
import { friendDetailProblems } from "../../lib/friendDetails.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { TextField } from "../TextField.tsx";

/** Stored with the referral, with the time (docs/rules/roles.md, "The pages"). */
export const CONSENT_WORDING =
  "The friend agreed in person to be contacted about a quote, and knows their details are kept 90 days unless they buy.";

/** The UK rule the server applies (api/src/lib/phone.ts); other countries start with + and their code. */
const PHONE_HINT = "A UK number, or another country's starting with + and its code";

/*
 * The new referral joins the top of "My referrals" (the root list the page shows) without a refetch.
 */
const recordReferralMutation = graphql`
  mutation RecordReferralFormMutation($input: RecordReferralForCustomerInput!) {
    recordReferralForCustomer(input: $input) {
      __typename
      ... on MutationRecordReferralForCustomerSuccess {
        data {
          referral {
            id
            name
            ...MyRecordedReferralsRow_referral
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

const FIELDS = ["name", "phone", "email", "postcode", "consentConfirmed"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = { name: string; phone: string; email: string; postcode: string; consentConfirmed: boolean };
const EMPTY: Values = { name: "", phone: "", email: "", postcode: "", consentConfirmed: false };
type Errors = Partial<Record<FieldName, string>>;

/** The server's rules for each field, with its messages, checked before sending. */
export function validateReferral(values: Values): Errors {
  const found: Errors = friendDetailProblems(values, {
    name: "Enter the friend's full name",
    phone: "Enter the friend's phone number",
  });
  const postcodeProblem = typedTextProblem(TEXT_FIELDS.postcode, values.postcode);
  if (postcodeProblem) found.postcode = postcodeProblem;
  if (!values.consentConfirmed) found.consentConfirmed = "Confirm the friend agreed to be contacted";
  return found;
}

/**
 * "Record a referral" for the customer on the card: the friend's name, phone, optional email and
 * postcode, and the friend's consent given in person. The server's refusals show in place (under
 * the field at fault, or above the button); a success names the friend and clears the form.
 */
export function RecordReferralForm({
  customer,
  onRecorded,
}: {
  customer: RecordReferralForm_customer$key;
  onRecorded?: () => void;
}) {
  const data = useFragment(
    graphql`
      fragment RecordReferralForm_customer on StaffCustomerCard {
        id
        firstName
        lastName
        status
      }
    `,
    customer,
  );
  const [commit, isInFlight] = useMutationWithNotice<RecordReferralFormMutation>(recordReferralMutation);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const referrer = `${data.firstName} ${data.lastName}`;

  const set =
    <K extends FieldName>(field: K) =>
    (value: Values[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setRecorded(null);
    };

  function showErrors(found: Errors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    // The first field at fault takes the keyboard (the consent box by its hidden input).
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    setRefusal(null);
    setRecorded(null);
    const found = validateReferral(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    commit({
      variables: {
        input: {
          customerId: data.id,
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email.trim() || null,
          postcode: values.postcode.trim() || null,
          consentConfirmed: true,
        },
      },
      updater: (store, response) => {
        if (response?.recordReferralForCustomer.__typename !== "MutationRecordReferralForCustomerSuccess") return;
        const referral = store
          .getRootField("recordReferralForCustomer")
          ?.getLinkedRecord("data")
          ?.getLinkedRecord("referral");
        const root = store.getRoot();
        const mine = root.getLinkedRecords("myRecordedReferrals", { first: 50 });
        if (referral && mine) root.setLinkedRecords([referral, ...mine], "myRecordedReferrals", { first: 50 });
      },
      failed: "Failed to Record Referral",
      onSuccess: (result) => {
        setRecorded(result.data.referral.name);
        setValues(EMPTY);
        onRecorded?.();
      },
      // Shown in place, beside what the member of staff was typing: no passing notice.
      onFailure: (failure) => {
        const field = FIELDS.find((name) => name === failure.field);
        if (field) showErrors({ [field]: failure.message });
        else setRefusal(failure.message);
        return true;
      },
    });
  }

  if (data.status !== "VERIFIED") {
    return (
      <Card.Root as="section" aria-labelledby="record-referral-heading">
        <Card.Body gap="2">
          <Heading as="h2" size="lg" id="record-referral-heading">
            Record a referral
          </Heading>
          <Text color="fg.muted" data-testid="record-referral-unavailable">
            {referrer} can refer friends once their registration is verified.
          </Text>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="record-referral-heading">
      <Card.Body>
        <form ref={form} onSubmit={submit} noValidate aria-labelledby="record-referral-heading">
          <Stack gap="4">
            <Stack gap="1">
              <Heading as="h2" size="lg" id="record-referral-heading">
                Record a referral
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                A friend {referrer} sent: {data.firstName} gets the same credit as for a friend they add themselves.
              </Text>
            </Stack>
            <TextField
              label="Friend's full name"
              name="name"
              size="lg"
              autoComplete="off"
              required
              value={values.name}
              error={errors.name}
              onValueChange={set("name")}
            />
            <TextField
              label="Phone number"
              name="phone"
              type="tel"
              inputMode="tel"
              size="lg"
              autoComplete="off"
              placeholder="07400 123456"
              required
              value={values.phone}
              error={errors.phone}
              helper={PHONE_HINT}
              onValueChange={set("phone")}
            />
            <TextField
              label="Email (optional)"
              name="email"
              type="email"
              inputMode="email"
              autoCapitalize="none"
              size="lg"
              autoComplete="off"
              value={values.email}
              error={errors.email}
              onValueChange={set("email")}
            />
            <TextField
              label="Postcode (optional)"
              name="postcode"
              size="lg"
              autoComplete="off"
              autoCapitalize="characters"
              value={values.postcode}
              error={errors.postcode}
              onValueChange={set("postcode")}
            />
            <Field.Root invalid={Boolean(errors.consentConfirmed)} required>
              <Checkbox.Root
                checked={values.consentConfirmed}
                onCheckedChange={(details) => set("consentConfirmed")(details.checked === true)}
                alignItems="flex-start"
                size="lg"
              >
                <Checkbox.HiddenInput name="consentConfirmed" />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal" lineHeight="1.5">
                  {CONSENT_WORDING}
                </Checkbox.Label>
              </Checkbox.Root>
              <Field.ErrorText>{errors.consentConfirmed}</Field.ErrorText>
            </Field.Root>
            {refusal ? (
              <Alert.Root status="error" borderRadius="lg" data-testid="record-referral-refused">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The referral was not recorded</Alert.Title>
                  <Alert.Description>{refusal}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <Button type="submit" size="lg" loading={isInFlight} loadingText="Recording...">
              Record referral
            </Button>
            {/* Announced politely; it stays until the next change so the member of staff can read it out. */}
            <div role="status" aria-live="polite">
              {recorded ? (
                <Alert.Root status="success" borderRadius="lg" data-testid="record-referral-done">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Referral recorded for {recorded}</Alert.Title>
                    <Alert.Description>
                      {data.firstName} will see {recorded} in their referrals, and gets an email about it.
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}
            </div>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
