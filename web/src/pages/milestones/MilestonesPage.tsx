import { Box, Button, Card, Center, Heading, HStack, Icon, List, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, CircleAlert, Info } from "lucide-react";
import { Component, type ReactNode, Suspense, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { Redirect, Link as RouterLink } from "wouter";
import MilestonesPageDetailsQuery, {
  type MilestonesPageDetailsQuery as MilestonesPageDetailsQueryType,
} from "../../__generated__/MilestonesPageDetailsQuery.graphql.ts";
import type { MilestonesPageQuery as MilestonesPageQueryType } from "../../__generated__/MilestonesPageQuery.graphql.ts";
import { CustomerTopBar } from "../../components/customer/CustomerHeader.tsx";
import { MilestoneJourney } from "../../components/customer/MilestoneJourney.tsx";
import { MilestoneProgress } from "../../components/customer/MilestoneProgress.tsx";
import { PaymentHistory } from "../../components/customer/PaymentHistory.tsx";
import { CustomerFooter, useProgrammeContact } from "../../components/customer/ProgrammeContact.tsx";
import { MilestonesContentSkeleton } from "../../components/customer/skeletons.tsx";
import { HydrationMark } from "../../components/HydrationMark.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";
import { useRouteQuery } from "../../relay/useRouteQuery.ts";

/**
 * Preloaded by MilestonesRoute (routes/AppRoutes.tsx): is there a verified profile? Milestones are
 * open to verified customers only, and asking for them otherwise would null the whole profile.
 */
export const MilestonesPageQuery = graphql`
  query MilestonesPageQuery {
    viewer {
      id
      customer {
        id
        status
      }
    }
  }
`;

const milestonesDetailsQuery = graphql`
  query MilestonesPageDetailsQuery {
    programme {
      ...ProgrammeContact_programme
    }
    viewer {
      customer {
        ...MilestoneProgress_customer
        ...MilestoneJourney_customer
        ...PaymentHistory_customer
      }
    }
  }
`;
export const LOAD_FAILURE_MESSAGE = "Unable to load milestone information";

/** /milestones (Milestone Rewards): progress, the three milestones as a journey, payments and how it works. */
export function MilestonesPage({ queryRef }: { queryRef: PreloadedQuery<MilestonesPageQueryType> }) {
  return (
    <Box minHeight="100dvh" pb="10">
      <CustomerTopBar>
        <Button asChild size="sm" variant="ghost" minHeight="11">
          <RouterLink href="/home">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </RouterLink>
        </Button>
      </CustomerTopBar>
      <PageContainer as="main" py="5">
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Milestone Rewards
            </Heading>
            <Text color="fg.muted">
              Your credits unlock three payments that together refund your original purchase.
            </Text>
          </Stack>
          <LoadFailureBoundary>
            <Suspense fallback={<MilestonesContentSkeleton />}>
              <MilestonesGate queryRef={queryRef} />
              <HydrationMark />
            </Suspense>
          </LoadFailureBoundary>
        </Stack>
      </PageContainer>
    </Box>
  );
}

function MilestonesGate({ queryRef }: { queryRef: PreloadedQuery<MilestonesPageQueryType> }) {
  const { viewer } = usePreloadedQuery<MilestonesPageQueryType>(MilestonesPageQuery, queryRef);
  const verified = viewer?.customer?.status === "VERIFIED";
  // Decided on entry: /home knows where anyone without a verified profile belongs.
  const [redirect] = useState(() => !verified);
  if (redirect) return <Redirect to="/home" replace />;
  return <MilestonesDetails />;
}

function MilestonesDetails() {
  const queryRef = useRouteQuery<MilestonesPageDetailsQueryType>(MilestonesPageDetailsQuery, {});
  const { viewer, programme } = usePreloadedQuery<MilestonesPageDetailsQueryType>(milestonesDetailsQuery, queryRef);
  const contact = useProgrammeContact(programme);
  const customer = viewer?.customer;
  if (!customer) return <LoadFailure />;
  return (
    <Stack gap="5">
      <MilestoneProgress customer={customer} />
      <Stack as="section" aria-labelledby="milestones-heading" gap="3">
        <Heading as="h2" size="lg" id="milestones-heading">
          Your Milestones
        </Heading>
        <MilestoneJourney customer={customer} contact={contact} />
      </Stack>
      <PaymentHistory customer={customer} />
      <HowMilestonesWork />
      <CustomerFooter programme={programme} />
    </Stack>
  );
}

function HowMilestonesWork() {
  return (
    <Box as="section" aria-labelledby="milestones-how-heading" bg="brand.subtle" borderRadius="2xl" p="5">
      <HStack gap="2" mb="3">
        <Icon as={Info} boxSize="5" color="brand.fg" aria-hidden="true" />
        <Heading as="h2" size="md" id="milestones-how-heading">
          How milestones work
        </Heading>
      </HStack>
      <List.Root gap="2" ps="5" textStyle="sm">
        <List.Item>Each verified purchase by someone you referred adds credit to your account.</List.Item>
        <List.Item>
          When your credits reach 33%, 66% and 100% of your original purchase, that milestone is ready for payment.
        </List.Item>
        <List.Item>
          Request payment of a ready milestone and our team pays it; the three payments together refund your original
          purchase in full.
        </List.Item>
        <List.Item>Paid milestones and their dates appear in your payment history.</List.Item>
      </List.Root>
    </Box>
  );
}

function LoadFailure() {
  return (
    <Card.Root role="alert">
      <Card.Body p="6">
        <Center>
          <Stack align="center" textAlign="center" gap="3">
            <Icon as={CircleAlert} boxSize="10" color="red.fg" aria-hidden="true" />
            <Text fontWeight="semibold" fontSize="lg">
              {LOAD_FAILURE_MESSAGE}
            </Text>
            <Text color="fg.muted" textStyle="sm">
              Please check your connection and try again.
            </Text>
            <Button size="lg" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </Stack>
        </Center>
      </Card.Body>
    </Card.Root>
  );
}

/** A failed milestone query shows "Unable to load milestone information" in place of the content, not the app's error page. */
class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Milestones failed to load", error);
  }

  override render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}
