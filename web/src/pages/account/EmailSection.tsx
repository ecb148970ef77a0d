import { Alert, Badge, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { EmailSection_viewer$key } from "../../__generated__/EmailSection_viewer.graphql.ts";
import type { EmailSectionMutation } from "../../__generated__/EmailSectionMutation.graphql.ts";
import { validateEmail } from "../../auth/validation.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { SettingsCard } from "./SettingsCard.tsx";

const requestEmailChangeMutation = graphql`
  mutation EmailSectionMutation($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      __typename
      ... on MutationRequestEmailChangeSuccess {
        data {
          message
        }
      }
      ... on ValidationError {
        field
      }
      ... on Error {
        message
      }
    }
  }
`;

type Values = { newEmail: string; currentPassword: string };
const EMPTY: Values = { newEmail: "", currentPassword: "" };

/** The current address, and a change confirmed by a link sent to the new one. */
export function EmailSection({ viewer }: { viewer: EmailSection_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment EmailSection_viewer on User {
        email
        emailConfirmed
      }
    `,
    viewer,
  );
  const [commit, isInFlight] = useMutationWithNotice<EmailSectionMutation>(requestEmailChangeMutation);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: Partial<Values> = {};
    const emailProblem = validateEmail(values.newEmail);
    if (emailProblem) found.newEmail = emailProblem;
    if (!values.currentPassword) found.currentPassword = "Enter your current password";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    commit({
      variables: { input: { newEmail: values.newEmail.trim(), currentPassword: values.currentPassword } },
      failed: "Email address not changed",
      onSuccess: (result) => {
        setSent(result.data.message);
        setValues(EMPTY);
      },
      onFailure: ({ message, field }) => {
        setErrors(field === "currentPassword" ? { currentPassword: message } : { newEmail: message });
      },
    });
  }

  return (
    <SettingsCard
      id="email-heading"
      icon={Mail}
      title="Email address"
      description="We send a link to the new address; your account uses it once you open the link."
    >
      <HStack gap="2" wrap="wrap">
        <Text>
          Current address: <strong data-testid="current-email">{data.email}</strong>
        </Text>
        {data.emailConfirmed ? null : (
          <Badge colorPalette="amber" variant="subtle" borderRadius="full">
            Not confirmed yet
          </Badge>
        )}
      </HStack>
      {sent ? (
        <Alert.Root status="info" borderRadius="xl" data-testid="email-change-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check your new inbox</Alert.Title>
            <Alert.Description>{sent}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Change email address">
        <Stack gap="4" maxWidth="420px">
          <Field.Root invalid={Boolean(errors.newEmail)} required>
            <Field.Label>New email address</Field.Label>
            <Input
              name="newEmail"
              type="email"
              autoComplete="email"
              value={values.newEmail}
              onChange={(event) => setValues({ ...values, newEmail: event.target.value })}
            />
            <Field.ErrorText>{errors.newEmail}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.currentPassword)} required>
            <Field.Label>Current password</Field.Label>
            <Input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(event) => setValues({ ...values, currentPassword: event.target.value })}
            />
            <Field.ErrorText>{errors.currentPassword}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" alignSelf="flex-start" loading={isInFlight} loadingText="Sending...">
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </SettingsCard>
  );
}
