import { Alert, type AlertRootProps, Button } from "@chakra-ui/react";
import { graphql, useMutation } from "react-relay/hooks";
import type { EmailConfirmationNoticeMutation } from "../../__generated__/EmailConfirmationNoticeMutation.graphql.ts";
import { notifyFailure, notifySuccess } from "../../notifications/notify.ts";
import { failureOf, isSuccess } from "../../relay/mutationOutcome.ts";
import { useViewerSession } from "../../session/viewerSession.ts";

const resendMutation = graphql`
  mutation EmailConfirmationNoticeMutation {
    resendEmailConfirmation {
      __typename
      ... on MutationResendEmailConfirmationSuccess {
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

/**
 * Asks a signed-in user whose address is not confirmed to open the emailed link (their other
 * emails wait until then), with a way to have it sent again. Nothing once confirmed.
 */
export function EmailConfirmationNotice(props: Pick<AlertRootProps, "mb">) {
  const viewer = useViewerSession();
  const [commit, isInFlight] = useMutation<EmailConfirmationNoticeMutation>(resendMutation);
  if (!viewer || viewer.emailConfirmed) return null;

  function resend() {
    commit({
      variables: {},
      onCompleted: ({ resendEmailConfirmation: result }) => {
        if (isSuccess(result)) notifySuccess("Confirmation email sent", result.data?.message);
        else notifyFailure("Confirmation email not sent", failureOf(result).message);
      },
      onError: (error) => notifyFailure("Confirmation email not sent", error.message),
    });
  }

  return (
    <Alert.Root as="aside" aria-label="Confirm your email address" status="info" borderRadius="xl" {...props}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Please confirm your email address</Alert.Title>
        <Alert.Description>
          We emailed a confirmation link to {viewer.email}. Until you open it, we hold back the other emails about your account.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={resend} loading={isInFlight} loadingText="Sending...">
        Send the link again
      </Button>
    </Alert.Root>
  );
}
