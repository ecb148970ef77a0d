import { Alert, Box, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { Redirect } from "wouter";
import type { RegistrationPageQuery as RegistrationPageQueryType } from "../../__generated__/RegistrationPageQuery.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { CustomerTopBar } from "../../components/customer/CustomerHeader.tsx";
import { EmailConfirmationNotice } from "../../components/customer/EmailConfirmationNotice.tsx";
import { HowItWorksBox } from "../../components/customer/HowItWorksBox.tsx";
import { useProgrammeContact } from "../../components/customer/ProgrammeContact.tsx";
import { RegistrationForm } from "../../components/customer/RegistrationForm.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";

/** Preloaded by RegistrationRoute (routes/AppRoutes.tsx). */
export const RegistrationPageQuery = graphql`
  query RegistrationPageQuery {
    programme {
      creditRatePercent
      ...HowItWorksBox_programme
      ...ProgrammeContact_programme
    }
    viewer {
      id
      ...EmailConfirmationNotice_user
      customer {
        id
        status
        rejectionReason
        postcode
        contractNumber
        originalPurchaseAmount {
          pounds
        }
      }
    }
  }
`;

/**
 * /registration (Complete Registration). A customer whose registration was rejected sees the
 * reason here with their earlier details to correct; one already registered goes to /home.
 */
export function RegistrationPage({ queryRef }: { queryRef: PreloadedQuery<RegistrationPageQueryType> }) {
  const { programme, viewer } = usePreloadedQuery<RegistrationPageQueryType>(RegistrationPageQuery, queryRef);
  const contact = useProgrammeContact(programme);
  const customer = viewer?.customer ?? null;
  // Decided on entry: a successful submission updates the profile here, and then goes to / itself.
  const [alreadyRegistered] = useState(() => customer !== null && customer.status !== "REJECTED");
  const [rejected] = useState(() => (customer?.status === "REJECTED" ? customer : null));
  if (alreadyRegistered) return <Redirect to="/home" replace />;

  return (
    <Box minHeight="100dvh">
      <CustomerTopBar>
        <SignOutButton size="sm" variant="ghost" minHeight="11" />
      </CustomerTopBar>
      <PageContainer as="main" py="6">
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Complete Registration
            </Heading>
            <Text color="fg.muted">
              Tell us about your original purchase. Once our team has verified it, you can start referring friends and
              earning credits.
            </Text>
          </Stack>
          <EmailConfirmationNotice user={viewer ?? null} />
          {rejected ? (
            <Alert.Root status="warning" borderRadius="xl">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Your registration was not approved</Alert.Title>
                <Alert.Description>
                  <Text as="span" display="block" data-testid="rejection-reason">
                    {rejected.rejectionReason ?? "No reason was given."}
                  </Text>
                  <Text as="span" display="block" mt="1">
                    Please correct your details below and submit them again.
                  </Text>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Card.Root>
            <Card.Body p={{ base: "5", sm: "6" }}>
              <RegistrationForm
                creditRate={programme.creditRatePercent}
                contact={contact}
                initialValues={
                  rejected
                    ? {
                        originalPurchaseAmount: rejected.originalPurchaseAmount.pounds,
                        postcode: rejected.postcode,
                        contractNumber: rejected.contractNumber,
                      }
                    : undefined
                }
              />
            </Card.Body>
          </Card.Root>
          <HowItWorksBox programme={programme} />
        </Stack>
      </PageContainer>
    </Box>
  );
}
