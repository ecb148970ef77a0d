import { Button, Field, SimpleGrid, Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { CreateAccountFormMutation } from "../__generated__/CreateAccountFormMutation.graphql.ts";
import { TextField } from "../components/TextField.tsx";
import { notifySuccess } from "../notifications/notify.ts";
import { useMutationWithNotice } from "../relay/useMutationWithNotice.ts";
import { setSessionViewer } from "../session/viewerSession.ts";
import { SIGNED_IN_REDIRECT_DELAY_MS } from "./SignInForm.tsx";
import {
  PASSWORD_MIN_LENGTH,
  validateEmail,
  validateNewPassword,
  validatePersonName,
  validateUsername,
} from "./validation.ts";

const registerMutation = graphql`
  mutation CreateAccountFormMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on MutationRegisterSuccess {
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

const FIELDS = ["firstName", "lastName", "username", "email", "password"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

export function CreateAccountForm() {
  const [, navigate] = useLocation();
  const [commit, isInFlight] = useMutationWithNotice<CreateAccountFormMutation>(registerMutation);
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", username: "", email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [created, setCreated] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const change = (field: FieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight || created) return;
    const found: Partial<Values> = {};
    const firstNameProblem = validatePersonName("firstName", values.firstName);
    if (firstNameProblem) found.firstName = firstNameProblem;
    const lastNameProblem = validatePersonName("lastName", values.lastName);
    if (lastNameProblem) found.lastName = lastNameProblem;
    const usernameProblem = validateUsername(values.username);
    if (usernameProblem) found.username = usernameProblem;
    const emailProblem = validateEmail(values.email);
    if (emailProblem) found.email = emailProblem;
    const passwordProblem = validateNewPassword(values.password);
    if (passwordProblem) found.password = passwordProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    commit({
      variables: {
        input: {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim() || null,
          lastName: values.lastName.trim() || null,
        },
      },
      updater: (store, data) => {
        if (data?.register.__typename !== "MutationRegisterSuccess") return;
        setSessionViewer(store, store.getRootField("register").getLinkedRecord("data"));
      },
      failed: "Registration failed",
      onSuccess: () => {
        setCreated(true);
        notifySuccess("Account created!", "Welcome to the HNG Referral Scheme.");
        redirectTimer.current = setTimeout(() => navigate("/home"), SIGNED_IN_REDIRECT_DELAY_MS);
      },
      onFailure: (failure) => {
        const field = FIELDS.find((name) => name === failure.field);
        if (field) setErrors({ [field]: failure.message });
      },
    });
  }

  const busy = isInFlight || created;
  return (
    <form onSubmit={submit} noValidate aria-label="Create account">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label="First Name"
            error={errors.firstName}
            name="firstName"
            autoComplete="given-name"
            size="lg"
            value={values.firstName}
            onValueChange={change("firstName")}
          />
          <TextField
            label="Last Name"
            error={errors.lastName}
            name="lastName"
            autoComplete="family-name"
            size="lg"
            value={values.lastName}
            onValueChange={change("lastName")}
          />
        </SimpleGrid>
        <TextField
          label={
            <>
              Username <Field.RequiredIndicator />
            </>
          }
          error={errors.username}
          required
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="lg"
          value={values.username}
          onValueChange={change("username")}
        />
        <TextField
          label={
            <>
              Email <Field.RequiredIndicator />
            </>
          }
          error={errors.email}
          required
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          size="lg"
          value={values.email}
          onValueChange={change("email")}
        />
        <TextField
          label={
            <>
              Password <Field.RequiredIndicator />
            </>
          }
          error={errors.password}
          helper={<>At least {PASSWORD_MIN_LENGTH} characters.</>}
          required
          name="password"
          type="password"
          autoComplete="new-password"
          size="lg"
          value={values.password}
          onValueChange={change("password")}
        />
        <Button
          type="submit"
          size="lg"
          loading={busy}
          loadingText={created ? "Account created" : "Creating account..."}
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
