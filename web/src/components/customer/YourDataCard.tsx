import {
  Button,
  Card,
  CloseButton,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  List,
  Portal,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Download, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay/hooks";
import { useLocation } from "wouter";
import type { YourDataCardDeleteMutation } from "../../__generated__/YourDataCardDeleteMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { failureOf, isSuccess } from "../../relay/mutationOutcome.ts";
import { setSessionViewer } from "../../session/viewerSession.ts";

/** GET /api/me/data answers with the JSON file as an attachment: a plain link downloads it. */
export const MY_DATA_URL = "/api/me/data";

/** "Your data, your choice": download everything we hold (a JSON file), or delete the account. */
export function YourDataCard() {
  return (
    <Card.Root>
      <Card.Body p="5" gap="3">
        <Heading as="h2" size="md">
          Your data
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {YOUR_DATA_DESCRIPTION}
        </Text>
        <YourDataActions />
      </Card.Body>
    </Card.Root>
  );
}

export const YOUR_DATA_DESCRIPTION =
  "Download everything we hold about you and your referrals, or delete your account.";

/** Download my data (a plain link) and Delete my account (a dialog): the Profile tab's card and the account page's sheet. */
export function YourDataActions() {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="3">
      <Button asChild variant="outline" size="lg" width="full">
        <a href={MY_DATA_URL} download>
          <Download aria-hidden="true" />
          Download my data
        </a>
      </Button>
      <Button variant="outline" colorPalette="red" size="lg" width="full" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </Stack>
  );
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [commit, isInFlight] = useMutation<YourDataCardDeleteMutation>(graphql`
    mutation YourDataCardDeleteMutation($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input) {
        __typename
        ... on MutationDeleteMyAccountSuccess {
          data {
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setPassword("");
      setError(null);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    if (password === "") {
      setError("Please enter your password.");
      return;
    }
    commit({
      variables: { input: { password } },
      updater: (store, data) => {
        if (!data || !isSuccess(data.deleteMyAccount)) return;
        setSessionViewer(store, null);
        // Nothing of this account may stay on the device.
        store.invalidateStore();
      },
      onCompleted: ({ deleteMyAccount: result }) => {
        if (!isSuccess(result)) {
          setError(failureOf(result).message);
          return;
        }
        notifySuccess("Account deleted", result.data?.message ?? "Your account has been deleted.");
        navigate("/auth");
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => close(details.open)}
      role="alertdialog"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Delete my account">
              <Dialog.Header>
                <Dialog.Title>Delete my account</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="4">
                <Stack gap="2" textStyle="sm">
                  <Text fontWeight="semibold">What we erase, at once and for good:</Text>
                  <List.Root ps="5">
                    <List.Item>your name, username, email address, postcode and contract number;</List.Item>
                    <List.Item>
                      your referrals' names, phones, emails and addresses (pending ones are withdrawn);
                    </List.Item>
                    <List.Item>the text of the emails we sent you.</List.Item>
                  </List.Root>
                  <Text fontWeight="semibold">What we keep, with no name attached:</Text>
                  <Text>
                    the amounts of your credits, your friends' purchases and the payments made to you, because the law
                    requires us to keep financial records.
                  </Text>
                  <Text>
                    You will be signed out everywhere and cannot sign in again. If a milestone payment is ready for you,
                    ask us to pay it first. You may want to download your data before you go.
                  </Text>
                </Stack>
                <Field.Root invalid={error !== null} required>
                  <Field.Label>
                    Your password <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    size="lg"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setError(null);
                    }}
                  />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" width="full" justify="flex-end" flexWrap="wrap-reverse">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Keep my account</Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" colorPalette="red" loading={isInFlight} loadingText="Deleting...">
                    Delete my account for good
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
