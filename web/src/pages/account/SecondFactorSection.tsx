import { Alert, Box, Button, Code, HStack, Image, List, Stack, Text } from "@chakra-ui/react";
import { Shield } from "lucide-react";
import { type FormEvent, useState } from "react";
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment } from "react-relay/hooks";
import type { SecondFactorSectionConfirmMutation } from "../../__generated__/SecondFactorSectionConfirmMutation.graphql.ts";
import type { SecondFactorSectionDisableMutation } from "../../__generated__/SecondFactorSectionDisableMutation.graphql.ts";
import type { SecondFactorSectionQuery as SecondFactorSectionQueryType } from "../../__generated__/SecondFactorSectionQuery.graphql.ts";
import type { SecondFactorSectionStartMutation } from "../../__generated__/SecondFactorSectionStartMutation.graphql.ts";
import { TextField } from "../../components/TextField.tsx";
import { TEXT_FIELDS, typedTextProblem } from "../../lib/textFields.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { SettingsRow } from "./SettingsRow.tsx";

const secondFactorQuery = graphql`
  query SecondFactorSectionQuery {
    viewer {
      ...viewerSession_user
    }
    secondFactor {
      enabled
      enabledAt
      recoveryCodesLeft
      required
      mustEnrol
    }
  }
`;

