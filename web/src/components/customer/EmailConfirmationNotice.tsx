import { Alert, Button } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import type { EmailConfirmationNotice_user$key } from "../../__generated__/EmailConfirmationNotice_user.graphql.ts";
import type { EmailConfirmationNoticeMutation } from "../../__generated__/EmailConfirmationNoticeMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { PageContainer } from "../PageContainer.tsx";

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
export function EmailConfirmationNotice({
  user,
  standalone = false,
}: {
  user: EmailConfirmationNotice_user$key | null;
  standalone?: boolean;
}) {
  const viewer = useFragment(
    graphql`
      fragment EmailConfirmationNotice_user on User {
        email
        emailConfirmed
      }
    `,
    user,
  );
  const [commit, isInFlight] = useMutationWithNotice<EmailConfirmationNoticeMutation>(resendMutation);
  if (!viewer || viewer.emailConfirmed) return null;

  function resend() {
    commit({
      variables: {},
      failed: "Confirmation email not sent",
      onSuccess: (result) => notifySuccess("Confirmation email sent", result.data.message),
    });
  }

  const notice = (
    <Alert.Root as="aside" aria-label="Confirm your email address" status="info" borderRadius="xl">
      <Alert.Indicator />
      {/* One column: on a phone the button goes under the text instead of widening the page. */}
      <Alert.Content minWidth="0" overflowWrap="anywhere">
        <Alert.Title>Please confirm your email address</Alert.Title>
        <Alert.Description>
          We emailed a confirmation link to {viewer.email}. Until you open it, we hold back the other emails about your
          account.
        </Alert.Description>
        <Button
          size="sm"
          variant="outline"
          mt="2"
          alignSelf="flex-start"
          onClick={resend}
          loading={isInFlight}
          loadingText="Sending..."
        >
          Send the link again
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
  // Standalone: above a screen's own layout, in the customer app's column.
  return standalone ? <PageContainer pt="4">{notice}</PageContainer> : notice;
}
