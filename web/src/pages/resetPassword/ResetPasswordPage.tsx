import { Button, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleX } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { graphql } from "react-relay/hooks";
import { Link as RouterLink, useSearchParams } from "wouter";
import type { ResetPasswordPageMutation } from "../../__generated__/ResetPasswordPageMutation.graphql.ts";
import { PASSWORD_MIN_LENGTH, validateNewPassword, validatePasswordConfirmation } from "../../auth/validation.ts";
import { BrandMark } from "../../components/BrandMark.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { TextField } from "../../components/TextField.tsx";
import { notifySuccess } from "../../notifications/notify.ts";
import { isSuccess } from "../../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { setSessionViewer } from "../../session/viewerSession.ts";

const completeResetMutation = graphql`
  mutation ResetPasswordPageMutation($input: CompletePasswordResetInput!) {
    completePasswordReset(input: $input) {
      __typename
      ... on MutationCompletePasswordResetSuccess {
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

type Outcome = { state: "choosing" } | { state: "done"; message: string } | { state: "failed"; message: string };

const INCOMPLETE_LINK = "This password reset link is incomplete. Please ask for a new one.";

/**
 * The page the emailed link opens. Opening it changes nothing: the holder of the email chooses
 * and confirms the new password here, and only submitting the form uses up the link.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  // Kept in state, then taken out of the address bar, so it stays out of history and screenshots.
  const [token] = useState(() => searchParams.get("token") ?? "");
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  const [commit, isInFlight] = useMutationWithNotice<ResetPasswordPageMutation>(completeResetMutation);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: "choosing" } : { state: "failed", message: INCOMPLETE_LINK },
  );
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: typeof errors = {};
    const passwordProblem = validateNewPassword(newPassword);
    if (passwordProblem) found.newPassword = passwordProblem;
    else {
      const confirmationProblem = validatePasswordConfirmation(newPassword, confirmation);
      if (confirmationProblem) found.confirmation = confirmationProblem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    commit({
      variables: { input: { token, newPassword } },
      updater: (store, data) => {
        // The server ended every session of this user, this browser's included.
        if (data && isSuccess(data.completePasswordReset)) {
          setSessionViewer(store, null);
          store.invalidateStore();
        }
      },
      failed: "Password reset failed",
      onSuccess: (result) => {
        const message =
          result.data?.message ?? "Your password has been updated. Please sign in with your new password.";
        setOutcome({ state: "done", message });
        notifySuccess("Password reset successful", message);
      },
      onFailure: (failure) => {
        // A refused password can be corrected here; a used, expired or unknown link cannot.
        if (failure.field === "newPassword") setErrors({ newPassword: failure.message });
        else setOutcome({ state: "failed", message: failure.message });
      },
    });
  }

  return (
    <Stack as="main" minHeight="100dvh" py={{ base: "6", md: "12" }} gap="6">
      <PageContainer>
        <Stack gap="6">
          <Stack align="center">
            <BrandMark />
          </Stack>
          <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="8" gap="4" aria-live="polite">
            {outcome.state === "choosing" ? (
              <form onSubmit={submit} noValidate aria-label="Choose a new password">
                <Stack gap="4">
                  <Heading as="h1" size="xl">
                    Choose a new password
                  </Heading>
                  <Text color="fg.muted">Once you save it, every device signed in to your account is signed out.</Text>
                  <TextField
                    label="New Password"
                    error={errors.newPassword}
                    helper={<>At least {PASSWORD_MIN_LENGTH} characters, and not a commonly used password.</>}
                    required
                    name="newPassword"
                    type="password"
                    autoComplete="new-password"
                    size="lg"
                    value={newPassword}
                    onValueChange={setNewPassword}
                  />
                  <TextField
                    label="Confirm New Password"
                    error={errors.confirmation}
                    required
                    name="confirmPassword"
                    type="password"
                    autoComplete="new-password"
                    size="lg"
                    value={confirmation}
                    onValueChange={setConfirmation}
                  />
                  <Button type="submit" size="lg" loading={isInFlight} loadingText="Saving...">
                    Save New Password
                  </Button>
                </Stack>
              </form>
            ) : outcome.state === "done" ? (
              <Stack gap="4" align="center" textAlign="center">
                <Icon as={CircleCheck} boxSize="12" color="green.fg" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Password reset successful
                </Heading>
                <Text color="fg.muted">{outcome.message}</Text>
                <Button asChild size="lg">
                  <RouterLink href="/auth">Sign in</RouterLink>
                </Button>
              </Stack>
            ) : (
              <Stack gap="4" align="center" textAlign="center">
                <Icon as={CircleX} boxSize="12" color="red.fg" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Password reset failed
                </Heading>
                <Text color="fg.muted" role="alert">
                  {outcome.message}
                </Text>
                <Button asChild size="lg" variant="outline">
                  <RouterLink href="/auth">Back to sign in</RouterLink>
                </Button>
              </Stack>
            )}
          </Stack>
        </Stack>
      </PageContainer>
    </Stack>
  );
}
