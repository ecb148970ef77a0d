import { Box, Button, Card, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useSearchParams } from "wouter";
import { CreateAccountForm } from "../../auth/CreateAccountForm.tsx";
import { ResetPasswordDialog } from "../../auth/ResetPasswordDialog.tsx";
import { SignInForm } from "../../auth/SignInForm.tsx";
import { BrandMark } from "../../components/BrandMark.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { useHydrated } from "../../lib/useHydrated.ts";

const TABS = { signIn: "sign-in", createAccount: "create-account" } as const;
type Tab = (typeof TABS)[keyof typeof TABS];

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get("tab") === TABS.createAccount ? TABS.createAccount : TABS.signIn;
  const [resetOpen, setResetOpen] = useState(false);
  // Prerendered: a click before React attached its handlers would be lost, so these wait for it.
  const ready = useHydrated();

  return (
    <Box minHeight="100dvh" py={{ base: "6", md: "12" }}>
      <PageContainer>
        <Stack gap="6">
          <Box alignSelf="center">
            <BrandMark />
          </Box>
          <Card.Root as="main">
            <Card.Body gap="5">
              <Stack gap="1" textAlign="center">
                <Heading as="h1" size="2xl">
                  {tab === TABS.signIn ? "Welcome back" : "Join the scheme"}
                </Heading>
                <Text color="fg.muted">
                  {tab === TABS.signIn
                    ? "Sign in to see your progress, referrals and rewards."
                    : "Create an account to start earning credits for every referral."}
                </Text>
              </Stack>
              <Tabs.Root
                value={tab}
                onValueChange={(details) =>
                  setSearchParams(details.value === TABS.signIn ? {} : { tab: details.value }, { replace: true })
                }
                variant="enclosed"
                fitted
              >
                <Tabs.List>
                  <Tabs.Trigger value={TABS.signIn}>Sign In</Tabs.Trigger>
                  <Tabs.Trigger value={TABS.createAccount} disabled={!ready}>
                    Create Account
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value={TABS.signIn} pt="5">
                  <Stack gap="3">
                    <SignInForm />
                    <Button
                      variant="plain"
                      alignSelf="center"
                      color="brand.fg"
                      textDecoration="underline"
                      disabled={!ready}
                      onClick={() => setResetOpen(true)}
                    >
                      Forgot your password?
                    </Button>
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value={TABS.createAccount} pt="5">
                  <CreateAccountForm />
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </PageContainer>
      <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} />
    </Box>
  );
}
