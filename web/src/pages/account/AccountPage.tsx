import { Button, Card, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Database } from "lucide-react";
import { lazy, Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { AccountPageQuery as AccountPageQueryType } from "../../__generated__/AccountPageQuery.graphql.ts";
import { CustomerHeader } from "../../components/customer/CustomerHeader.tsx";
import { YOUR_DATA_DESCRIPTION, YourDataActions } from "../../components/customer/YourDataCard.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { EmailSection } from "./EmailSection.tsx";
import { NameSection } from "./NameSection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";
import { SettingsRow } from "./SettingsRow.tsx";

// Administrators' and staff code: its chunk loads only for them.
const SecondFactorSection = lazy(() =>
  import("./SecondFactorSection.tsx").then((module) => ({ default: module.SecondFactorSection })),
);

/** Where the back link goes, by role. */
const BACK = {
  ADMIN: { href: "/admin", label: "Back to Admin" },
  STAFF: { href: "/staff", label: "Back to Staff" },
  CUSTOMER: { href: "/home?tab=profile", label: "Back to Profile" },
  "%future added value": { href: "/home", label: "Back to Home" },
} as const;

const accountQuery = graphql`
  query AccountPageQuery {
    viewer {
      username
      role
      mustEnrolSecondFactor
      ...CustomerHeader_viewer
      ...NameSection_viewer
      ...EmailSection_viewer
    }
  }
`;

/**
 * /account: the signed-in user's settings as short rows (name, email, password; administrators and staff their
 * second factor; customers their data), each opening a sheet with its one form
 * (docs/rules/web-app.md, "Look and accessibility").
 */
export function AccountPage() {
  const data = useLazyLoadQuery<AccountPageQueryType>(accountQuery, {}, { fetchPolicy: "store-and-network" });
  const viewer = data.viewer;
  if (!viewer) return null;
  return (
    <Stack minHeight="100dvh" pb="10" gap="0">
      <CustomerHeader viewer={viewer} />
      <PageContainer as="main" py="5">
        <Stack gap="5" maxWidth="720px" mx="auto">
          <Stack gap="2">
            {/* An administrator who must enrol first has nowhere else to go yet. */}
            {viewer.mustEnrolSecondFactor ? null : (
              <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" minHeight="11">
                <RouterLink href={BACK[viewer.role].href}>
                  <ArrowLeft aria-hidden="true" />
                  {BACK[viewer.role].label}
                </RouterLink>
              </Button>
            )}
            <Heading as="h1" size="2xl">
              Account settings
            </Heading>
            <Text color="fg.muted">Signed in as {viewer.username}</Text>
          </Stack>
          <Card.Root as="section" aria-label="Your settings">
            <Card.Body p="2">
              <Stack as="ul" gap="1" listStyleType="none" data-testid="account-rows">
                <NameSection viewer={viewer} />
                <EmailSection viewer={viewer} />
                <PasswordSection />
                {viewer.role !== "CUSTOMER" ? (
                  <Suspense fallback={<Skeleton as="li" height="16" borderRadius="xl" />}>
                    <SecondFactorSection />
                  </Suspense>
                ) : null}
                {/* GDPR (docs/rules/privacy.md): the Profile tab's actions. Only customers have it: administrators' and staff accounts are the business's. */}
                {viewer.role !== "CUSTOMER" ? null : (
                  <SettingsRow
                    id="your-data"
                    icon={Database}
                    title="Your data"
                    summary="Download it, or delete your account"
                    description={YOUR_DATA_DESCRIPTION}
                  >
                    <YourDataActions />
                  </SettingsRow>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>
      </PageContainer>
    </Stack>
  );
}
