import { Button, Field, Input, Stack } from "@chakra-ui/react";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { PasswordSectionMutation } from "../../__generated__/PasswordSectionMutation.graphql.ts";
import { PASSWORD_MIN_LENGTH, validateNewPassword, validatePasswordConfirmation } from "../../auth/validation.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { SettingsRow } from "./SettingsRow.tsx";

const changePasswordMutation = graphql`
  mutation PasswordSectionMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on MutationChangePasswordSuccess {
        data {
          id
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
`;

type Values = { currentPassword: string; newPassword: string; confirmation: string };
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmation: "" };

/** The Password row; its sheet asks for the current password, then the new one twice. */
export function PasswordSection() {
  return (
    <SettingsRow
      id="password"
      icon={KeyRound}
      title="Password"
      summary="Change your password"
      description="Changing it signs you out everywhere else, and we email you to say so."
    >
      {(close) => <PasswordForm onChanged={close} />}
    </SettingsRow>
  );
}

/** Current password, then the new one twice; every other session ends, this one stays. */
function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [commit, isInFlight] = useMutationWithNotice<PasswordSectionMutation>(changePasswordMutation);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: Partial<Values> = {};
    if (!values.currentPassword) found.currentPassword = "Enter your current password";
    const newProblem = validateNewPassword(values.newPassword);
    if (newProblem) found.newPassword = newProblem;
    const confirmProblem = validatePasswordConfirmation(values.newPassword, values.confirmation);
    if (confirmProblem) found.confirmation = confirmProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    commit({
      variables: { input: { currentPassword: values.currentPassword, newPassword: values.newPassword } },
      failed: "Password not changed",
      onSuccess: () => {
        setValues(EMPTY);
        notifySuccess("Password changed", "Every other device was signed out; this one stays signed in.");
        onChanged();
      },
      onFailure: ({ message, field }) => {
        setErrors(field === "newPassword" ? { newPassword: message } : { currentPassword: message });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.currentPassword)} required>
          <Field.Label>Current password</Field.Label>
          <Input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set("currentPassword")}
          />
          <Field.ErrorText>{errors.currentPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>New password</Field.Label>
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set("newPassword")}
          />
          <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
          <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmation)} required>
          <Field.Label>Confirm new password</Field.Label>
          <Input
            name="confirmation"
            type="password"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={set("confirmation")}
          />
          <Field.ErrorText>{errors.confirmation}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" width="full" loading={isInFlight} loadingText="Changing...">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
