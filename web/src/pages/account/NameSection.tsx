import { Button, Stack } from "@chakra-ui/react";
import { UserRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { NameSection_viewer$key } from "../../__generated__/NameSection_viewer.graphql.ts";
import type { NameSectionMutation } from "../../__generated__/NameSectionMutation.graphql.ts";
import { validatePersonName } from "../../auth/validation.ts";
import { TextField } from "../../components/TextField.tsx";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";
import { SettingsRow } from "./SettingsRow.tsx";

const updateNameMutation = graphql`
  mutation NameSectionMutation($input: UpdateNameInput!) {
    updateName(input: $input) {
      __typename
      ... on MutationUpdateNameSuccess {
        data {
          id
          firstName
          lastName
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

type Names = { firstName: string; lastName: string };

/** The Name row: the name as it is now; its sheet holds the form. */
export function NameSection({ viewer }: { viewer: NameSection_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment NameSection_viewer on User {
        firstName
        lastName
      }
    `,
    viewer,
  );
  const shown = [data.firstName, data.lastName].filter(Boolean).join(" ");
  return (
    <SettingsRow
      id="name"
      icon={UserRound}
      title="Name"
      summary={shown || "Not set"}
      description="How we greet you in the app and in emails."
    >
      {(close) => (
        <NameForm initial={{ firstName: data.firstName ?? "", lastName: data.lastName ?? "" }} onSaved={close} />
      )}
    </SettingsRow>
  );
}

/** First and last name, with registration's rules; the store (header, profile, the row) follows the answer. */
function NameForm({ initial, onSaved }: { initial: Names; onSaved: () => void }) {
  const [commit, isInFlight] = useMutationWithNotice<NameSectionMutation>(updateNameMutation);
  const [values, setValues] = useState<Names>(initial);
  const [errors, setErrors] = useState<Partial<Names>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    const found: Partial<Names> = {};
    for (const field of ["firstName", "lastName"] as const) {
      const problem = validatePersonName(field, values[field]);
      if (problem) found[field] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    commit({
      variables: { input: { firstName: values.firstName, lastName: values.lastName } },
      failed: "Name not saved",
      onSuccess: () => {
        notifySuccess("Name saved");
        onSaved();
      },
      onFailure: ({ message, field }) => {
        if (field === "firstName" || field === "lastName") setErrors({ [field]: message });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Your name">
      <Stack gap="4">
        <Stack gap="4">
          <TextField
            label="First name"
            error={errors.firstName}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onValueChange={(value) => setValues({ ...values, firstName: value })}
          />
          <TextField
            label="Last name"
            error={errors.lastName}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onValueChange={(value) => setValues({ ...values, lastName: value })}
          />
        </Stack>
        <Button type="submit" size="lg" width="full" loading={isInFlight} loadingText="Saving...">
          Save name
        </Button>
      </Stack>
    </form>
  );
}
