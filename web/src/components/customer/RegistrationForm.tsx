import { Button, Checkbox, chakra, Field, Input, Stack } from "@chakra-ui/react";
import { type FormEvent, type MouseEvent, useRef, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { RegistrationFormMutation } from "../../__generated__/RegistrationFormMutation.graphql.ts";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notify, notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import type { ContactDetails } from "./ProgrammeContact.tsx";
import { TermsDialog } from "./TermsDialog.tsx";

const completeRegistrationMutation = graphql`
  mutation RegistrationFormMutation($input: CompleteRegistrationInput!) {
    completeRegistration(input: $input) {
      __typename
      ... on MutationCompleteRegistrationSuccess {
        data {
          id
          status
          rejectionReason
          ...AccountPendingScreen_customer
          ...AccountRejectedScreen_customer
          # Links the profile to the signed-in user in the store, so /home knows it at once.
          user {
            id
            customer {
              id
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

type FieldName = "originalPurchaseAmount" | "postcode" | "contractNumber" | "termsAccepted";

interface Problem {
  field: FieldName;
  title: string;
  message: string;
}

export interface RegistrationValues {
  originalPurchaseAmount: string;
  postcode: string;
  contractNumber: string;
  termsAccepted: boolean;
}

/** The server's "Invalid Postcode: Please enter…" as the notice's title and text. */
function titled(problem: string): { title: string; message: string } {
  const colon = problem.indexOf(": ");
  return colon > 0
    ? { title: problem.slice(0, colon), message: problem.slice(colon + 2) }
    : { title: "Invalid Input", message: problem };
}

/** In the registration's order (docs/rules/customers.md): amount, postcode, contract number, terms. The first problem is the one reported. */
export function firstRegistrationProblem(values: RegistrationValues): Problem | null {
  const amount = values.originalPurchaseAmount.trim();
  // A number above zero: digits with an optional decimal part, not all zeros (no floating point needed).
  if (!/^\d+(\.\d+)?$/.test(amount) || !/[1-9]/.test(amount)) {
    return {
      field: "originalPurchaseAmount",
      title: "Invalid Amount",
      message: "Please enter a valid purchase amount.",
    };
  }
  if (!values.postcode.trim())
    return { field: "postcode", title: "Missing Postcode", message: "Please enter your postcode." };
  const postcodeProblem = typedTextProblem(TEXT_FIELDS.postcode, values.postcode);
  if (postcodeProblem) return { field: "postcode", ...titled(postcodeProblem) };
  if (!values.contractNumber.trim()) {
    return { field: "contractNumber", title: "Missing Contract Number", message: "Please enter your contract number." };
  }
  const contractNumberProblem = typedTextProblem(TEXT_FIELDS.contractNumber, values.contractNumber);
  if (contractNumberProblem) return { field: "contractNumber", ...titled(contractNumberProblem) };
  if (!values.termsAccepted) {
    return {
      field: "termsAccepted",
      title: "Terms Required",
      message: "Please accept the Terms and Conditions to continue.",
    };
  }
  return null;
}

interface RegistrationFormProps {
  /** A rejected customer's earlier details, to correct. */
  initialValues?: Partial<RegistrationValues>;
  creditRate: string;
  /** The programme's contact, for the terms' contact section. */
  contact?: ContactDetails;
}

/** Complete Registration: the original purchase, postcode, contract number and the terms. */
export function RegistrationForm({ initialValues, creditRate, contact }: RegistrationFormProps) {
  const [, navigate] = useLocation();
  const [commit, isInFlight] = useMutationWithNotice<RegistrationFormMutation>(completeRegistrationMutation);
  const [values, setValues] = useState<RegistrationValues>({
    originalPurchaseAmount: initialValues?.originalPurchaseAmount ?? "",
    postcode: initialValues?.postcode ?? "",
    contractNumber: initialValues?.contractNumber ?? "",
    termsAccepted: false,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [termsOpen, setTermsOpen] = useState(false);
  const [done, setDone] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const set = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function showProblem(field: FieldName, message: string) {
    setErrors({ [field]: message });
    inputs.current[field]?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight || done) return;
    const problem = firstRegistrationProblem(values);
    if (problem) {
      showProblem(problem.field, problem.message);
      notify({ title: problem.title, description: problem.message, tone: "error" });
      return;
    }
    setErrors({});
    commit({
      variables: {
        input: {
          originalPurchaseAmount: values.originalPurchaseAmount.trim(),
          postcode: values.postcode.trim(),
          contractNumber: values.contractNumber.trim(),
          termsAccepted: true,
        },
      },
      failed: "Registration Failed",
      onSuccess: () => {
        setDone(true);
        notifySuccess(
          "Registration Successful!",
          "Welcome to HNG Referral Scheme! Start referring friends to earn credits.",
        );
        navigate("/");
      },
      onFailure: (failure) => {
        const field = (["originalPurchaseAmount", "postcode", "contractNumber", "termsAccepted"] as const).find(
          (name) => name === failure.field,
        );
        if (field) showProblem(field, failure.message);
      },
    });
  }

  function openTerms(event: MouseEvent<HTMLButtonElement>) {
    // Inside the checkbox's label: reading the terms must not tick the box.
    event.preventDefault();
    event.stopPropagation();
    setTermsOpen(true);
  }

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Complete registration">
        <Stack gap="5">
          <Field.Root invalid={Boolean(errors.originalPurchaseAmount)} required>
            <Field.Label>
              Original Purchase Amount (£) <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={(element) => {
                inputs.current.originalPurchaseAmount = element;
              }}
              name="originalPurchaseAmount"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              placeholder="120.00"
              size="lg"
              value={values.originalPurchaseAmount}
              onChange={(event) => set("originalPurchaseAmount", event.target.value)}
            />
            {errors.originalPurchaseAmount ? (
              <Field.ErrorText>{errors.originalPurchaseAmount}</Field.ErrorText>
            ) : (
              <Field.HelperText>The amount on your contract, in pounds, for example 120.00.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.postcode)} required>
            <Field.Label>
              Postcode <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={(element) => {
                inputs.current.postcode = element;
              }}
              name="postcode"
              autoComplete="postal-code"
              autoCapitalize="characters"
              placeholder="SW1A 1AA"
              size="lg"
              value={values.postcode}
              onChange={(event) => set("postcode", event.target.value)}
            />
            <Field.ErrorText>{errors.postcode}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.contractNumber)} required>
            <Field.Label>
              Contract Number <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={(element) => {
                inputs.current.contractNumber = element;
              }}
              name="contractNumber"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="HNG-2025-0001"
              size="lg"
              value={values.contractNumber}
              onChange={(event) => set("contractNumber", event.target.value)}
            />
            <Field.ErrorText>{errors.contractNumber}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.termsAccepted)}>
            <Checkbox.Root
              checked={values.termsAccepted}
              onCheckedChange={(details) => set("termsAccepted", details.checked === true)}
              size="lg"
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput
                ref={(element: HTMLInputElement | null) => {
                  inputs.current.termsAccepted = element;
                }}
              />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal" lineHeight="1.5">
                I have read and agree to the{" "}
                <chakra.button
                  type="button"
                  onClick={openTerms}
                  color="brand.fg"
                  fontWeight="semibold"
                  textDecoration="underline"
                  textUnderlineOffset="2px"
                  cursor="pointer"
                >
                  Terms and Conditions
                </chakra.button>
              </Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{errors.termsAccepted}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" size="lg" loading={isInFlight} loadingText="Creating Account..." disabled={done}>
            Complete Registration
          </Button>
        </Stack>
      </form>
      <TermsDialog
        open={termsOpen}
        onOpenChange={setTermsOpen}
        onAccept={() => set("termsAccepted", true)}
        creditRate={creditRate}
        contact={contact}
      />
    </>
  );
}