const startMutation = graphql`
  mutation SecondFactorSectionStartMutation($input: StartSecondFactorEnrolmentInput!) {
    startSecondFactorEnrolment(input: $input) {
      __typename
      ... on MutationStartSecondFactorEnrolmentSuccess {
        data {
          secret
          qrCodeDataUrl
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

const confirmMutation = graphql`
  mutation SecondFactorSectionConfirmMutation($input: SecondFactorCodeInput!) {
    confirmSecondFactorEnrolment(input: $input) {
      __typename
      ... on MutationConfirmSecondFactorEnrolmentSuccess {
        data {
          recoveryCodes
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

const disableMutation = graphql`
  mutation SecondFactorSectionDisableMutation($input: SecondFactorCodeInput!) {
    disableSecondFactor(input: $input) {
      __typename
      ... on ValidationError {
        field
      }
      ... on Error {
        message
      }
    }
  }
`;

/** The scan step keeps the password typed to start, since confirming asks the server for it again. */
type Step =
  | { name: "idle" }
  | { name: "scan"; secret: string; qrCodeDataUrl: string; currentPassword: string }
  | { name: "codes"; recoveryCodes: readonly string[] };

/** An administrator's two-step verification (TOTP with recovery codes), on /account; admin code, loaded only for them. */
export function SecondFactorSection() {
  const data = useLazyLoadQuery<SecondFactorSectionQueryType>(
    secondFactorQuery,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const environment = useRelayEnvironment();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const status = data.secondFactor;
  // The session's viewer (mustEnrolSecondFactor) and this section's status follow the change.
  const refresh = () =>
    fetchQuery<SecondFactorSectionQueryType>(
      environment,
      secondFactorQuery,
      {},
      { fetchPolicy: "network-only" },
    ).subscribe({});

  return (
    <SettingsRow
      id="second-factor"
      icon={Shield}
      title="Two-step verification"
      summary={status.enabled ? "On" : status.mustEnrol ? "Off: required before anything else" : "Off"}
      description="A code from an authenticator app on your phone after your password."
      defaultOpen={status.mustEnrol}
    >
      <Stack gap="5">
        {status.mustEnrol && step.name !== "codes" ? (
          <Alert.Root status="warning" borderRadius="xl" data-testid="must-enrol">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Set up two-step verification to continue</Alert.Title>
              <Alert.Description>
                This programme requires every administrator to sign in with a code from an authenticator app.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {step.name === "codes" ? (
          <RecoveryCodes codes={step.recoveryCodes} onDone={() => setStep({ name: "idle" })} />
        ) : status.enabled ? (
          <EnabledFactor recoveryCodesLeft={status.recoveryCodesLeft} onDisabled={refresh} />
        ) : step.name === "scan" ? (
          <ScanAndConfirm
            secret={step.secret}
            qrCodeDataUrl={step.qrCodeDataUrl}
            currentPassword={step.currentPassword}
            onCancel={() => setStep({ name: "idle" })}
            onConfirmed={(recoveryCodes) => {
              setStep({ name: "codes", recoveryCodes });
              refresh();
            }}
          />
        ) : (
          <StartEnrolment
            onStarted={(secret, qrCodeDataUrl, currentPassword) =>
              setStep({ name: "scan", secret, qrCodeDataUrl, currentPassword })
            }
          />
        )}
      </Stack>
    </SettingsRow>
  );
}

/** The current password, asked again before any change to the factor (as the password and email forms do). */
function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label="Current password"
      error={error}
      required
      maxWidth="280px"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      value={value}
      onValueChange={onChange}
    />
  );
}

function StartEnrolment({
  onStarted,
}: {
  onStarted: (secret: string, qrCodeDataUrl: string, currentPassword: string) => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<SecondFactorSectionStartMutation>(startMutation);
  const [currentPassword, setCurrentPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    if (!currentPassword) {
      setError("Enter your current password");
      return;
    }
    setError(null);
    commit({
      variables: { input: { currentPassword } },
      failed: "Could not start the set-up",
      onSuccess: (result) => {
        onStarted(result.data.secret, result.data.qrCodeDataUrl, currentPassword);
      },
      onFailure: ({ message }) => {
        setError(message);
      },
    });
  }
  return (
    <Stack gap="4" align="flex-start">
      <Text>
        Two-step verification is <strong>off</strong>. Once it is on, signing in asks for a 6-digit code from an
        authenticator app on your phone (or one of your recovery codes) after your password.
      </Text>
      <form onSubmit={start} noValidate aria-label="Set up two-step verification">
        <Stack gap="3" align="flex-start">
          <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} error={error} />
          <Button type="submit" loading={isInFlight} loadingText="Preparing...">
            Set up two-step verification
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function ScanAndConfirm({
  secret,
  qrCodeDataUrl,
  currentPassword,
  onCancel,
  onConfirmed,
}: {
  secret: string;
  qrCodeDataUrl: string;
  currentPassword: string;
  onCancel: () => void;
  onConfirmed: (codes: readonly string[]) => void;
}) {
  const [commit, isInFlight] = useMutationWithNotice<SecondFactorSectionConfirmMutation>(confirmMutation);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setError("Enter the 6-digit code your app shows");
      return;
    }
    setError(null);
    commit({
      variables: { input: { code: code.replace(/\s/g, ""), currentPassword } },
      failed: "Code not accepted",
      onSuccess: (result) => {
        notifySuccess("Two-step verification is on", "Save your recovery codes now: they are shown only once.");
        onConfirmed(result.data.recoveryCodes);
      },
      onFailure: ({ message }) => {
        setError(message);
      },
    });
  }
  return (
    <Stack gap="4">
      <Text>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).
      </Text>
      <Box bg="white" p="2" borderRadius="lg" width="fit-content" borderWidth="1px">
        <Image
          src={qrCodeDataUrl}
          alt="QR code to add this account to your authenticator app"
          width="200px"
          height="200px"
        />
      </Box>
      <Text>
        Or type this key into the app:{" "}
        <Code data-testid="totp-secret" fontSize="md" wordBreak="break-all">
          {secret}
        </Code>
      </Text>
      <form onSubmit={submit} noValidate aria-label="Confirm two-step verification">
        <Stack gap="3" align="flex-start">
          <TextField
            label="2. Enter the 6-digit code the app shows"
            error={error}
            required
            maxWidth="280px"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onValueChange={setCode}
          />
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={isInFlight} loadingText="Checking...">
              Turn on two-step verification
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={isInFlight}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="4" align="flex-start">
      <Alert.Root status="success" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Two-step verification is on</Alert.Title>
          <Alert.Description>
            Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will not
            be shown again.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <List.Root as="ol" data-testid="recovery-codes" fontFamily="mono" fontSize="md" gap="1" ps="6">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </Stack>
  );
}

function EnabledFactor({ recoveryCodesLeft, onDisabled }: { recoveryCodesLeft: number; onDisabled: () => void }) {
  const [commit, isInFlight] = useMutationWithNotice<SecondFactorSectionDisableMutation>(disableMutation);
  const [code, setCode] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<{ code?: string; currentPassword?: string }>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: { code?: string; currentPassword?: string } = {};
    const problem = code.trim()
      ? typedTextProblem(TEXT_FIELDS.secondFactorCode, code)
      : "Enter a code from your app or a recovery code";
    if (problem) found.code = problem;
    if (!currentPassword) found.currentPassword = "Enter your current password";
    setErrors(found);
    if (found.code || found.currentPassword) return;
    commit({
      variables: { input: { code: code.trim(), currentPassword } },
      failed: "Could not turn it off",
      onSuccess: () => {
        notifySuccess("Two-step verification is off", "Signing in now needs only your password.");
        setCode("");
        setCurrentPassword("");
        onDisabled();
      },
      onFailure: ({ message, field }) => {
        setErrors(field === "currentPassword" ? { currentPassword: message } : { code: message });
      },
    });
  }
  return (
    <Stack gap="4">
      <Text data-testid="second-factor-on">
        Two-step verification is <strong>on</strong>. You have {recoveryCodesLeft} unused recovery code
        {recoveryCodesLeft === 1 ? "" : "s"}.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Turn off two-step verification">
        <Stack gap="3" align="flex-start">
          <CurrentPasswordField
            value={currentPassword}
            onChange={setCurrentPassword}
            error={errors.currentPassword ?? null}
          />
          <TextField
            label="Code from your app, or a recovery code"
            error={errors.code}
            required
            maxWidth="280px"
            name="code"
            autoComplete="one-time-code"
            value={code}
            onValueChange={setCode}
          />
          <Button type="submit" variant="outline" colorPalette="red" loading={isInFlight} loadingText="Turning off...">
            Turn off two-step verification
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
