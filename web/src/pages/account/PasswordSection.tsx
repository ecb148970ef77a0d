import { Button, Stack } from "@chakra-ui/react";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { PasswordSectionMutation } from "../../__generated__/PasswordSectionMutation.graphql.ts";
import { PASSWORD_MIN_LENGTH, validateNewPassword, validatePasswordConfirmation } from "../../auth/validation.ts";
import { TextField } from "../../components/TextField.tsx";
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
  const set = (field: keyof Values) => (value: string) => setValues({ ...values, [field]: value });

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
        <TextField
          label="Current password"
          error={errors.currentPassword}
          required
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onValueChange={set("currentPassword")}
        />
        <TextField
          label="New password"
          error={errors.newPassword}
          helper={<>At least {PASSWORD_MIN_LENGTH} characters.</>}
          required
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onValueChange={set("newPassword")}
        />
        <TextField
          label="Confirm new password"
          error={errors.confirmation}
          required
          name="confirmation"
          type="password"
          autoComplete="new-password"
          value={values.confirmation}
          onValueChange={set("confirmation")}
        />
        <Button type="submit" size="lg" width="full" loading={isInFlight} loadingText="Changing...">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
