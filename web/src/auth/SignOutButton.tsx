import { Button, type ButtonProps } from "@chakra-ui/react";
import { LogOut } from "lucide-react";
import { graphql } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { SignOutButtonMutation } from "../__generated__/SignOutButtonMutation.graphql.ts";
import { notifySuccess } from "../notifications/notify.ts";
import { isSuccess } from "../relay/mutationOutcome.ts";
import { useMutationWithNotice } from "../relay/useMutationWithNotice.ts";
import { setSessionViewer } from "../session/viewerSession.ts";

const signOutMutation = graphql`
  mutation SignOutButtonMutation {
    signOut {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** Signs out, forgets everything the store held for that user, and goes to /auth. */
export function SignOutButton({ children = "Sign Out", ...buttonProps }: ButtonProps) {
  const [, navigate] = useLocation();
  const [commit, isInFlight] = useMutationWithNotice<SignOutButtonMutation>(signOutMutation);

  function signOut() {
    commit({
      variables: {},
      updater: (store, data) => {
        if (!data || !isSuccess(data.signOut)) return;
        setSessionViewer(store, null);
        // The next user on this browser must not see this one's data: every query refetches.
        store.invalidateStore();
      },
      failed: "Logout failed",
      onSuccess: () => {
        notifySuccess("Signed out", "You have been successfully signed out.");
        navigate("/auth");
      },
    });
  }

  return (
    <Button variant="outline" onClick={signOut} loading={isInFlight} {...buttonProps}>
      <LogOut aria-hidden="true" />
      {children}
    </Button>
  );
}
