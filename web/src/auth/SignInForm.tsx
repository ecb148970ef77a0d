import { Button, HStack, Stack } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { SignInFormMutation } from "../__generated__/SignInFormMutation.graphql.ts";
import { TextField } from "../components/TextField.tsx";
import { TEXT_FIELDS, typedTextProblem } from "../lib/textFields.ts";
import { useHydrated } from "../lib/useHydrated.ts";
import { notifySuccess } from "../notifications/notify.ts";
import { useMutationWithNotice } from "../relay/useMutationWithNotice.ts";
import { readSessionViewer, setSessionViewer } from "../session/viewerSession.ts";

/** After signing in, the app moves to /home (staff: /staff) about a second later. */
export const SIGNED_IN_REDIRECT_DELAY_MS = 1000;

const signInMutation = graphql`
  mutation SignInFormMutation($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on MutationSignInSuccess {
        data {
          ...viewerSession_user
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

type FieldName = "username" | "password" | "code";

interface SignInFormProps {
  /** Shown beside the submit button, e.g. the dialog's Cancel. */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}

export function SignInForm({ secondaryAction, autoFocus = false }: SignInFormProps) {
  const [, navigate] = useLocation();
  const [commit, isInFlight] = useMutationWithNotice<SignInFormMutation>(signInMutation);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // Shown once the server says the account has a second factor.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [signedIn, setSignedIn] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight || signedIn) return;
    const found: Partial<Record<FieldName, string>> = {};
    const usernameProblem = username.trim() ? typedTextProblem(TEXT_FIELDS.username, username) : "Enter your username";
    if (usernameProblem) found.username = usernameProblem;
    if (!password) found.password = "Enter your password";
    const codeProblem = code.trim()
      ? typedTextProblem(TEXT_FIELDS.secondFactorCode, code)
      : "Enter the code from your authenticator app";
    if (codeAsked && codeProblem) found.code = codeProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    commit({
      variables: { input: { username: username.trim(), password, ...(codeAsked ? { code: code.trim() } : {}) } },
      updater: (store, data) => {
        if (data?.signIn.__typename !== "MutationSignInSuccess") return;
        setSessionViewer(store, store.getRootField("signIn").getLinkedRecord("data"));
      },
      failed: "Login failed",
      onSuccess: (result) => {
        setSignedIn(true);
        notifySuccess("Welcome back!", "You have successfully signed in.");
        // Staff start on their own page (docs/rules/roles.md, "The pages"); /home sorts out the rest.
        const home = readSessionViewer(result.data)?.role === "STAFF" ? "/staff" : "/home";
        redirectTimer.current = setTimeout(() => navigate(home), SIGNED_IN_REDIRECT_DELAY_MS);
      },
      onFailure: (failure, signIn) => {
        if (signIn.__typename === "SecondFactorRequiredError") {
          setCodeAsked(true);
          setErrors({});
          return true;
        }
        if (codeAsked && failure.message === "Invalid verification code") setErrors({ code: failure.message });
        if (failure.field === "username" || failure.field === "password")
          setErrors({ [failure.field]: failure.message });
      },
    });
  }

  const busy = isInFlight || signedIn;
  // Prerendered on /auth: until the handlers are attached, typing would be lost and a submit would reload the page.
  const ready = useHydrated();
  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="4">
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
          readOnly={!ready}
          autoFocus={autoFocus}
          onValueChange={setUsername}
        />
        <TextField
          label="Password"
          error={errors.password}
          required
          name="password"
          type="password"
          autoComplete="current-password"
          size="lg"
          value={password}
          readOnly={!ready}
          onValueChange={setPassword}
        />
        {codeAsked ? (
          <TextField
            label="Verification code"
            error={errors.code}
            helper="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
            required
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            size="lg"
            value={code}
            // The field appears after the first submit: the next thing to type goes here.
            autoFocus
            onValueChange={setCode}
          />
        ) : null}
        <HStack gap="3" justify="flex-end" flexWrap="wrap-reverse">
          {secondaryAction}
          <Button
            type="submit"
            size="lg"
            loading={busy}
            disabled={!ready}
            loadingText={signedIn ? "Signed in" : "Signing in..."}
            flex={{ base: "1", sm: "initial" }}
          >
            Sign In
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
