import { Badge, Box, Card, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { Clock } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import type { AccountPendingScreen_customer$key } from "../../__generated__/AccountPendingScreen_customer.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { PageContainer } from "../PageContainer.tsx";
import { CustomerTopBar } from "./CustomerHeader.tsx";
import { RegistrationDetails } from "./RegistrationDetails.tsx";

/** What an unverified customer sees instead of the dashboard. */
export function AccountPendingScreen({ customer }: { customer: AccountPendingScreen_customer$key }) {
  const data = useFragment(
    graphql`
      fragment AccountPendingScreen_customer on Customer {
        postcode
        contractNumber
        createdAt
        originalPurchaseAmount {
          pence
        }
      }
    `,
    customer,
  );
  return (
    <Box minHeight="100dvh">
      <CustomerTopBar>
        <SignOutButton size="sm" variant="ghost" minHeight="11" />
      </CustomerTopBar>
      <PageContainer as="main" py="6">
        <Card.Root>
          <Card.Body p="6" gap="5">
            <Stack align="center" textAlign="center" gap="3">
              <Box
                boxSize="16"
                borderRadius="full"
                bg="amber.muted"
                color="amber.fg"
                display="grid"
                placeItems="center"
              >
                <Icon as={Clock} boxSize="8" aria-hidden="true" />
              </Box>
              <Badge colorPalette="amber" variant="subtle" size="lg" borderRadius="full">
                Account Pending
              </Badge>
              <Heading as="h1" size="2xl">
                Account Under Review
              </Heading>
              <Text color="fg.muted">
                Thank you for registering. Our team is checking your details, which typically takes 1-2 business days.
                We will email you as soon as your account is approved, and you can then start referring friends.
              </Text>
            </Stack>
            <Stack gap="2" as="section" aria-labelledby="pending-details-heading">
              <Heading as="h2" size="md" id="pending-details-heading">
                Your registration details
              </Heading>
              <RegistrationDetails
                purchasePence={data.originalPurchaseAmount.pence}
                postcode={data.postcode}
                contractNumber={data.contractNumber}
                submittedAt={data.createdAt}
              />
            </Stack>
            <SignOutButton size="lg" width="full" />
          </Card.Body>
        </Card.Root>
      </PageContainer>
    </Box>
  );
}
