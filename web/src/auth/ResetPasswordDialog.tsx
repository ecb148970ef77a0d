import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import type { ResetPasswordDialogMutation } from "../__generated__/ResetPasswordDialogMutation.graphql.ts";
import { notify, notifyFailure } from "../notifications/notify.ts";
import { failureOf, isSuccess } from "../relay/mutationOutcome.ts";
import { PASSWORD_MIN_LENGTH, validateNewPassword } from "./validation.ts";

const requestResetMutation = graphql`
  mutation ResetPasswordDialogMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on MutationRequestPasswordResetSuccess {
        data {
          message
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

interface ResetPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The spec's Reset Password modal (username, new password). Nothing changes at once: the server
 * emails a single-use link that applies the new password (decisions.md), so the notice says so.
 */
export function ResetPasswordDialog({ open, onOpenChange }: ResetPasswordDialogProps) {
  const [commit, isInFlight] = useMutation<ResetPasswordDialogMutation>(requestResetMutation);
  const [username, setUsername] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [errors, setErrors] = useState<{ username?: string; newPassword?: string }>({});

  function close() {
    onOpenChange(false);
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: typeof errors = {};
    if (!username.trim()) found.username = "Enter your username";
    const passwordProblem = validateNewPassword(newPassword);
    if (passwordProblem) found.newPassword = passwordProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    commit({
      variables: { input: { username: username.trim(), newPassword } },
      onCompleted: ({ requestPasswordReset: result }) => {
        if (isSuccess(result)) {
          notify({ title: "Check your email", description: result.data?.message, tone: "success" });
          setUsername("");
          setNewPassword("");
          close();
          return;
        }
        const failure = failureOf(result);
        if (failure.field === "username" || failure.field === "newPassword") setErrors({ [failure.field]: failure.message });
        notifyFailure("Password reset failed", failure.message);
      },
      onError: (error) => notifyFailure("Password reset failed", error.message),
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(details) => (details.open ? onOpenChange(true) : close())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Reset password">
              <Dialog.Header>
                <Dialog.Title>Reset Password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>
                    Enter your username and the new password you want. We will email you a link to confirm the change.
                  </Dialog.Description>
                  <Field.Root invalid={Boolean(errors.username)} required>
                    <Field.Label>Username</Field.Label>
                    <Input
                      name="username"
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      size="lg"
                      value={username}
                      onChange={(event) => setUsername(event.target.value)}
                    />
                    <Field.ErrorText>{errors.username}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.newPassword)} required>
                    <Field.Label>New Password</Field.Label>
                    <Input
                      name="newPassword"
                      type="password"
                      autoComplete="new-password"
                      size="lg"
                      value={newPassword}
                      onChange={(event) => setNewPassword(event.target.value)}
                    />
                    {errors.newPassword ? (
                      <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
                    )}
                  </Field.Root>
                  <Text textStyle="sm" color="fg.muted">
                    The link works once and expires in 30 minutes.
                  </Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" width="full" justify="flex-end" flexWrap="wrap-reverse">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" size="lg" loading={isInFlight} loadingText="Sending..." flex={{ base: "1", sm: "initial" }}>
                    Reset Password
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
