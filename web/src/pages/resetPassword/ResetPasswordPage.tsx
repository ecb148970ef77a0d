import { Button, Heading, Icon, Spinner, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import { Link as RouterLink, useSearchParams } from "wouter";
import type { ResetPasswordPageMutation } from "../../__generated__/ResetPasswordPageMutation.graphql.ts";
import { BrandMark } from "../../components/BrandMark.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { failureOf, isSuccess } from "../../relay/mutationOutcome.ts";
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
    }
  }
`;

type Outcome = { state: "working" } | { state: "done"; message: string } | { state: "failed"; message: string };

/** The page the emailed link opens: it applies the new password once, then offers to sign in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [commit] = useMutation<ResetPasswordPageMutation>(completeResetMutation);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: "working" } : { state: "failed", message: "This password reset link is incomplete. Please ask for a new one." },
  );
  // The link works once: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    commit({
      variables: { input: { token } },
      updater: (store, data) => {
        // The server ended every session of this user, this browser's included.
        if (data && isSuccess(data.completePasswordReset)) {
          setSessionViewer(store, null);
          store.invalidateStore();
        }
      },
      onCompleted: ({ completePasswordReset: result }) => {
        if (isSuccess(result)) {
          const message = result.data?.message ?? "Your password has been updated. Please sign in with your new password.";
          setOutcome({ state: "done", message });
          notifySuccess("Password reset successful", message);
          return;
        }
        const { message } = failureOf(result);
        setOutcome({ state: "failed", message });
        notifyFailure("Password reset failed", message);
      },
      onError: (error) => {
        setOutcome({ state: "failed", message: error.message });
        notifyFailure("Password reset failed", error.message);
      },
    });
  }, [commit, token]);

  return (
    <Stack as="main" minHeight="100dvh" py={{ base: "6", md: "12" }} gap="6">
      <PageContainer>
        <Stack gap="6">
          <Stack align="center">
            <BrandMark />
          </Stack>
          <Stack bg="bg.panel" borderRadius="2xl" boxShadow="card" p="8" gap="4" align="center" textAlign="center" aria-live="polite">
            {outcome.state === "working" ? (
              <>
                <Spinner size="lg" color="brand.solid" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Updating your password...
                </Heading>
              </>
            ) : outcome.state === "done" ? (
              <>
                <Icon as={CircleCheck} boxSize="12" color="green.fg" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Password reset successful
                </Heading>
                <Text color="fg.muted">{outcome.message}</Text>
                <Button asChild size="lg">
                  <RouterLink href="/auth">Sign in</RouterLink>
                </Button>
              </>
            ) : (
              <>
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
              </>
            )}
          </Stack>
        </Stack>
      </PageContainer>
    </Stack>
  );
}
