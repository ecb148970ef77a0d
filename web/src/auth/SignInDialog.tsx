import { Button, CloseButton, Dialog, Link, Portal, Stack, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { SignInDialog_programme$key } from "../__generated__/SignInDialog_programme.graphql.ts";
import { DemoAccountsHint } from "./DemoAccountsHint.tsx";
import { SignInForm } from "./SignInForm.tsx";

interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  programme: SignInDialog_programme$key;
}

/** The landing page's Sign In modal. */
export function SignInDialog({ open, onOpenChange, programme }: SignInDialogProps) {
  const data = useFragment(
    graphql`
      fragment SignInDialog_programme on Programme {
        ...DemoAccountsHint_programme
      }
    `,
    programme,
  );
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Sign In</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Stack gap="5">
                <Dialog.Description>Sign in to see your progress, referrals and rewards.</Dialog.Description>
                <SignInForm
                  autoFocus
                  secondaryAction={
                    <Dialog.ActionTrigger asChild>
                      <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
                        Cancel
                      </Button>
                    </Dialog.ActionTrigger>
                  }
                />
                <Text textStyle="sm" textAlign="center">
                  Don't have an account?{" "}
                  <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
                    <RouterLink href="/auth?tab=create-account">Create one here</RouterLink>
                  </Link>
                </Text>
                <DemoAccountsHint programme={data} />
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
