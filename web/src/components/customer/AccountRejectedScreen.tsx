import { Alert, Badge, Box, Button, Card, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { FilePen, TriangleAlert } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { AccountRejectedScreen_customer$key } from "../../__generated__/AccountRejectedScreen_customer.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { PageContainer } from "../PageContainer.tsx";
import { CustomerTopBar } from "./CustomerHeader.tsx";
import { RegistrationDetails } from "./RegistrationDetails.tsx";

/** A registration the team turned down: the reason, and the way to correct and resubmit it. */
export function AccountRejectedScreen({ customer }: { customer: AccountRejectedScreen_customer$key }) {
  const data = useFragment(
    graphql`
      fragment AccountRejectedScreen_customer on Customer {
        rejectionReason
        postcode
        contractNumber
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
                <Icon as={TriangleAlert} boxSize="8" aria-hidden="true" />
              </Box>
              <Badge colorPalette="amber" variant="subtle" size="lg" borderRadius="full">
                Action Needed
              </Badge>
              <Heading as="h1" size="2xl">
                Registration Not Approved
              </Heading>
              <Text color="fg.muted">
                Our team could not approve your registration as it stands. Please check the reason below, correct your
                details and submit them again.
              </Text>
            </Stack>
            <Alert.Root status="warning" borderRadius="xl">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Reason</Alert.Title>
                <Alert.Description data-testid="rejection-reason">
                  {data.rejectionReason ?? "No reason was given."}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Stack gap="2" as="section" aria-labelledby="rejected-details-heading">
              <Heading as="h2" size="md" id="rejected-details-heading">
                What you submitted
              </Heading>
              <RegistrationDetails
                purchasePence={data.originalPurchaseAmount.pence}
                postcode={data.postcode}
                contractNumber={data.contractNumber}
              />
            </Stack>
            <Stack gap="3">
              <Button asChild size="lg">
                <RouterLink href="/registration">
                  <FilePen aria-hidden="true" />
                  Correct My Details
                </RouterLink>
              </Button>
              <SignOutButton size="lg" width="full" />
            </Stack>
          </Card.Body>
        </Card.Root>
      </PageContainer>
    </Box>
  );
}
