import { Button, Heading, Icon, Spinner, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import { Link as RouterLink, useSearchParams } from "wouter";
import type { ConfirmEmailPageMutation } from "../../__generated__/ConfirmEmailPageMutation.graphql.ts";
import { BrandMark } from "../../components/BrandMark.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { failureOf, isSuccess } from "../../relay/mutationOutcome.ts";

const confirmEmailMutation = graphql`
  mutation ConfirmEmailPageMutation($input: ConfirmEmailInput!) {
    confirmEmail(input: $input) {
      __typename
      ... on MutationConfirmEmailSuccess {
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

/**
 * The page the emailed confirmation link opens: the page itself (not the GET a mail scanner
 * makes) confirms the address, then offers the way on. Opening it again says the same.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get("token") ?? "");
  const [commit] = useMutation<ConfirmEmailPageMutation>(confirmEmailMutation);
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { state: "working" }
      : { state: "failed", message: "This confirmation link is incomplete. Please ask for a new one." },
  );
  // StrictMode's second effect run must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token || sent.current) return;
    sent.current = true;
    commit({
      variables: { input: { token } },
      updater: (store, data) => {
        // A signed-in viewer's banner goes away.
        if (data && isSuccess(data.confirmEmail))
          store.getRoot().getLinkedRecord("viewer")?.setValue(true, "emailConfirmed");
      },
      onCompleted: ({ confirmEmail: result }) => {
        if (isSuccess(result))
          setOutcome({ state: "done", message: result.data?.message ?? "Your email address is confirmed." });
        else setOutcome({ state: "failed", message: failureOf(result).message });
      },
      onError: (error) => setOutcome({ state: "failed", message: error.message }),
    });
  }, [commit, token]);

  return (
    <Stack as="main" minHeight="100dvh" py={{ base: "6", md: "12" }} gap="6">
      <PageContainer>
        <Stack gap="6">
          <Stack align="center">
            <BrandMark />
          </Stack>
          <Stack
            bg="bg.panel"
            borderRadius="2xl"
            boxShadow="card"
            p="8"
            gap="4"
            align="center"
            textAlign="center"
            aria-live="polite"
          >
            {outcome.state === "working" ? (
              <>
                <Spinner size="lg" color="brand.solid" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Confirming your email address...
                </Heading>
              </>
            ) : outcome.state === "done" ? (
              <>
                <Icon as={CircleCheck} boxSize="12" color="green.fg" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Email address confirmed
                </Heading>
                <Text color="fg.muted">{outcome.message}</Text>
                <Button asChild size="lg">
                  <RouterLink href="/home">Continue</RouterLink>
                </Button>
              </>
            ) : (
              <>
                <Icon as={CircleX} boxSize="12" color="red.fg" aria-hidden="true" />
                <Heading as="h1" size="xl">
                  Email address not confirmed
                </Heading>
                <Text color="fg.muted" role="alert">
                  {outcome.message}
                </Text>
                <Button asChild size="lg" variant="outline">
                  <RouterLink href="/home">Continue</RouterLink>
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </PageContainer>
    </Stack>
  );
}
