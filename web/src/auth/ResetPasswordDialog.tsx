import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { ResetPasswordDialogMutation } from "../__generated__/ResetPasswordDialogMutation.graphql.ts";
import { TextField } from "../components/TextField.tsx";
import { TEXT_FIELDS, typedTextProblem } from "../lib/textFields.ts";
import { notify } from "../notifications/notify.ts";
import { useMutationWithNotice } from "../relay/useMutationWithNotice.ts";

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
 * The Reset Password modal. The asker never chooses the password (docs/rules/accounts.md): the
 * server emails a single-use link to a page where the holder of the email chooses it, so the
 * modal asks only for the username.
 */
export function ResetPasswordDialog({ open, onOpenChange }: ResetPasswordDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<ResetPasswordDialogMutation>(requestResetMutation);
  const [username, setUsername] = useState("");
  const [errors, setErrors] = useState<{ username?: string }>({});

  function close() {
    onOpenChange(false);
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: typeof errors = {};
    const usernameProblem = username.trim() ? typedTextProblem(TEXT_FIELDS.username, username) : "Enter your username";
    if (usernameProblem) found.username = usernameProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    commit({
      variables: { input: { username: username.trim() } },
      failed: "Password reset failed",
      onSuccess: (result) => {
        notify({ title: "Check your email", description: result.data?.message, tone: "success" });
        setUsername("");
        close();
      },
      onFailure: (failure) => {
        if (failure.field === "username") setErrors({ username: failure.message });
      },
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => (details.open ? onOpenChange(true) : close())}
      placement="center"
    >
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
                    Enter your username. We will email you a link to choose a new password.
                  </Dialog.Description>
                  <TextField
                    label="Username"
                    error={errors.username}
                    required
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    size="lg"
                    value={username}
                    onValueChange={setUsername}
                  />
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
                  <Button
                    type="submit"
                    size="lg"
                    loading={isInFlight}
                    loadingText="Sending..."
                    flex={{ base: "1", sm: "initial" }}
                  >
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
