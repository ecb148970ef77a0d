import { Alert, Badge, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { EmailSection_viewer$key } from "../../__generated__/EmailSection_viewer.graphql.ts";
import type { EmailSectionMutation } from "../../__generated__/EmailSectionMutation.graphql.ts";
import { validateEmail } from "../../auth/validation.ts";
import { TextField } from "../../components/TextField.tsx";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { SettingsRow } from "./SettingsRow.tsx";

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

/** The Email row: the current address; its sheet changes it, confirmed by a link sent to the new one. */
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
  return (
    <SettingsRow
      id="email"
      icon={Mail}
      title="Email"
      summary={
        <HStack as="span" gap="2" wrap="wrap">
          <span data-testid="current-email">{data.email}</span>{" "}
          {data.emailConfirmed ? null : (
            <Badge colorPalette="amber" variant="subtle" borderRadius="full">
              Not confirmed yet
            </Badge>
          )}
        </HStack>
      }
      description="We send a link to the new address; your account uses it once you open the link."
    >
      <EmailForm current={data.email} />
    </SettingsRow>
  );
}

/** The new address and the current password; once sent, the sheet says where to look. */
function EmailForm({ current }: { current: string }) {
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
    <Stack gap="4">
      <Text textStyle="sm">
        Current address: <strong>{current}</strong>
      </Text>
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
        <Stack gap="4">
          <TextField
            label="New email address"
            error={errors.newEmail}
            required
            name="newEmail"
            type="email"
            autoComplete="email"
            value={values.newEmail}
            onValueChange={(value) => setValues({ ...values, newEmail: value })}
          />
          <TextField
            label="Current password"
            error={errors.currentPassword}
            required
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onValueChange={(value) => setValues({ ...values, currentPassword: value })}
          />
          <Button type="submit" size="lg" width="full" loading={isInFlight} loadingText="Sending...">
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
