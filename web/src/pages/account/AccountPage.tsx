import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { AccountPageQuery as AccountPageQueryType } from "../../__generated__/AccountPageQuery.graphql.ts";
import { CustomerHeader } from "../../components/customer/CustomerHeader.tsx";
import { YourDataCard } from "../../components/customer/YourDataCard.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { PageSkeleton } from "../../components/PageSkeleton.tsx";
import { EmailSection } from "./EmailSection.tsx";
import { NameSection } from "./NameSection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";

// Admin code: its chunk loads only for administrators.
const SecondFactorSection = lazy(() =>
  import("./SecondFactorSection.tsx").then((module) => ({ default: module.SecondFactorSection })),
);

const accountQuery = graphql`
  query AccountPageQuery {
    viewer {
      username
      isAdmin
      mustEnrolSecondFactor
      ...CustomerHeader_viewer
      ...NameSection_viewer
      ...EmailSection_viewer
    }
  }
`;

/**
 * /account: the signed-in user's settings (name, password, email); customers also their data
 * (download, deletion); administrators their second factor.
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
                <RouterLink href={viewer.isAdmin ? "/admin" : "/home?tab=profile"}>
                  <ArrowLeft aria-hidden="true" />
                  {viewer.isAdmin ? "Back to Admin" : "Back to Profile"}
                </RouterLink>
              </Button>
            )}
            <Heading as="h1" size="2xl">
              Account settings
            </Heading>
            <Text color="fg.muted">Signed in as {viewer.username}</Text>
          </Stack>
          {viewer.isAdmin ? (
            <Suspense fallback={<PageSkeleton />}>
              <SecondFactorSection />
            </Suspense>
          ) : null}
          <NameSection viewer={viewer} />
          <PasswordSection />
          <EmailSection viewer={viewer} />
          {/* GDPR rows (docs/rules/privacy.md): the same card as the Profile tab's. Administrators' accounts cannot be deleted. */}
          {viewer.isAdmin ? null : <YourDataCard />}
        </Stack>
      </PageContainer>
    </Stack>
  );
}
