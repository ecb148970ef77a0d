import { Button, Field, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { graphql } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { CreateAccountFormMutation } from "../__generated__/CreateAccountFormMutation.graphql.ts";
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

  const change = (field: FieldName) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

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
          <Field.Root invalid={Boolean(errors.firstName)}>
            <Field.Label>First Name</Field.Label>
            <Input
              name="firstName"
              autoComplete="given-name"
              size="lg"
              value={values.firstName}
              onChange={change("firstName")}
            />
            <Field.ErrorText>{errors.firstName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.lastName)}>
            <Field.Label>Last Name</Field.Label>
            <Input
              name="lastName"
              autoComplete="family-name"
              size="lg"
              value={values.lastName}
              onChange={change("lastName")}
            />
            <Field.ErrorText>{errors.lastName}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(errors.username)} required>
          <Field.Label>
            Username <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="lg"
            value={values.username}
            onChange={change("username")}
          />
          <Field.ErrorText>{errors.username}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            size="lg"
            value={values.email}
            onChange={change("email")}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            size="lg"
            value={values.password}
            onChange={change("password")}
          />
          {errors.password ? (
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          ) : (
            <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
          )}
        </Field.Root>
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
